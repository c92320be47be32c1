#!/usr/bin/env python
"""Reading and linting a TypeScript agent module next to a Python one of the same size.

Builds one module per language with the same agents (an ``LlmAgent`` with an instruction that
interpolates a constant, an ``outputKey`` and a tool writing state), at several sizes, and
times, in one process, side by side, best of ``--rounds`` interleaved rounds:

- ``lint_text`` on the Python module (``ast`` reads it);
- ``lint_text`` on the TypeScript module (tree-sitter reads it);

then prints the time per file and per agent, and the ratio TS / Python per size: reading is
linear when the time per agent stays flat as the file grows.

Run:  python benchmarks/typescript.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure, paired_ratio
from templating.lint.linter import lint_text
from templating.lint.settings import Settings
from templating.project.sources import SourceCache

PYTHON_HEAD = "from google.adk.agents import LlmAgent\nfrom google.adk.tools import ToolContext\n\n"
PYTHON_AGENT = """
TOPIC_{index} = "topic_{index}"


def save_{index}(value: str, tool_context: ToolContext) -> dict:
    tool_context.state["saved_{index}"] = value
    return {{"ok": True}}


agent_{index} = LlmAgent(
    name="agent_{index}",
    model="gemini-2.5-flash",
    instruction=f"You help with {{{{{{TOPIC_{index}}}}}}}. Keep it short. Reply as {{{{{{{{answer_{index}}}}}}}}}.",
    tools=[save_{index}],
    output_key="answer_{index}",
)
"""
TS_HEAD = "import { FunctionTool, LlmAgent } from '@google/adk';\n\n"
TS_AGENT = """
const TOPIC_{index} = 'topic_{index}';

const save_{index} = new FunctionTool({{
  name: 'save_{index}',
  description: 'Saves.',
  execute: async (input: {{ value: string }}, context?: any) => {{
    context?.state.set('saved_{index}', input.value);
    return {{ ok: true }};
  }},
}});

export const agent_{index} = new LlmAgent({{
  name: 'agent_{index}',
  model: 'gemini-2.5-flash',
  instruction: `You help with {{${{TOPIC_{index}}}}}. Keep it short. Reply as {{{{answer_{index}}}}}.`,
  tools: [save_{index}],
  outputKey: 'answer_{index}',
}});
"""


def modules(agents: int) -> tuple[str, str]:
    """The Python and the TypeScript module with ``agents`` agents."""
    python = PYTHON_HEAD + "".join(PYTHON_AGENT.format(index=i) for i in range(agents))
    typescript = TS_HEAD + "".join(TS_AGENT.format(index=i) for i in range(agents))
    return python, typescript


def _linting(text: str, name: str, settings: Settings):
    """A call linting ``text`` as the file ``name`` with a fresh cache, as a worker reads a file."""
    return lambda: lint_text(text, name, settings, cache=SourceCache(Path.cwd()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--target", type=float, default=0.3, help="seconds per engine per round")
    arguments = parser.parse_args()
    settings = Settings(root=Path.cwd())
    print("| agents | Python bytes | TS bytes | Python ms/file | TS ms/file | TS µs/agent | TS / Python |")
    print("|---|---|---|---|---|---|---|")
    for agents in (1, 10, 100, 400):
        python, typescript = modules(agents)
        engines = [
            ("python", _linting(python, "agent.py", settings), False),
            ("typescript", _linting(typescript, "agent.ts", settings), False),
        ]
        timings = measure(engines, arguments.rounds, arguments.target)
        python_ms, ts_ms = timings["python"].median * 1e3, timings["typescript"].median * 1e3
        ratio = paired_ratio(timings["typescript"], timings["python"])
        print(f"| {agents} | {len(python):,} | {len(typescript):,} | {python_ms:.2f} | {ts_ms:.2f} | "
              f"{ts_ms * 1e3 / agents:.0f} | {ratio:.2f} |")  # fmt: skip


if __name__ == "__main__":
    main()

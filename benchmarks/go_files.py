#!/usr/bin/env python
"""Per-file parse, read and lint time of an adk-go program next to the same program in Python.

Writes one agent pipeline twice, as adk-go (``llmagent.New(llmagent.Config{...})`` in a
``sequentialagent``) and as google-adk Python (``LlmAgent(...)`` in a ``SequentialAgent``),
``--agents`` agents each with one instruction, one output key and one read of the previous
key; then times, interleaved in one process, per file:

- parsing: tree-sitter-go against Python's ``ast.parse``;
- reading: the front door's instructions and facts (`templating.project.reading.read_text`);
- linting: `templating.lint.linter.lint_text`, the instruction and project rules.

Run:  python benchmarks/go_files.py [--agents 20] [--rounds 7]
"""

from __future__ import annotations

import argparse
import ast
import sys
import tempfile
from pathlib import Path

# Run as a script, the repository root must come first so that this checkout is measured.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure, paired_ratio
from templating.lint.linter import lint_text
from templating.lint.settings import Settings
from templating.project.reading import read_text
from templating.project.treesitter.parsing import parse

GO_HEADER = """package main

import (
\t"google.golang.org/adk/agent"
\t"google.golang.org/adk/agent/llmagent"
\t"google.golang.org/adk/agent/workflowagents/sequentialagent"
)

func build() {
"""
GO_AGENT = """\tagent{index}, _ := llmagent.New(llmagent.Config{{
\t\tName:        "agent{index}",
\t\tInstruction: "Step {index}: improve {{key{previous}}} for {{user:name}}. Keep the tone.",
\t\tOutputKey:   "key{index}",
\t}})
"""
PY_HEADER = "from google.adk.agents import LlmAgent, SequentialAgent\n\n"
PY_AGENT = """agent{index} = LlmAgent(
    name="agent{index}",
    instruction="Step {index}: improve {{key{previous}}} for {{user:name}}. Keep the tone.",
    output_key="key{index}",
)
"""


def programs(agents: int) -> tuple[str, str]:
    """The Go and the Python text of a pipeline of ``agents`` agents."""
    go = GO_HEADER + "".join(GO_AGENT.format(index=i, previous=i - 1) for i in range(1, agents + 1))
    names = ", ".join(f"agent{i}" for i in range(1, agents + 1))
    go += f'\tpipeline, _ := sequentialagent.New(sequentialagent.Config{{AgentConfig: agent.Config{{Name: "p", SubAgents: []agent.Agent{{{names}}}}}}})\n\t_ = pipeline\n}}\n'
    python = PY_HEADER + "".join(PY_AGENT.format(index=i, previous=i - 1) for i in range(1, agents + 1))
    python += f'pipeline = SequentialAgent(name="p", sub_agents=[{names}])\n'
    return go, python


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Time each step for both languages; print and return microseconds per file."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--target", type=float, default=0.2, help="seconds per engine per round")
    args = parser.parse_args(argv)
    go, python = programs(args.agents)
    settings = Settings()
    with tempfile.TemporaryDirectory() as temporary:
        go_path, python_path = Path(temporary) / "main.go", Path(temporary) / "agent.py"
        go_path.write_text(go, encoding="utf-8")
        python_path.write_text(python, encoding="utf-8")
        engines = [
            ("parse Go", lambda: parse("go", go), False),
            ("parse Python", lambda: ast.parse(python), False),
            ("read Go", lambda: read_text(go, go_path, "main.go"), False),
            ("read Python", lambda: read_text(python, python_path, "agent.py"), False),
            ("lint Go", lambda: lint_text(go, "main.go", settings, path=go_path), False),
            ("lint Python", lambda: lint_text(python, "agent.py", settings, path=python_path), False),
        ]
        timings = measure(engines, args.rounds, args.target)
    print(f"one file of {args.agents} agents: Go {len(go):,} characters, Python {len(python):,}")
    results = {}
    for step in ("parse", "read", "lint"):
        go_timing, python_timing = timings[f"{step} Go"], timings[f"{step} Python"]
        results[f"{step} Go"] = go_timing.median * 1e6
        results[f"{step} Python"] = python_timing.median * 1e6
        ratio = paired_ratio(go_timing, python_timing)
        print(
            f"  {step:6s} Go {go_timing.median * 1e6:9.1f} us   Python {python_timing.median * 1e6:9.1f} us   Go/Python {ratio:4.2f}x"
        )
    return results


if __name__ == "__main__":
    main()

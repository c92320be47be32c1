#!/usr/bin/env python
"""Throughput of ``templating lint`` next to ``ruff check`` on the same generated tree.

Writes 1,000 ADK agent files to a temporary directory (agents with inline instructions,
prompt modules holding instruction constants, and plain modules without any), then times
each linter over the whole tree in the same run and prints files per second.

Run:  python benchmarks/lint.py [--files N] [--rounds N]
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

AGENT = '''"""Agent {index}."""
from google.adk.agents import LlmAgent

from .prompts_{index} import STYLE_{index}

agent_{index} = LlmAgent(
    name="agent_{index}",
    model="gemini-2.0-flash",
    instruction=(
        "You are {{agent_name}}, helping {{user:name}} with order {{order_id}}. "
        "Keep answers short. Style: " + STYLE_{index} + " Notes: {{temp:notes?}}"
    ),
)
'''

PROMPTS = '''"""Prompt constants for agent {index}."""
STYLE_{index} = "Friendly and precise."
SUMMARY_PROMPT_{index} = """Summarise the conversation for {{user:name}}.
Reply as JSON: {{"summary": "...", "open_questions": []}}
Last tool result: {{temp:last_result}}"""
'''

PLAIN = '''"""Helpers {index}: no instructions here."""


def total_{index}(prices: list[float]) -> float:
    return round(sum(prices), 2)
'''


def write_tree(directory: Path, files: int) -> None:
    """Write ``files`` Python files: 40% agents, 30% prompt modules, 30% plain modules."""
    templates = [AGENT, AGENT, AGENT, AGENT, PROMPTS, PROMPTS, PROMPTS, PLAIN, PLAIN, PLAIN]
    for index in range(files):
        package = directory / f"package_{index // 100}"
        package.mkdir(exist_ok=True)
        kind = templates[index % len(templates)]
        name = {AGENT: "agent", PROMPTS: "prompts", PLAIN: "helpers"}[kind]
        (package / f"{name}_{index}.py").write_text(kind.format(index=index), encoding="utf-8")


def linters() -> dict[str, list[str] | None]:
    """The command of each linter, or ``None`` when it is not available."""
    has_lint = importlib.util.find_spec("templating.lint") is not None
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    return {
        "templating lint": [sys.executable, "-m", "templating", "lint"] if has_lint else None,
        "ruff check": [ruff, "check", "--no-cache", "--quiet", "--exit-zero"] if Path(ruff).exists() else None,
    }


def time_command(command: list[str], tree: Path, rounds: int) -> float:
    """The fastest of ``rounds`` runs of ``command`` over ``tree``, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run([*command, str(tree)], cwd=ROOT, capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> dict[str, float | None]:
    """Generate the tree, time each available linter, print and return files per second."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))  # so that templating.lint is looked up in this checkout
    results: dict[str, float | None] = {}
    with tempfile.TemporaryDirectory() as temporary:
        tree = Path(temporary)
        write_tree(tree, args.files)
        for name, command in linters().items():
            if command is None:
                print(f"  {name:16s} not available (not on this branch yet, or not installed)")
                results[name] = None
                continue
            seconds = time_command(command, tree, args.rounds)
            results[name] = args.files / seconds
            print(f"  {name:16s} {args.files / seconds:>10,.0f} files/s ({seconds:.2f} s for {args.files:,} files)")
    return results


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""`templating cache-report` and `templating request` against a lint of the same project.

Writes a project of ``--agents`` agents under one root (each reads a value a callback changes
every turn, and a session constant, beside 400 characters of policy; the app has a context
cache: what the issue measured at 50 and 300 agents), then times, interleaved in one process:

- lint: `templating.lint.linter.lint_paths` over the project;
- cache-report: the project model read and every agent's report (its system instruction as
  the request assembly builds it, the stable prefix, what breaks it), without the replay;
- request: the project model read and every agent's request assembled at a state.

It prints each one's time per run, its ratio to the lint in the same round, and how the time
grows from the first size to the last (a linear command grows as the agents do).

Run:  python benchmarks/cache_report.py [--agents 50 300] [--rounds 5]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

# Run as a script, the repository root must come first so that this checkout is measured.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import measure, paired_ratio
from templating.cli.cache_report import report_agent
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.request import request_for
from templating.project.reading import read_project

HEADER = """from google.adk.agents import LlmAgent
from google.adk.agents.context_cache_config import ContextCacheConfig
from google.adk.apps import App


def stamp(callback_context):
    callback_context.state["_time"] = "now"

"""
AGENT = (
    'agent{index} = LlmAgent(name="agent{index}", description="Handles case {index}.", '
    'instruction="Current time: {{_time}}. You are talking to {{user:name}}. Policy {index}: " + "x" * 400, '
    "before_agent_callback=stamp)\n"
)
STATE = {"_time": "noon", "user:name": "Ada"}


def program(agents: int) -> str:
    """A project of ``agents`` agents under one root, in an app with a context cache."""
    names = ", ".join(f"agent{index}" for index in range(agents))
    return (
        HEADER
        + "".join(AGENT.format(index=index) for index in range(agents))
        + f'root_agent = LlmAgent(name="root", instruction="Route.", sub_agents=[{names}])\n'
        + 'app = App(name="shop", root_agent=root_agent, context_cache_config=ContextCacheConfig())\n'
    )


def main(argv: list[str] | None = None) -> dict[int, dict[str, float]]:
    """Time the three commands at each size; print and return seconds per run."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--agents", type=int, nargs="+", default=[50, 300])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--target", type=float, default=0.5, help="seconds per command per round")
    args = parser.parse_args(argv)
    results: dict[int, dict[str, float]] = {}
    for agents in args.agents:
        with tempfile.TemporaryDirectory() as temporary:
            root = Path(temporary)
            (root / "agent.py").write_text(program(agents), encoding="utf-8")
            timings = measure(_engines(root), args.rounds, args.target)
        results[agents] = {label: timing.median for label, timing in timings.items()}
        print(f"{agents} agents:")
        for label in ("lint", "cache-report", "request"):
            ratio = paired_ratio(timings[label], timings["lint"])
            print(f"  {label:13s} {timings[label].median:7.3f} s   x lint {ratio:5.2f}")
    first, last = args.agents[0], args.agents[-1]
    if last != first:
        print(f"from {first} to {last} agents ({last / first:.1f}x):")
        for label in ("lint", "cache-report", "request"):
            print(f"  {label:13s} {results[last][label] / results[first][label]:5.2f}x the time")
    return results


def _engines(root: Path) -> list[tuple[str, Callable[[], object], bool]]:
    """The three commands over the project in ``root``, as the benchmark times them."""
    settings = Settings(root=root)

    def report() -> None:
        model = read_project([root], root=root)
        for agent in model.agents:
            if agent.kind == "llm":
                report_agent(model, agent, simulate=False)

    def requests() -> None:
        model = read_project([root], root=root)
        for agent in model.agents:
            if agent.kind == "llm":
                request_for(model, agent, STATE, {})

    return [("lint", lambda: lint_paths([root], settings), False), ("cache-report", report, False),
            ("request", requests, False)]  # fmt: skip


if __name__ == "__main__":
    main()

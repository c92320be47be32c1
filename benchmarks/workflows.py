#!/usr/bin/env python
"""Time and peak memory of `templating lint` on large graph workflows, at growing sizes.

The order of a workflow keeps facts per node (keys surely written, nodes surely run before,
routes on every path); near the 2,500-node bound they must stay small and their cost grow
with the workflow, not with its square. Each case is built at each size (the number of
steps: nodes, or readers, or routes) as a module of Event-writing node functions (or as
Agent Config YAML), and linted once in a child process (``lint --no-cache``), which reports
its own CPU time and peak resident memory. "x per 2x" is how much the CPU time above an
empty project's grows when the size doubles: about 2 for linear work, 4 for quadratic.

Run:  python benchmarks/workflows.py [--quick] [--sizes 600 1200 2400] [--cases NAME ...]
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

HEAD = "from google.adk import Agent, Event, Workflow\nfrom google.adk.workflow import START, JoinNode\n\n"
READER = 'reader = Agent(name="reader", model="m", instruction="{kf0} {klate}")\n'
LATE = "def late():\n    return Event(state={'klate': 1})\n\n"

# The child lints and then prints its CPU seconds and peak memory (kilobytes on Linux).
_CHILD = """
import atexit, resource, runpy, sys
def report():
    usage = resource.getrusage(resource.RUSAGE_SELF)
    print(f"@@ {usage.ru_utime + usage.ru_stime:.3f} {usage.ru_maxrss}", file=sys.stderr)
atexit.register(report)
sys.argv = ["templating", "lint", "--no-cache", *sys.argv[1:]]
runpy.run_module("templating", run_name="__main__", alter_sys=True)
"""


def _functions(prefix: str, count: int, route: str = "") -> str:
    routed = f", route='{route}'" if route else ""
    return "".join(
        f"def {prefix}{i}():\n    return Event(state={{'k{prefix}{i}': 1}}{routed})\n\n" for i in range(count)
    )


def _names(prefix: str, count: int) -> str:
    return ", ".join(f"{prefix}{i}" for i in range(count))


def _module(body: str, edges: str) -> dict[str, str]:
    return {"agent.py": HEAD + body + LATE + READER + f"root = Workflow(name='w', edges=[{edges}])\n"}


def chain(n: int) -> dict[str, str]:
    return _module(_functions("f", n), f"(START, {_names('f', n)}, reader, late)")


def fan_in(n: int) -> dict[str, str]:
    return _module(_functions("f", n) + _functions("a", 1), f"(START, a0, ({_names('f', n)}), reader, late)")


def diamonds(n: int) -> dict[str, str]:
    d = n // 3
    steps = ", ".join(f"f{i}, (b{i}, c{i})" for i in range(d))
    body = _functions("f", d + 1) + _functions("b", d) + _functions("c", d)
    return _module(body, f"(START, {steps}, f{d}, reader, late)")


def routed_loops(n: int) -> dict[str, str]:
    loops = ", ".join(f"(f{i}, {{'on': f{i + 1}, 'back': f{max(i - 1, 0)}}})" for i in range(n - 1))
    return _module(_functions("f", n, route="on"), f"(START, f0), {loops}, (f{n - 1}, reader, late)")


def late_readers(n: int) -> dict[str, str]:
    readers = "".join(f'r{i} = Agent(name="r{i}", model="m", instruction="{{kw0}}")\n' for i in range(n))
    return _module(_functions("w", 1, route="back") + readers, f"(START, {_names('r', n)}, w0), (w0, {{'back': r0}})")


def routes_into_join(n: int) -> dict[str, str]:
    half = n // 2
    chain_edges = ", ".join(f"(f{i}, {{'on': f{i + 1}}})" for i in range(half - 1))
    body = _functions("f", half, route="on") + _functions("g", half) + "both = JoinNode(name='both')\n"
    last = f"f{half - 1}"
    fan = f"({last}, ({_names('g', half)}), both, reader, late), ({last}, {{'skip': both}})"
    return _module(body, f"(START, f0), {chain_edges}, {fan}")


def _yaml(edges: Callable[[list[str]], str], steps: Callable[[int], str]) -> Callable[[int], dict[str, str]]:
    def build(n: int) -> dict[str, str]:
        reader = 'agent_class: LlmAgent\nname: reader\nmodel: m\ninstruction: "{kf0} {klate}"\n'
        return {
            "app/__init__.py": "",
            "app/steps.py": "from google.adk import Event\n\n" + steps(n) + LATE,
            "app/reader.yaml": reader,
            "app/root.yaml": "agent_class: Workflow\nname: w\nedges:\n" + edges([f"app.steps.f{i}" for i in range(n)]),
        }

    return build


def _yaml_loops(names: list[str]) -> str:
    loops = "".join(
        f"  - [{a}, {{on: {b}, back: {names[max(i - 1, 0)]}}}]\n" for i, (a, b) in enumerate(itertools.pairwise(names))
    )
    return f"  - [START, {names[0]}]\n{loops}  - [{names[-1]}, reader.yaml, app.steps.late]\n"


def _orchestrator(n: int, call: str) -> dict[str, str]:
    """One function node running ``n`` children with ``ctx.run_node``, writing a key before each."""
    calls = "".join(f"    ctx.state['k{i}'] = {i}\n    await {call}\n" for i in range(n))
    body = (
        "import asyncio\n\n" + READER.replace("reader", "helper") + LATE
        + f"async def orchestrate(ctx):\n{calls}    ctx.state['klate'] = 1\n\n"
    )  # fmt: skip
    return {"agent.py": HEAD + body + READER + "root = Workflow(name='w', edges=[(START, orchestrate, reader)])\n"}


CASES: dict[str, Callable[[int], dict[str, str]]] = {
    "chain": chain,
    "fan-out into a fan-in": fan_in,
    "chain of diamonds": diamonds,
    "routed loops": routed_loops,
    "late readers in a loop": late_readers,
    "routes into a join": routes_into_join,
    "YAML chain": _yaml(lambda names: f"  - [START, {', '.join(names)}, reader.yaml, app.steps.late]\n",
                        lambda n: _functions("f", n)),
    "YAML fan-out into a fan-in": _yaml(
        lambda names: f"  - [START, app.steps.a0, [{', '.join(names)}], reader.yaml, app.steps.late]\n",
        lambda n: _functions("f", n) + _functions("a", 1),
    ),
    "YAML routed loops": _yaml(_yaml_loops, lambda n: _functions("f", n, route="on")),
    "ctx.run_node steps": lambda n: _orchestrator(n, "ctx.run_node(helper)"),
    "gathered ctx.run_node steps": lambda n: _orchestrator(n, "asyncio.gather(ctx.run_node(helper), ctx.run_node(late))"),
}  # fmt: skip


def lint_once(files: dict[str, str]) -> tuple[float, int]:
    """CPU seconds and peak memory in MB of one ``lint --no-cache`` of a project of ``files``."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
        for name, text in files.items():
            (root / name).parent.mkdir(parents=True, exist_ok=True)
            (root / name).write_text(text, encoding="utf-8")
        target = "app" if (root / "app").is_dir() else "agent.py"
        environment = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
        done = subprocess.run([sys.executable, "-c", _CHILD, target], cwd=root, env=environment,
                              capture_output=True, text=True, check=False)  # fmt: skip
        if done.returncode not in (0, 1):
            raise SystemExit(f"lint failed on {target}:\n{done.stderr[-2000:]}")
        seconds, kilobytes = done.stderr.rsplit("@@ ", 1)[1].split()
        return float(seconds), int(kilobytes) // 1024


def main(argv: list[str] | None = None) -> dict[str, list[tuple[int, float, int]]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check that it runs")
    parser.add_argument("--sizes", type=int, nargs="+", default=[600, 1200, 2400])
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES))
    options = parser.parse_args(argv)
    return growth_table({name: CASES[name] for name in options.cases}, [20, 40] if options.quick else options.sizes)


def growth_table(
    cases: dict[str, Callable[[int], dict[str, str]]], sizes: list[int]
) -> dict[str, list[tuple[int, float, int]]]:
    """Lint each case at each size, print its CPU time and memory and how the time grows."""
    floor, _ = lint_once({"agent.py": "x = 1\n"})
    print(f"CPU seconds and peak memory of `templating lint --no-cache` (an empty project: {floor:.2f} s)")
    print(f"{'case':<28}" + "".join(f"{size:>16,}" for size in sizes) + f"{'x per 2x':>10}")
    results = {}
    for name, build in cases.items():
        runs = [(size, *lint_once(build(size))) for size in sizes]
        results[name] = runs
        (small, first, _), (large, last, _) = runs[0], runs[-1]
        doublings = max(math.log2(large / small), 1)
        growth = (max(last - floor, 0.01) / max(first - floor, 0.01)) ** (1 / doublings)
        cells = "".join(f"{f'{seconds:.2f} s {megabytes} MB':>16}" for _, seconds, megabytes in runs)
        print(f"{name:<28}{cells}{growth:>9.1f}x")
    return results


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Start-up: what a pre-commit hook or an editor pays each time it starts ``templating``.

Times, as whole processes, interleaved round by round (so a shared machine's drift hits all
alike), the CPU time (user + system, of the process and its children) of:

- ``python -c pass`` (the interpreter alone, the floor);
- ``python -m templating --version``;
- ``python -m templating lint welcome.prompt`` in a small configured project (a
  ``pyproject.toml`` with ``[tool.templating]``, a ``.gitignore``, one agent module and the
  prompt file), as pre-commit runs it on one changed file: with ``--no-cache``, and with the
  cache (filled by the warm-up run, as after a first commit).

CPU time, not wall time: on a busy machine wall time measures the neighbours. Each row gives
the median and its ratio to the interpreter alone. ``--against DIR`` times the same commands
with another checkout's ``templating`` (say, ``git worktree add /tmp/before main``) in the same
rounds, for a before/after ratio measured side by side.

Run:  python benchmarks/startup.py [--rounds 20] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

AGENT = 'from google.adk.agents import LlmAgent\n\nroot_agent = LlmAgent(name="helper", instruction="Help {user:name}.", output_key="city")\n'


def write_project(folder: Path) -> None:
    """The small project the lint row runs in."""
    (folder / "prompts").mkdir()
    (folder / "pyproject.toml").write_text(
        '[project]\nname = "demo"\n\n[tool.templating]\ninclude = ["prompts/*.prompt"]\n'
    )
    (folder / ".gitignore").write_text(".venv/\n__pycache__/\n")
    (folder / "agent.py").write_text(AGENT)
    (folder / "prompts" / "welcome.prompt").write_text("You help {user:name} plan a trip to {city}.\n")


def commands(source: Path, label: str = "") -> dict[str, tuple[list[str], str]]:
    """Each timed command, with the checkout whose ``templating`` it imports."""
    python = sys.executable
    return {
        "python -c pass": ([python, "-c", "pass"], str(source)),
        f"templating --version{label}": ([python, "-m", "templating", "--version"], str(source)),
        f"templating lint one file{label}": (
            [python, "-m", "templating", "lint", "--no-cache", "prompts/welcome.prompt"],
            str(source),
        ),
        f"templating lint one file, cache{label}": (
            [python, "-m", "templating", "lint", "prompts/welcome.prompt"],
            str(source),
        ),
    }


def cpu_seconds(command: list[str], folder: Path, environment: dict[str, str]) -> float:
    """The CPU time one run of ``command`` takes, its children included."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(command, cwd=folder, env=environment, capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Time each command; print and return the median CPU seconds per command."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--against", type=Path, help="another checkout to time side by side")
    args = parser.parse_args(argv)
    timed = commands(Path(__file__).resolve().parent.parent)
    if args.against is not None:
        timed |= commands(args.against.resolve(), f" ({args.against})")
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        write_project(folder)
        samples: dict[str, list[float]] = {name: [] for name in timed}
        for command, source in timed.values():  # one warm-up each: the file cache, written bytecode
            cpu_seconds(command, folder, {**os.environ, "PYTHONPATH": source})
        for _ in range(args.rounds):
            for name, (command, source) in timed.items():
                samples[name].append(cpu_seconds(command, folder, {**os.environ, "PYTHONPATH": source}))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    floor = medians["python -c pass"] or 1e-9
    width = max(len(name) for name in medians)
    print(f"{'command':{width}} {'median CPU':>11} {'x python':>9}   ({args.rounds} rounds)")
    for name, seconds in medians.items():
        print(f"{name:{width}} {seconds * 1000:8.1f} ms {seconds / floor:8.1f}x")
    return medians


if __name__ == "__main__":
    main()

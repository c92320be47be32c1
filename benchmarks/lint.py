#!/usr/bin/env python
"""``templating lint``, cold and warm, next to ``ruff check --no-cache`` on the same tree.

Writes a tree of Python files to a temporary folder: 30% ADK agent modules (an agent with an
inline instruction, one finding each) and 70% plain modules (dataclasses and functions whose
docstring says "no instructions here", so that a filter on the bare word would not do), 100
files per package. Then times, in one run, side by side, best of ``--rounds``:

- ``templating lint --no-cache --jobs 1`` (cold, one process);
- ``templating lint --no-cache`` (cold, workers as the CPU count allows);
- ``templating lint`` with the cache already filled (warm);
- ``ruff check --no-cache``;
- ``templating lint FILE`` on one agent module, as pre-commit names a changed file: the rest of
  the project is read too (to know what is an instruction and who writes what), cold and warm.

Run:  python benchmarks/lint.py [--files 10000] [--rounds 3]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from templating.lint.cache import RACY_SECONDS

AGENT = '''"""Agent {index}."""
from google.adk.agents import LlmAgent

STYLE_{index} = "Friendly and precise."

agent_{index} = LlmAgent(
    name="agent_{index}",
    model="gemini-2.0-flash",
    instruction=(
        "You are agent {index}, helping {{user:name}} with order {{order_id}}. "
        "Keep answers short. Reply as {{{{answer_{index}}}}}. Notes: {{temp:notes?}}"
    ),
)
'''

PLAIN = '''"""Helpers {index}: no instructions here."""
from dataclasses import dataclass


@dataclass
class Order{index}:
    identifier: str
    prices: list[float]

    def total(self) -> float:
        return round(sum(self.prices), 2)


def total_{index}(prices: list[float]) -> float:
    """Sum prices, rounded to cents."""
    result = 0.0
    for price in prices:
        if price < 0:
            raise ValueError(f"negative price {{price}}")
        result += price
    return round(result, 2)
'''


#: The file a named-file run names: an agent module, as a commit changing one would.
NAMED = "package_0/agent_0.py"


def write_tree(directory: Path, files: int) -> None:
    """Write ``files`` Python files: 3 agent modules in every 10, the rest plain modules, and an
    empty ``pyproject.toml``: the tree is one project, as a repository is."""
    (directory / "pyproject.toml").write_text("", encoding="utf-8")
    for index in range(files):
        package = directory / f"package_{index // 100}"
        package.mkdir(exist_ok=True)
        agent = index % 10 < 3
        name = f"agent_{index}.py" if agent else f"helpers_{index}.py"
        (package / name).write_text((AGENT if agent else PLAIN).format(index=index), encoding="utf-8")


def commands() -> dict[str, list[str] | None]:
    """Each measured command (``None`` when ruff is not installed), run in the tree."""
    lint = [sys.executable, "-m", "templating", "lint", ".", "--quiet", "--exit-zero", "--isolated"]
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    return {
        "templating lint, cold, --jobs 1": [*lint, "--no-cache", "--jobs", "1"],
        "templating lint, cold": [*lint, "--no-cache"],
        "templating lint, warm": lint,
        "ruff check --no-cache": [ruff, "check", ".", "--no-cache", "--quiet", "--exit-zero", "--isolated"]
        if Path(ruff).exists()
        else None,
        "templating lint FILE, cold": [*lint[:4], NAMED, *lint[5:], "--no-cache"],
        "templating lint FILE, warm": [*lint[:4], NAMED, *lint[5:]],
    }


def time_command(command: list[str], tree: Path, rounds: int) -> float:
    """The fastest of ``rounds`` runs of ``command`` in ``tree``, in seconds."""
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        subprocess.run(command, cwd=tree, capture_output=True, check=False)
        best = min(best, time.perf_counter() - start)
    return best


def main(argv: list[str] | None = None) -> dict[str, float | None]:
    """Generate the tree, time each command, print and return seconds per command."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args(argv)
    results: dict[str, float | None] = {}
    with tempfile.TemporaryDirectory() as temporary:
        tree = Path(temporary)
        write_tree(tree, args.files)
        time.sleep(RACY_SECONDS + 0.5)  # files this fresh are linted but never cached
        for name, command in commands().items():
            if command is None:
                results[name] = None
                continue
            if name.endswith("warm"):
                subprocess.run(command, cwd=tree, capture_output=True, check=False)  # fills the cache
            results[name] = time_command(command, tree, args.rounds)
    _print(results, args.files)
    return results


def _print(results: dict[str, float | None], files: int) -> None:
    ruff = results.get("ruff check --no-cache")
    print(f"{files:,} files, best of each command's rounds:")
    for name, seconds in results.items():
        if seconds is None:
            print(f"  {name:32s} not available (not installed)")
            continue
        ratio = f"{seconds / ruff:5.1f}x ruff" if ruff else ""
        print(f"  {name:32s} {seconds:6.2f} s {files / seconds:>10,.0f} files/s  {ratio}")


if __name__ == "__main__":
    main()

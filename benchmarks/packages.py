#!/usr/bin/env python
"""Time and peak memory of `templating lint` on one large package or folder, at growing sizes.

A front end that looks names up in the other files of a package (Go's package-level constants,
Kotlin's ``const val`` of the folder, Python's sibling modules) must list the folder once per
run, not once per file: listed and sorted for each of its files, 8,000 Go files took 77 s of
CPU. Each case is a folder of ``n`` files, each naming a constant another file defines, linted
once in a child process (``lint --no-cache``, see `benchmarks.workflows.lint_once`); "x per 2x"
is how much the CPU time above an empty project's grows when the size doubles: about 2 for
linear work, 4 for quadratic.

Run:  python benchmarks/packages.py [--quick] [--sizes 2000 4000 8000] [--cases NAME ...]
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

# Run as a script, the repository root must come first so that this checkout is measured.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.workflows import growth_table


def go_package(n: int) -> dict[str, str]:
    files = {"app/prompts.go": 'package main\n\nconst Shared = "Be kind to {user}."\n'}
    for index in range(n):
        files[f"app/agent{index:05}.go"] = (
            'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\n'
            f'func make{index}() {{\n\tllmagent.New(llmagent.Config{{Name: "a{index}", Instruction: Shared}})\n}}\n'
        )
    return files


def kotlin_folder(n: int) -> dict[str, str]:
    files = {"app/Prompts.kt": 'const val SHARED = "Be kind to {user}."\n'}
    for index in range(n):
        files[f"app/Agent{index:05}.kt"] = (
            "import com.google.adk.agents.LlmAgent\n"
            f'val agent{index} = LlmAgent.builder().name("a{index}").instruction(SHARED).build()\n'
        )
    return files


CASES: dict[str, Callable[[int], dict[str, str]]] = {"Go package": go_package, "Kotlin folder": kotlin_folder}


def main(argv: list[str] | None = None) -> dict[str, list[tuple[int, float, int]]]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="tiny sizes: check that it runs")
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 4000, 8000])
    parser.add_argument("--cases", nargs="+", choices=list(CASES), default=list(CASES))
    options = parser.parse_args(argv)
    return growth_table({name: CASES[name] for name in options.cases}, [20, 40] if options.quick else options.sizes)


if __name__ == "__main__":
    main()

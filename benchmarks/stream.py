#!/usr/bin/env python
"""Peak memory and CPU time of a streamed render against a whole one, each in a fresh process.

For each case a child process reads or builds the template, compiles it, renders it and writes
the output to a file, once with ``CompiledTemplate.render`` / ``render_async`` (the output as
one string) and once with ``stream`` / ``stream_async`` (piece by piece); each child reports
its peak resident memory and CPU time, and the table gives both and their ratio (stream over
whole). The baseline row only reads the 30 MB prompt: reading a file into a ``str`` holds its
bytes and its text at once, a floor no render can go under.

Cases: a 30 MB prompt with a million placeholders (rendered, and failing at its first), a
30 MB prompt without any, a 2 MB value placed 100 times (200 MB of output from 600 bytes of
template), and a 200 MB artifact placed twice.

Run:  python benchmarks/stream.py [--quick]
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The child: build the case, render it the chosen way into a file, print peak memory and CPU.
_CHILD = """
import asyncio, json, resource, sys
from templating import ReadonlyContext, compile_template
folder, case, way, scale = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
artifacts, state = None, {"name": "Ada"}
if case in ("prompt", "missing", "read only"):
    text = open(f"{folder}/prompt.txt", encoding="utf-8").read()
    state = {} if case == "missing" else state
elif case == "plain":
    text = open(f"{folder}/plain.txt", encoding="utf-8").read()
elif case == "value":
    text, state = "{big}\\n" * 100, {"big": "x" * (2_000_000 // scale)}
else:
    text, artifacts = "{artifact.report}\\n{artifact.report}\\n", {"report": "r" * (200_000_000 // scale)}
context = ReadonlyContext(state, artifacts=artifacts)
with open(f"{folder}/out.txt", "w", encoding="utf-8") as out:
    try:
        if case == "read only":
            pass
        elif way == "whole" and artifacts is None:
            out.write(compile_template(text).render(state))
        elif way == "whole":
            out.write(asyncio.run(compile_template(text).render_async(context)))
        elif artifacts is None:
            for piece in compile_template(text).stream(state):
                out.write(piece)
        else:
            async def write():
                async for piece in compile_template(text).stream_async(context):
                    out.write(piece)
            asyncio.run(write())
    except KeyError:
        pass
usage = resource.getrusage(resource.RUSAGE_SELF)
print(json.dumps([usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime]))
"""

CASES = [
    ("read only", "reading the 30 MB prompt, no render"),
    ("prompt", "30 MB prompt, 1,000,000 placeholders"),
    ("missing", "the same, its first key missing"),
    ("plain", "30 MB prompt, no placeholder"),
    ("value", "a 2 MB value placed 100 times"),
    ("artifact", "a 200 MB artifact placed twice"),
]


# Written by a child too: a child's peak memory starts from its parent's at the fork (Linux
# keeps it across exec), so the parent never holds a large text.
_PROMPTS = """
import sys
folder, characters = sys.argv[1], int(sys.argv[2])
line = "You are a helpful agent. Use {name} wisely. {user:city?}\\n"
open(f"{folder}/prompt.txt", "w", encoding="utf-8").write(line * (characters // len(line)))
plain = "You are a helpful agent. No braces here at all.\\n"
open(f"{folder}/plain.txt", "w", encoding="utf-8").write(plain * (characters // len(plain)))
"""


def _write_prompts(folder: Path, scale: int) -> None:
    subprocess.run([sys.executable, "-c", _PROMPTS, str(folder), str(30_000_000 // scale)], check=True)


def _run(folder: Path, case: str, way: str, scale: int) -> tuple[float, float]:
    """Peak megabytes and CPU seconds of one child."""
    completed = subprocess.run(
        [sys.executable, "-c", _CHILD, str(folder), case, way, str(scale)],
        capture_output=True, text=True, check=True, cwd=ROOT,
    )  # fmt: skip
    megabytes, seconds = json.loads(completed.stdout.splitlines()[-1])
    return megabytes, seconds


def main(argv: list[str] | None = None) -> None:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="inputs a tenth of the size (a smoke run)")
    scale = 10 if parser.parse_args(argv).quick else 1
    print(f"python {platform.python_version()}, {platform.platform()}; inputs at 1/{scale} size")
    print(f"{'case':40s} {'whole':>16s} {'stream':>16s} {'memory':>8s} {'CPU':>6s}")
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        _write_prompts(folder, scale)
        for case, label in CASES:
            whole_megabytes, whole_seconds = _run(folder, case, "whole", scale)
            if case == "read only":
                print(f"{label:40s} {whole_megabytes:>6.0f} MB {whole_seconds:>5.2f} s")
                continue
            megabytes, seconds = _run(folder, case, "stream", scale)
            print(
                f"{label:40s} {whole_megabytes:>6.0f} MB {whole_seconds:>5.2f} s {megabytes:>6.0f} MB "
                f"{seconds:>5.2f} s {megabytes / whole_megabytes:>7.2f}x {seconds / whole_seconds:>5.2f}x"
            )


if __name__ == "__main__":
    main()

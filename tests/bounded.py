"""Run ``templating`` in a child process with a time and a memory bound (the hostile-input
suite's harness): an input that makes the linter quadratic, exhausts memory or hangs fails
its test at the bound instead of taking the machine down with it."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The default bounds: far above what a linear run of the inputs needs, far below the
#: minutes and gigabytes of a quadratic one. Python itself needs about 100 MB of address space.
SECONDS = 30
MEGABYTES = 1000


_BOUNDED_MAIN = """
import resource, runpy, sys
limit = int(sys.argv.pop(1))
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
sys.argv[0] = "templating"
runpy.run_module("templating", run_name="__main__", alter_sys=True)
"""


@dataclass(frozen=True)
class Outcome:
    """What a bounded run printed and returned."""

    returncode: int
    stdout: str
    stderr: str


def run_templating(
    args: list[str], cwd: Path, *, seconds: float = SECONDS, megabytes: int = MEGABYTES,
    stdin: str | None = None, env: dict[str, str] | None = None,
) -> Outcome:  # fmt: skip
    """``python -m templating ARGS`` in ``cwd``, killed past ``seconds`` (the test fails) and
    refused memory past ``megabytes`` of address space (a ``MemoryError``, the test fails)."""
    environment = {
        **os.environ, "PYTHONPATH": str(ROOT), "XDG_CACHE_HOME": str(cwd / ".user-cache"),
        "NO_COLOR": "1", "TEMPLATING_OUTPUT_FORMAT": "concise", **(env or {}),
    }  # fmt: skip
    if "TEMPLATING_NO_CACHE" not in (env or {}):
        # tests/conftest.py turns the cache off for runs in the repository; these run in
        # temporary folders, and some test the cache itself.
        environment.pop("TEMPLATING_NO_CACHE", None)
    # The limit is set by the child itself before it loads templating (no `preexec_fn`, which
    # forks from a process that may run threads).
    command = [sys.executable, "-c", _BOUNDED_MAIN, str(megabytes * 1024 * 1024), *args]
    completed = subprocess.run(
        command, check=False, cwd=cwd, env=environment, input=stdin,
        capture_output=True, text=True, errors="surrogateescape", timeout=seconds,
    )  # fmt: skip
    return Outcome(completed.returncode, completed.stdout, completed.stderr)


_BOUNDED_CODE = """
import resource, sys
limit = int(sys.argv.pop(1))
resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
exec(compile(sys.argv.pop(1), "<bounded>", "exec"))
"""


def run_python(code: str, cwd: Path, *, seconds: float = SECONDS, megabytes: int = MEGABYTES) -> Outcome:
    """Python ``code`` (the library used as a program uses it) in a child in ``cwd``, bounded
    as `run_templating` bounds the command line."""
    command = [sys.executable, "-c", _BOUNDED_CODE, str(megabytes * 1024 * 1024), code]
    completed = subprocess.run(
        command, check=False, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True, text=True, timeout=seconds,
    )  # fmt: skip
    return Outcome(completed.returncode, completed.stdout, completed.stderr)

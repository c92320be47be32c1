"""Test support: run TypeScript fixture programs under the real adk-js and ADK-TS.

A fixture (``tests/data/ts_flow/<name>/``) is a small program laid out as users lay them out
(several modules under ``src/``); ``src/main.ts`` exports ``rootAgent`` and may export
``start(sessionService, appName, userId)``, which seeds the session its own way. The program is
copied to a temporary folder beside the port's ``node_modules`` and run by ``tsx`` with
``ts_flow_oracle.mts``: a scripted model calls each tool once then answers, and the placeholders
that fail come back as ``(agent, key)`` pairs (see the harness for how every failure of every
route is found). `.ci/run` installs tsx (``npm install --prefix .tsx tsx@4.23.15``) beside the
ports.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HARNESS = Path(__file__).resolve().parent / "ts_flow_oracle.mts"
FIXTURES = Path(__file__).resolve().parent / "data" / "ts_flow"
#: Each port's install folder and the package in it that must be there.
PORTS = {"adk-js": (".adk-js", "@google/adk"), "adk-ts": (".adk-ts", "@iqai/adk")}


def find_tsx() -> Path | None:
    """The installed ``tsx`` command, or ``None`` when node or tsx is missing."""
    if shutil.which("node") is None:
        return None
    command = Path(os.environ.get("TEMPLATING_TSX", ROOT / ".tsx")) / "node_modules" / ".bin" / "tsx"
    return command if command.is_file() else None


def find_port(port: str) -> Path | None:
    """The ``node_modules`` folder holding ``port``'s package, or ``None``."""
    folder, package = PORTS[port]
    modules = ROOT / folder / "node_modules"
    return modules if (modules / package / "package.json").is_file() else None


def run_fixture(
    tsx: Path, port: str, name: str, entry: str = "src/main.ts", root: str = "rootAgent"
) -> set[tuple[str, str]]:
    """The ``(agent, key)`` placeholders that fail when fixture ``name`` runs under ``port``,
    started from module ``entry``'s export ``root``."""
    return run_fixture_runs(tsx, port, name, entry, root)[0]


def run_fixture_runs(
    tsx: Path, port: str, name: str, entry: str = "src/main.ts", root: str = "rootAgent"
) -> tuple[set[tuple[str, str]], set[str], list[set[str]]]:
    """What fixture ``name`` does under ``port``, started from module ``entry``'s export
    ``root`` (with the module's ``start``, if it has one): the placeholders that fail, the agents
    that answered more than once in one run, and for each route plan the agents that answered."""
    modules = find_port(port)
    assert modules is not None, port
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        shutil.copytree(FIXTURES / name, work, dirs_exist_ok=True)
        shutil.copy(HARNESS, work / HARNESS.name)
        (work / "node_modules").symlink_to(modules)
        done = subprocess.run(
            [str(tsx), HARNESS.name, port, entry, root],
            cwd=work, capture_output=True, text=True, timeout=300, check=False,
        )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    *_, runs, failures = done.stdout.strip().splitlines()
    counted = json.loads(runs)
    failed = {(agent, key) for agent, key in json.loads(failures)}
    return failed, set(counted["repeated"]), [set(plan) for plan in counted["ran"]]

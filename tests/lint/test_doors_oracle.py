"""Proof by running (issue 36): projects laid out as users lay them out (several agents, each
root in its own module, tools and callbacks in their own modules, a ``main`` whose runner
starts one root with a seeded session) run under the real runtime, and every door reports
exactly the placeholders that failed there, at those reads, and no other TPL014/TPL015.

Each start is run as it starts: the runner's root with the runner's seeds, and every other
root as ``adk web`` / adk-js devtools start it, from an empty session. google-adk 2.13.0 runs
the Python project (`tests/workflow_oracle.py` records each failed read); adk-js 2.0.0 and
ADK-TS 0.5.9 run the TypeScript ones (`tests/ts_flow_oracle.py`). The doors: a whole-project
run from the root, each agent file named from its own folder, the language server's
``Workspace`` on the folder, and the default pre-commit hook on a change to the tools module.
None of the projects has a ``[tool.templating]`` table: the root is found from the project's
own ``pyproject.toml`` or ``package.json``.
"""

from __future__ import annotations

import asyncio
import importlib
import os
import re
import shutil
import subprocess
import sys
import types
import warnings
from pathlib import Path

import pytest
import yaml

from templating.cli import main
from tests.project.typescript.test_typescript_oracle import _AGENT_KEY, _required
from tests.ts_flow_oracle import FIXTURES as TS_FIXTURES
from tests.ts_flow_oracle import find_port, find_tsx, run_fixture
from tests.workflow_oracle import FIXTURES as WORKFLOW_FIXTURES
from tests.workflow_oracle import Recorder, _run_once

PYTHON_FIXTURE = Path(__file__).resolve().parents[1] / "data" / "doors_oracle" / "python"
_CODES = {"TPL014", "TPL015"}
#: The Python project's top-level modules, dropped from ``sys.modules`` around each import.
_PY_MODULES = ("main", "help_desk", "billing_desk", "desk_common")

#: What the runtimes showed, per start (kept here so that a reader sees the proof's content;
#: the tests run the programs and compare with these as well as with every door).
PYTHON_FAILS = {
    "runner main.py -> help_desk": {("resolver", "manager")},
    "adk web billing_desk": {("clerk", "customer")},
}
TS_STARTS = {  # (module, export) of each start; main.ts's runner seeds `customer`
    "runner": ("src/main.ts", "helpDesk"),
    "devtools billing": ("src/agents/billing.ts", "billingDesk"),
    "devtools refunds": ("src/agents/refunds.ts", "refunds"),
}
TS_FAILS = {
    "adk_js_desk": {
        # adk-js's `context.state['ticket'] = ...` in a tool sets a field of the State object:
        # the write is dropped, and the later read fails.
        "runner": {("resolver", "ticket"), ("resolver", "manager")},
        "devtools billing": {("clerk", "customer")},
        "devtools refunds": {("refunds", "invoice"), ("refunds", "customer"), ("refunds", "plan")},
    },
    "adk_ts_desk": {
        "runner": {("resolver", "manager")},
        "devtools billing": {("clerk", "customer")},
        "devtools refunds": {("refunds", "invoice"), ("refunds", "customer"), ("refunds", "plan")},
    },
}
#: The files that hold instructions (each named alone, each opened in the server).
AGENT_FILES = {
    "python": ["help_desk/agent.py", "billing_desk/agent.py"],
    "ts": ["src/agents/helpDesk.ts", "src/agents/billing.ts", "src/agents/refunds.ts"],
}


def _script(agent) -> None:
    """Give every LLM agent of the tree the scripted model (each tool once, then ``ok``)."""
    from scenario import ScriptedLlm  # the workflow fixtures' model, importable from their folder

    if hasattr(agent, "instruction"):
        agent.model = ScriptedLlm()
    for child in agent.sub_agents:
        _script(child)


def _drop_project_modules() -> None:
    for name in [name for name in sys.modules if name.split(".")[0] in _PY_MODULES]:
        del sys.modules[name]


def _python_failures(project: Path, monkeypatch) -> dict[str, set[tuple[str, str]]]:
    """Run the Python project's two starts under google-adk and record the failed reads."""
    monkeypatch.syspath_prepend(str(WORKFLOW_FIXTURES))
    monkeypatch.syspath_prepend(str(project))
    _drop_project_modules()
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # google-adk 2.x warns that SequentialAgent is deprecated
            main = importlib.import_module("main")
            billing = importlib.import_module("billing_desk.agent")
            _script(main.root_agent)
            _script(billing.root_agent)
            found = {}
            recorder = Recorder()
            with recorder.installed():
                asyncio.run(main.main())  # the user's own start: its runner, its seeded session
            found["runner main.py -> help_desk"] = recorder.failures
            recorder = Recorder()
            with recorder.installed():  # as `adk web` starts a folder's root_agent: an empty session
                asyncio.run(_run_once(types.SimpleNamespace(root=billing.root_agent)))
            found["adk web billing_desk"] = recorder.failures
        return found
    finally:
        _drop_project_modules()


_CONCISE = re.compile(r"^(?P<path>\S+?):(?P<line>\d+):(?P<column>\d+): (?P<code>TPL\d+) (?P<message>.*)$")


def _row(path: str, line: int, column: int, code: str, message: str) -> tuple:
    """A finding as the doors must agree on it: where, which rule, and the ``(agent, key)`` its
    message names (the rest of a message names other files relative to where it was run)."""
    match = _AGENT_KEY[code].match(message)
    assert match is not None, message
    return (path, line, column, code, match["agent"], match["key"])


def _cli(paths: list[str], capsys, prefix: str = "") -> list[tuple]:
    """``templating lint PATHS`` run from the current folder, as a user types it."""
    capsys.readouterr()
    main(["lint", "--output-format", "concise", *paths])
    found = [_CONCISE.match(line) for line in capsys.readouterr().out.splitlines()]
    return sorted(
        _row(prefix + m["path"], int(m["line"]), int(m["column"]), m["code"], m["message"])
        for m in found if m is not None and m["code"] in _CODES
    )  # fmt: skip


def _whole(project: Path, monkeypatch, capsys) -> list[tuple]:
    monkeypatch.chdir(project)
    return _cli(["."], capsys)


def _read_pairs(project: Path, rows: list[tuple]) -> set[tuple[str, str]]:
    """The ``(agent, key)`` of each finding, checked to sit at the read of ``key``."""
    for path, line, column, _, _, key in rows:
        text = (project / path).read_text(encoding="utf-8").splitlines()[line - 1]
        assert text[column - 1 :].startswith(key) and text[column - 2] == "{", (path, line, column)
    return {(agent, key) for *_, agent, key in rows}


def _named_from_own_folder(project: Path, files: list[str], monkeypatch, capsys) -> list[tuple]:
    found = []
    for file in files:
        folder, name = os.path.split(file)
        monkeypatch.chdir(project / folder)
        found += _cli([name], capsys, prefix=f"{folder}/")
    monkeypatch.chdir(project)
    return sorted(found)


def _server(project: Path, files: list[str]) -> list[tuple]:
    from templating.server.workspace import Workspace

    workspace = Workspace()
    found = []
    for file in files:
        path = project / file
        findings = workspace.findings(path, path.read_text(encoding="utf-8"))
        found += [_row(file, f.line, f.column, f.code, f.message) for f in findings if f.code in _CODES]
    return sorted(found)


def _pre_commit(project: Path, changed: str) -> list[tuple[str, int, int, str]]:
    """The default hook (``templating-lint``, the whole project) on a commit touching ``changed``."""
    root = Path(__file__).resolve().parents[2]
    (hook,) = [hook for hook in yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text())
               if hook["id"] == "templating-lint"]  # fmt: skip
    keys = ("id", "name", "entry", "files", "pass_filenames")
    local = {key: hook[key] for key in keys if key in hook} | {"language": "system"}
    (project / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}))
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=project, check=True, capture_output=True)
    environment = {**os.environ, "PRE_COMMIT_HOME": str(project.parent / "pre-commit-home"),
                   "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}  # fmt: skip
    done = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--files", changed, "--color", "never"],
        cwd=project, env=environment, capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout[-2000:]
    found = re.findall(r"^(\S+?):(\d+):(\d+): (TPL\d+)", done.stdout, re.MULTILINE)
    return sorted((path, int(line), int(column), code) for path, line, column, code in found if code in _CODES)


#: Each project: its fixture folder, the runtime that runs it, its agent files, the file a commit changes.
PROJECTS = {
    "google-adk": (PYTHON_FIXTURE, "python", AGENT_FILES["python"], "desk_common/tools.py"),
    "adk-js": (TS_FIXTURES / "adk_js_desk", "adk-js", AGENT_FILES["ts"], "src/tools.ts"),
    "adk-ts": (TS_FIXTURES / "adk_ts_desk", "adk-ts", AGENT_FILES["ts"], "src/tools.ts"),
}
EXPECTED = {"google-adk": PYTHON_FAILS, "adk-js": TS_FAILS["adk_js_desk"], "adk-ts": TS_FAILS["adk_ts_desk"]}
_RAN: dict[str, dict[str, set[tuple[str, str]]]] = {}


def _ts_failures(name: str, port: str) -> dict[str, set[tuple[str, str]]]:
    tsx = find_tsx()
    if tsx is None:
        _required("tsx")
    if find_port(port) is None:
        _required(port)
    return {start: run_fixture(tsx, port, name, entry, root) for start, (entry, root) in TS_STARTS.items()}


def _failures(project: str, tmp_path_factory, monkeypatch, capsys) -> dict[str, set[tuple[str, str]]]:
    """What the runtime showed for each start of ``project`` (run once per test session)."""
    if project not in _RAN:
        fixture, runtime, _, _ = PROJECTS[project]
        if runtime == "python":
            copy = tmp_path_factory.mktemp("run") / "help-desk"
            shutil.copytree(fixture, copy, ignore=shutil.ignore_patterns("__pycache__"))
            with monkeypatch.context() as patch:
                _RAN[project] = _python_failures(copy, patch)
            capsys.readouterr()
        else:
            _RAN[project] = _ts_failures(fixture.name, runtime)
    return _RAN[project]


def _copy(project: str, tmp_path: Path, monkeypatch) -> Path:
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    folder = tmp_path / "help-desk"
    shutil.copytree(PROJECTS[project][0], folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


@pytest.mark.parametrize("project", PROJECTS)
def test_each_start_fails_where_the_runtime_says(project, tmp_path_factory, monkeypatch, capsys):
    """The runtime's answer, per start: every start of these projects has a failing read."""
    failing = _failures(project, tmp_path_factory, monkeypatch, capsys)
    assert failing == EXPECTED[project]
    assert all(failing.values())


@pytest.mark.parametrize("project", PROJECTS)
def test_the_whole_project_run_reports_exactly_the_reads_that_fail(project, tmp_path, tmp_path_factory,
                                                                   monkeypatch, capsys):  # fmt: skip
    failing = _failures(project, tmp_path_factory, monkeypatch, capsys)
    folder = _copy(project, tmp_path, monkeypatch)
    whole = _whole(folder, monkeypatch, capsys)
    assert {row[0] for row in whole} <= set(PROJECTS[project][2])
    assert _read_pairs(folder, whole) == set().union(*failing.values())
    assert len(whole) == len(set().union(*failing.values()))  # one finding a failing read


@pytest.mark.parametrize(
    ("project", "door"),
    [(project, door) for project in PROJECTS for door in ("named from its folder", "language server", "pre-commit")],
)
def test_every_door_reports_what_the_whole_run_reports(project, door, tmp_path, monkeypatch, capsys):
    """Each door gives the whole run's TPL014/TPL015, at the same reads (the whole run is the
    runtime's answer: the test above)."""
    _, _, files, changed = PROJECTS[project]
    folder = _copy(project, tmp_path, monkeypatch)
    whole = _whole(folder, monkeypatch, capsys)
    assert whole, "a project without a finding checks nothing"
    if door == "named from its folder":
        assert _named_from_own_folder(folder, files, monkeypatch, capsys) == whole
    elif door == "language server":
        pytest.importorskip("lsprotocol")
        assert _server(folder, files) == whole
    else:
        if shutil.which("git") is None:
            pytest.skip("pre-commit needs git")
        assert _pre_commit(folder, changed) == [row[:4] for row in whole]


def test_adk_ts_untyped_callbacks_module_still_reports_what_fails(tmp_path, tmp_path_factory, monkeypatch, capsys):
    """The same program with ``rememberPlan(callbackContext: any)`` and no import: tsx strips
    types, so it runs exactly as the typed fixture (the oracle runs that one). A module that
    imports no port but names a callback's context is read for its writes (it was not: the
    write of ``plan`` was lost and every read of the apps holding the callback went silent)."""
    failing = _failures("adk-ts", tmp_path_factory, monkeypatch, capsys)
    project = _copy("adk-ts", tmp_path, monkeypatch)
    callbacks = project / "src" / "callbacks.ts"
    text = callbacks.read_text(encoding="utf-8")
    text = text.replace("import type { CallbackContext } from '@iqai/adk';\n\n", "")
    text = text.replace(": CallbackContext", ": any")
    callbacks.write_text(text, encoding="utf-8")
    assert _read_pairs(project, _whole(project, monkeypatch, capsys)) == set().union(*failing.values())


def test_an_absolute_import_resolves_from_a_file_named_in_its_own_package(tmp_path, monkeypatch):
    """``cd billing_desk && templating lint agent.py``: the package root is above the current
    folder, so ``from desk_common.callbacks import remember_plan`` is found there (it was
    looked for in ``billing_desk/`` and the callback's write was lost: a false TPL014)."""
    import ast

    from templating.project.python.modules import resolve_import

    project = _copy("google-adk", tmp_path, monkeypatch)
    monkeypatch.chdir(project / "billing_desk")
    statement = ast.parse("from desk_common.callbacks import remember_plan").body[0]
    assert isinstance(statement, ast.ImportFrom)
    found = resolve_import(Path("agent.py"), statement, statement.names[0])
    assert found is not None
    module, name = found
    assert (module.resolve(), name) == ((project / "desk_common" / "callbacks.py").resolve(), "remember_plan")

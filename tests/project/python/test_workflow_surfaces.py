"""What ``render --explain`` and the language server say about workflow node writers."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from workflow_oracle import FIXTURES

from templating.cli import main
from templating.compiler import compile_template
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project
from templating.server import navigation
from templating.server.workspace import Workspace


def _project(tmp_path: Path, name: str) -> Path:
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    target = tmp_path / f"{name}.py"
    shutil.copyfile(FIXTURES / f"{name}.py", target)
    return target


def test_render_explain_names_a_function_node_writer(tmp_path: Path, capsys, monkeypatch) -> None:
    _project(tmp_path, "chain_writers")
    (tmp_path / "prompt.txt").write_text("{k_event} {k_item}")
    (tmp_path / "state.json").write_text('{"k_event": 1, "k_item": 2}')
    monkeypatch.chdir(tmp_path)
    assert main(["render", "prompt.txt", "--state", "state.json", "--explain"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert (
        lines[1]
        == "    written by: the `Event(state=...)` or `state_delta` of function `write_event` (chain_writers.py:11:12)"
    )
    assert lines[3] == "    written by: the `state` of function `write_context` (chain_writers.py:15:5)"


def test_server_knows_node_writers_for_hover_definition_and_completion(tmp_path: Path) -> None:
    module = _project(tmp_path, "route_skip")
    workspace = Workspace()
    findings = workspace.findings(module, module.read_text())
    assert [f.code for f in findings] == ["TPL015"]  # route `S` skips the writer
    (writer,) = workspace.writers_of("k") or ()
    assert (writer.via, writer.function, writer.line) == ("state_delta", "writer", 12)
    assert "k" in (workspace.written_keys() or ())
    (placeholder,) = compile_template("{k}").placeholders
    text = navigation.describe(placeholder, Settings(root=tmp_path), (writer,))
    target = (tmp_path / "route_skip.py").resolve()
    assert (
        f"the `Event(state=...)` or `state_delta` of function `writer` at [`route_skip.py:12`]({target.as_uri()}#L12)"
        in text
    )
    (location,) = navigation.writer_locations((writer,))
    assert location.range.start.line == 11


def test_workflow_read_is_reported_at_its_key_like_tpl011(tmp_path: Path, monkeypatch) -> None:
    # `{k}` on line 19 of the fixture: the workflow's TPL015 and TPL011 (the state file lacks
    # `k`) both point at `k`, one column after the brace.
    _project(tmp_path, "route_skip")
    monkeypatch.chdir(tmp_path)
    settings = Settings(root=tmp_path, known_keys=frozenset({"other"}))
    found = sorted((f.line, f.column, f.end_column, f.code) for f in lint_paths([tmp_path], settings).findings)
    assert found == [(19, 60, 61, "TPL011"), (19, 60, 61, "TPL015")]
    line = (tmp_path / "route_skip.py").read_text().splitlines()[18]
    assert line[59] == "k" and line[58] == "{"


def _fan_ins(folder: Path) -> set[str]:
    """The messages of the TPL018 findings linting ``folder`` gives."""
    return {f.message for f in lint_paths([folder], Settings(root=folder)).findings if f.code == "TPL018"}


def test_a_router_in_a_module_of_its_own_is_read_as_in_the_workflows_module(tmp_path: Path) -> None:
    # A public ADK 2.x repository keeps its router in `router.py`, a module that says only
    # `Event`: left unread, the router was unknown and so was the whole workflow (a miss).
    alone, split = tmp_path / "alone", tmp_path / "split"
    alone.mkdir()
    split.mkdir()
    source = (
        (FIXTURES / "list_groups.py")
        .read_text(encoding="utf-8")
        .replace("from scenario import MODEL, next_route\n", "")
    )
    source = source.replace('next_route("router", "PARALLEL")', '"PARALLEL"').replace("model=MODEL, ", "")
    source = source.replace('state={"k_first": 1}, ', "").replace("{k_first} ", "")
    (alone / "agent.py").write_text(source, encoding="utf-8")
    start, end = source.index("def router():"), source.index("def left():")
    (split / "router.py").write_text("from google.adk import Event\n\n\n" + source[start:end], encoding="utf-8")
    (split / "agent.py").write_text("from router import router\n" + source[:start] + source[end:], encoding="utf-8")
    assert _fan_ins(alone)
    assert _fan_ins(split) == _fan_ins(alone)


def _reexporting_package(tmp_path: Path, reexport: bool) -> Path:
    """``app/agents/coordinator.py`` defines the agent ``coordinator``; the package's
    ``__init__.py`` re-exports it (or not); ``app/workflow.py`` imports it from the package."""
    agents = tmp_path / "app" / "agents"
    agents.mkdir(parents=True)
    (tmp_path / "app" / "__init__.py").write_text("")
    (agents / "__init__.py").write_text("from .coordinator import coordinator\n" if reexport else "")
    (agents / "coordinator.py").write_text(
        'from google.adk.agents import LlmAgent\n\ncoordinator = LlmAgent(name="coordinator", instruction="Name it.")\n'
    )
    (tmp_path / "app" / "workflow.py").write_text(
        "from google.adk.workflow import Workflow\n\nfrom app.agents import coordinator\n\n"
        'root_agent = Workflow(name="flow", edges=[("START", coordinator)])\n'
    )
    return tmp_path


def _python_binds(root: Path) -> str:
    """What ``from app.agents import coordinator`` binds when Python runs it: the class name."""
    script = "import sys; sys.path.insert(0, sys.argv[1]); from app.agents import coordinator; print(type(coordinator).__name__)"
    return subprocess.run(
        [sys.executable, "-c", script, str(root)], capture_output=True, text=True, check=True
    ).stdout.strip()


@pytest.mark.parametrize(("reexport", "kind", "python"), [(True, "agent", "LlmAgent"), (False, "unknown", "module")])
def test_a_name_a_package_reexports_from_its_namesake_submodule_is_the_reexported_one(
    tmp_path: Path, reexport: bool, kind: str, python: str
) -> None:
    # A public ADK 2.x repository imports its agents this way: the package's `__init__.py`
    # binds `coordinator` to the agent, over the submodule of that name (as Python does).
    root = _reexporting_package(tmp_path, reexport)
    assert _python_binds(root) == python
    (workflow,) = read_project([root], root=root).workflows
    assert workflow.nodes["coordinator"].kind == kind

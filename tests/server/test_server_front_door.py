"""The language server reads files through the project's front door, as ``templating lint`` does."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("lsprotocol")

from templating.lint.config import ToolConfig, build_settings
from templating.lint.linter import lint_paths
from templating.server.workspace import Workspace, is_linted

AGENT = 'from google.adk.agents import LlmAgent\n\nroot = LlmAgent(name="root", instruction="Plan: {plan}")\n'


def test_server_lints_an_open_session_file_as_lint_does(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "agent.py").write_text(AGENT)
    session = tmp_path / "initial.session.json"
    session.write_text("{}")
    assert is_linted(session)
    workspace = Workspace()
    # The unsaved session seeds `plan`: the agent's read is written, as on disk for lint.
    assert workspace.findings(session, '{"state": {"plan": "x"}}') == []
    assert [writer.via for writer in workspace.writers_of("plan") or ()] == ["initial"]
    session.write_text('{"state": {"plan": "x"}}')
    settings = build_settings(ToolConfig(), tmp_path)
    assert [finding.code for finding in lint_paths([Path(".")], settings).findings] == []


def test_server_writers_are_the_project_writer_with_an_absolute_path(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    agent = tmp_path / "agent.py"
    agent.write_text(AGENT.replace('")', '", output_key="plan")'))
    workspace = Workspace()
    workspace.findings(agent, agent.read_text())
    [writer] = workspace.writers_of("plan") or ()
    assert (writer.key, writer.via, writer.path, writer.line, writer.agent) == (
        "plan",
        "output_key",
        (tmp_path / "agent.py").as_posix(),
        3,
        "root",
    )

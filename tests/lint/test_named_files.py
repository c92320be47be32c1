"""Named files are checked as their project sees them (pre-commit, an editor's "lint this
file", CI on a diff): a named file gets exactly the findings a whole-project run reports in it,
the rest of the project telling what is an instruction and who writes what."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from templating.cli import main
from templating.lint.config import build_settings, find_config, locate
from templating.lint.linter import lint_paths

ROOT = Path(__file__).resolve().parents[2]
WORKFLOWS = ROOT / "tests" / "data" / "workflows"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """The bundled examples and a graph workflow fixture, in a project of their own."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    (tmp_path / "flows").mkdir()
    shutil.copy(WORKFLOWS / "fan_in.py", tmp_path / "flows" / "fan_in.py")
    shutil.copy(WORKFLOWS / "default_route.py", tmp_path / "flows" / "default_route.py")
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ninclude = ["examples/**/*.prompt"]\n')
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    return tmp_path


def _settings(start: Path):
    config, root = find_config(start)
    return build_settings(config, root)


def _rows(findings) -> list[tuple]:
    return [(f.path, f.line, f.column, f.code, f.message) for f in findings]


def _files(folder: Path) -> list[Path]:
    return sorted(
        path.relative_to(folder)
        for path in folder.rglob("*")
        if path.is_file() and path.suffix in {".py", ".yaml", ".prompt", ".md"} and "__pycache__" not in path.parts
    )


def test_named_files_each_get_the_whole_run_findings_in_them(project):
    whole = _rows(lint_paths([Path(".")], _settings(Path("."))).findings)
    assert whole, "the examples hold hazards: a whole run that finds none checks nothing"
    files = _files(project)
    assert Path("examples/travel_agent/travel_agent/prompt.py") in files
    assert Path("flows/fan_in.py") in files
    checked = 0
    for file in files:
        named = _rows(lint_paths([file], _settings(file)).findings)
        expected = [row for row in whole if row[0] == file.as_posix()]
        assert named == expected, file
        checked += bool(expected)
    assert checked >= 6  # most files hold findings: the comparison is not of empty lists


def test_a_prompt_module_named_alone_reports_its_instruction_and_project_findings(project):
    file = Path("examples/travel_agent/travel_agent/prompt.py")
    codes = {f.code for f in lint_paths([file], _settings(file)).findings}
    assert {"TPL001", "TPL003", "TPL007", "TPL014"} <= codes


def test_naming_the_agent_module_reports_its_findings_not_the_prompt_modules(project):
    file = Path("examples/travel_agent/travel_agent/agent.py")
    paths = {f.path for f in lint_paths([file], _settings(file)).findings}
    assert paths == {file.as_posix()}


def test_two_named_files_together_get_both_their_findings(project):
    files = [Path("examples/travel_agent/travel_agent/prompt.py"), Path("examples/travel_agent/travel_agent/agent.py")]
    whole = _rows(lint_paths([Path(".")], _settings(Path("."))).findings)
    named = _rows(lint_paths(files, _settings(files[0])).findings)
    assert named == [row for row in whole if row[0] in {file.as_posix() for file in files}]


def test_the_command_line_reports_a_prompt_module_named_alone(project, capsys):
    status = main(["lint", "--output-format", "concise", "examples/travel_agent/travel_agent/prompt.py"])
    out = capsys.readouterr().out
    assert status == 1
    assert "All checks passed" not in out
    for code in ("TPL001", "TPL003", "TPL007", "TPL014"):
        assert "examples/travel_agent/travel_agent/prompt.py:" in out and code in out
    # Every finding is in the named file (a message may name another file's line: the writer).
    findings = [line for line in out.splitlines() if ": TPL" in line]
    assert findings and all(line.startswith("examples/travel_agent/travel_agent/prompt.py:") for line in findings)
    assert "1 file checked" in out


def test_a_named_file_through_a_cache_gets_the_same_findings(project, monkeypatch):
    monkeypatch.delenv("TEMPLATING_NO_CACHE")
    file = Path("examples/travel_agent/travel_agent/prompt.py")
    settings = _settings(file)
    first = _rows(lint_paths([file], settings, cache=True).findings)
    second = _rows(lint_paths([file], settings, cache=True).findings)
    assert first == second
    assert {row[3] for row in first} >= {"TPL001", "TPL014"}
    assert os.path.isdir(".templating_cache")


def test_without_a_configuration_the_repository_is_the_project(tmp_path, monkeypatch):
    # A pyproject.toml without [tool.templating] (or a bare `.git`): a prompt module named alone
    # is checked against the whole repository, whose runner seeds `traveller` at its top.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'trips'\n")
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("")
    (tmp_path / "app" / "prompt.py").write_text('PROMPT = "Plan a trip to {{destination}} for {traveller}."\n')
    (tmp_path / "app" / "agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\nfrom .prompt import PROMPT\n\n"
        'root_agent = LlmAgent(name="planner", instruction=PROMPT)\n'
    )
    (tmp_path / "main.py").write_text(
        "from google.adk.sessions import InMemorySessionService\n\n\nasync def main():\n"
        "    await InMemorySessionService().create_session(app_name='app', user_id='u', state={'traveller': 'Ana'})\n"
    )
    located = locate([Path("app/prompt.py")])  # as the command line finds the project
    assert located.root == tmp_path
    found = lint_paths([Path("app/prompt.py")], build_settings(located.config, located.root)).findings
    assert [(f.code, f.message.split("`")[1]) for f in found] == [
        ("TPL001", "{{destination}}"), ("TPL014", "destination"),
    ]  # fmt: skip

"""The state rules (TPL028 to TPL033) give one answer through every door: a whole-project run,
each file named alone (an editor's "lint this file") from the project's root or its own folder,
the shipped pre-commit hook run by the real ``pre-commit`` on a changed eval file, ``--config``
from elsewhere, and the language server's open buffer, an unsaved edit included."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from contract_oracle import FIXTURE

from templating.cli import main
from templating.lint.config import build_settings, find_config
from templating.lint.linter import lint_paths

_CODES = {"TPL028", "TPL029", "TPL030", "TPL031", "TPL032", "TPL033"}


@pytest.fixture
def project(tmp_path, monkeypatch):
    root = tmp_path / "project"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("__pycache__"))
    (root / "pyproject.toml").write_text("[tool.templating]\n")
    monkeypatch.chdir(root)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    return root


def _settings(start: Path):
    config, root = find_config(start)
    return build_settings(config, root)


def _rows(findings, prefix: str = "") -> list[tuple]:
    return [(prefix + f.path, f.line, f.column, f.end_column, f.code) for f in findings if f.code in _CODES]


def _whole() -> list[tuple]:
    return _rows(lint_paths([Path(".")], _settings(Path("."))).findings)


def test_each_file_named_alone_gets_the_whole_runs_state_findings(project):
    whole = _whole()
    files = sorted({row[0] for row in whole})
    assert len(files) == 7  # every fixture file with a hazard: the comparison is not of empty lists
    for file in files:
        assert _rows(lint_paths([Path(file)], _settings(Path(file))).findings) == [r for r in whole if r[0] == file]


def test_each_file_named_from_its_own_folder(project, monkeypatch):
    whole = _whole()
    for file in sorted({row[0] for row in whole}):
        folder, name = os.path.split(file)
        monkeypatch.chdir(project / folder)
        named = _rows(lint_paths([Path(name)], _settings(Path(name))).findings, prefix=f"{folder}/")
        assert named == [r for r in whole if r[0] == file], file
        monkeypatch.chdir(project)


def test_the_shipped_pre_commit_hooks_pass_every_file_with_a_state_finding(project):
    files = sorted({row[0] for row in _whole()})
    hooks = yaml.safe_load((Path(__file__).resolve().parents[2] / ".pre-commit-hooks.yaml").read_text())
    for hook in [hook for hook in hooks if hook["id"].startswith("templating-lint")]:
        assert [file for file in files if not re.search(hook["files"], file)] == [], hook["id"]
    for hook in [hook for hook in hooks if hook.get("pass_filenames", True)]:
        assert not re.search(hook["files"], "package.json"), hook["id"]  # named, it would be read as a prompt


@pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")
def test_pre_commit_on_a_changed_eval_file_reports_its_missing_key(project, tmp_path):
    root = Path(__file__).resolve().parents[2]
    (hook,) = [hook for hook in yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text())
               if hook["id"] == "templating-lint"]  # fmt: skip
    local = {key: hook[key] for key in ("id", "name", "entry", "files")} | {"language": "system"}
    (project / ".pre-commit-config.yaml").write_text(yaml.safe_dump({"repos": [{"repo": "local", "hooks": [local]}]}))
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=project, check=True, capture_output=True)
    environment = {**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"),
                   "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}  # fmt: skip
    completed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", "--files", "greeter/greet.evalset.json", "--color", "never"],
        cwd=project, env=environment, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert completed.returncode == 1, completed.stdout
    found = re.findall(r"^(\S+:\d+:\d+): (TPL\d+)", completed.stdout, re.MULTILINE)
    assert found == [("greeter/greet.evalset.json:12:64", "TPL028"), ("greeter/greet.evalset.json:20:7", "TPL028")]


def test_config_from_elsewhere(project, monkeypatch, capsys):
    monkeypatch.chdir(project.parent)
    status = main(["lint", "--config", "project/pyproject.toml", "--output-format", "concise",
                   "project/greeter/greet.evalset.json"])  # fmt: skip
    out = capsys.readouterr().out
    assert status == 1
    assert [line.split(" ")[:2] for line in out.splitlines() if "TPL" in line] == [
        ["project/greeter/greet.evalset.json:12:64:", "TPL028"],
        ["project/greeter/greet.evalset.json:20:7:", "TPL028"],
    ]


def test_the_language_server_reports_them_in_open_buffers(project):
    pytest.importorskip("lsprotocol")
    from templating.server.workspace import Workspace

    whole = _whole()
    workspace = Workspace()
    for file in sorted({row[0] for row in whole}):
        path = project / file
        found = workspace.findings(path, path.read_text(encoding="utf-8"))
        assert [(r[1], r[2], r[3], r[4]) for r in _rows(found)] == [(r[1], r[2], r[3], r[4]) for r in whole
                                                                     if r[0] == file], file  # fmt: skip


def test_the_language_server_follows_an_unsaved_eval_file(project):
    pytest.importorskip("lsprotocol")
    from templating.server.workspace import Workspace

    path = project / "greeter" / "greet.evalset.json"
    text = path.read_text(encoding="utf-8")
    workspace = Workspace()
    assert [f.code for f in workspace.findings(path, text) if f.code in _CODES] == ["TPL028", "TPL028"]
    fixed = text.replace('"state": {"mood": "glad"}', '"state": {"mood": "glad", "user_name": "Lin"}')
    assert [f.line for f in workspace.findings(path, fixed) if f.code in _CODES] == [20]
    # An unsaved edit of the agent that no longer requires the key clears the eval file's findings.
    agent = project / "greeter" / "agent.py"
    edited = agent.read_text(encoding="utf-8").replace("{user_name}", "{user_name?}")
    assert workspace.findings(agent, edited) == []
    assert [f.code for f in workspace.findings(path, text) if f.code in _CODES] == []

"""The shipped `.pre-commit-hooks.yaml`, run by the real `pre-commit` tool on a git repository
whose config excludes a file: pre-commit names every file, `--force-exclude` drops that one; a
committed file whose name looks like an option is linted as a file, never obeyed."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(instruction="Hi {{name}}")\n'

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="pre-commit needs git")


def _repository(folder: Path, hook_id: str = "templating-lint", args: list[str] | None = None) -> Path:
    """A git repository with an agent, an excluded generated agent, and the shipped hook."""
    (hook,) = [hook for hook in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text()) if hook["id"] == hook_id]
    # `language: system` runs the entry with this environment's `templating`, where the
    # shipped `language: python` would build a virtual environment from the package index.
    local = {key: hook[key] for key in ("id", "name", "entry", "files")} | {"language": "system", "args": args or []}
    config = {"repos": [{"repo": "local", "hooks": [local]}]}
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config))
    (folder / "pyproject.toml").write_text('[tool.templating]\nexclude = ["generated/"]\n')
    (folder / "agent.py").write_text(AGENT)
    (folder / "generated").mkdir()
    (folder / "generated" / "agent.py").write_text(AGENT)
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=folder, check=True, capture_output=True)
    return folder


def _pre_commit(folder: Path) -> subprocess.CompletedProcess:
    environment = {
        **os.environ,
        "PRE_COMMIT_HOME": str(folder.parent / "pre-commit-home"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }
    command = [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"]
    return subprocess.run(
        command, cwd=folder, env=environment, capture_output=True, text=True, timeout=120, check=False
    )


def test_precommit_hook_reports_only_files_the_config_does_not_exclude(tmp_path):
    (tmp_path / "repo").mkdir()
    completed = _pre_commit(_repository(tmp_path / "repo"))
    assert completed.returncode == 1, completed.stdout
    assert "agent.py:3:" in completed.stdout
    assert "generated/agent.py" not in completed.stdout


def test_precommit_hook_fix_never_touches_an_excluded_file(tmp_path):
    (tmp_path / "repo").mkdir()
    folder = _repository(tmp_path / "repo", "templating-lint-fix")
    completed = _pre_commit(folder)
    assert "Fixed 1 finding" in completed.stdout, completed.stdout
    assert (folder / "generated" / "agent.py").read_text() == AGENT
    assert "{{name}}" not in (folder / "agent.py").read_text()


def test_precommit_hook_never_reads_a_file_name_as_an_option(tmp_path):
    (tmp_path / "repo").mkdir()
    folder = _repository(tmp_path / "repo")
    (folder / "important.py").write_text("VALUE = 1\n")
    (folder / "--output-file=important.py").write_text(AGENT)
    subprocess.run(["git", "add", "--", "--output-file=important.py", "important.py"], cwd=folder, check=True)
    completed = _pre_commit(folder)
    assert (folder / "important.py").read_text() == "VALUE = 1\n"
    assert "--output-file=important.py:3:" in completed.stdout, completed.stdout


def test_precommit_hook_args_are_file_names_and_a_missing_one_says_so(tmp_path):
    (tmp_path / "repo").mkdir()
    completed = _pre_commit(_repository(tmp_path / "repo", args=["--fix"]))
    assert completed.returncode != 0
    assert "templating: error: --fix: no such file or folder" in completed.stdout
    assert "set options in [tool.templating]" in completed.stdout

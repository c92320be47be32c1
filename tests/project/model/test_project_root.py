"""The project is the configuration's folder, whatever folder is named: linting a sub-folder
still sees the keys seeded and written above it, and reports only in that sub-folder."""

from __future__ import annotations

from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

AGENT = """\
from google.adk.agents import LlmAgent

root_agent = LlmAgent(name="helper", instruction="Help with {topic} and {style}.")
"""

RUNNER = """\
from google.adk.runners import InMemoryRunner


async def main(runner: InMemoryRunner):
    await runner.session_service.create_session(app_name="app", user_id="u", state={"topic": "tea"})
"""


def _project(root: Path) -> None:
    (root / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (root / "app").mkdir()
    (root / "app" / "__init__.py").write_text("", encoding="utf-8")
    (root / "app" / "agent.py").write_text(AGENT, encoding="utf-8")
    (root / "run.py").write_text(RUNNER, encoding="utf-8")


def _keys(root: Path, named: Path) -> list[tuple[str, str]]:
    findings = lint_paths([named], Settings(root=root)).findings
    return [(f.code, f.message.split("`")[1]) for f in findings]


def test_a_sub_folder_sees_the_seeds_above_it(tmp_path: Path) -> None:
    _project(tmp_path)
    whole = _keys(tmp_path, tmp_path)
    assert whole == [("TPL014", "style")]
    assert _keys(tmp_path, tmp_path / "app") == whole
    assert _keys(tmp_path, tmp_path / "app" / "agent.py") == whole


def test_without_a_configuration_or_repository_the_folder_named_is_the_project(tmp_path: Path) -> None:
    _project(tmp_path)
    (tmp_path / "pyproject.toml").unlink()
    assert _keys(tmp_path / "app", tmp_path / "app") == [("TPL014", "topic"), ("TPL014", "style")]

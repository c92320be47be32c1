"""TPL100 `unused-noqa` (as ruff's RUF100): a `# noqa` naming a rule that silences nothing.
Off by default; `extend-select = ["TPL100"]` turns it on."""

from __future__ import annotations

from pathlib import Path

import pytest

from templating.lint.config import build_settings, find_config
from templating.lint.linter import lint_paths
from templating.lint.registry import find_rule, select_rules


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nextend-select = ["TPL100"]\n')
    return tmp_path


def _lint(*paths: str) -> list[tuple[str, int, str, str]]:
    settings = build_settings(*find_config(Path(".")))
    return [(f.path, f.line, f.code, f.message) for f in lint_paths([Path(p) for p in paths], settings).findings]


def test_unused_noqa_is_a_rule_off_by_default():
    rule = find_rule("unused-noqa")
    assert rule is not None and rule.code == "TPL100"
    assert "TPL100" not in select_rules(None, ())
    assert "TPL100" in select_rules(["ALL"], ())


def test_a_noqa_that_silences_nothing_is_reported(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi.")  # noqa: TPL001\n'
    )
    [(path, line, code, message)] = _lint(".")
    assert (path, line, code) == ("agent.py", 3, "TPL100")
    assert "`TPL001`" in message


def test_a_noqa_that_silences_a_finding_is_not_reported(project):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi {{x?}}.")  # noqa: TPL001\n'
    )
    assert [row[2] for row in _lint(".")] == []


def test_only_the_unused_codes_of_a_noqa_are_reported(project):
    Path("agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\n"
        'agent = LlmAgent(name="a", instruction="Hi {{x?}}.")  # noqa: TPL001, TPL007\n'
    )
    [(_, _, code, message)] = _lint(".")
    assert code == "TPL100" and "`TPL007`" in message and "TPL001" not in message


def test_other_tools_codes_and_a_bare_noqa_are_never_reported(project):
    Path("agent.py").write_text(
        "import os  # noqa: F401\n"
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi.")  # noqa\n'
    )
    assert _lint(".") == []


def test_a_noqa_on_the_call_silencing_a_prompt_modules_finding_is_used(project):
    # The comment is in agent.py, the finding it silences in prompt.py: named alone or not.
    Path("app").mkdir()
    Path("app/__init__.py").write_text("")
    Path("app/prompt.py").write_text('ROOT = """Hi {{x?}}\nthen more\n"""\n')
    Path("app/agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\nfrom . import prompt\n\n"
        'agent = LlmAgent(name="a", instruction=prompt.ROOT)  # noqa: TPL001\n'
    )
    assert _lint(".") == []
    assert _lint("app/agent.py") == []


def test_a_noqa_for_a_rule_not_selected_is_not_reported(project):
    Path("pyproject.toml").write_text('[tool.templating]\nextend-select = ["TPL100"]\nignore = ["TPL001"]\n')
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi {{x?}}.")  # noqa: TPL001\n'
    )
    assert _lint(".") == []


def test_unused_noqa_is_off_unless_selected(project):
    Path("pyproject.toml").write_text("[tool.templating]\n")
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi.")  # noqa: TPL001\n'
    )
    assert _lint(".") == []


def test_a_noqa_for_a_finding_a_more_specific_one_hides_is_in_use(project):
    # `{destination}}` in JSON-looking text is TPL003 (more specific) and, once that is silenced,
    # TPL006: a comment naming both uses both.
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nPROMPT = """Answer as {"city": {destination}}.\n"""'
        "  # noqa: TPL003, TPL006, TPL014\n\n"
        'agent = LlmAgent(name="a", instruction=PROMPT)\n'
    )
    assert _lint(".") == []

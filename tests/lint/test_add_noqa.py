"""`templating lint --add-noqa`: a `# noqa` comment for each current finding, where the linter
reads it; idempotent; never inside a string (the instruction's text is unchanged)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from templating.cli import main


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    return tmp_path


def _lint(*arguments: str) -> int:
    return main(["lint", "--output-format", "concise", *arguments])


def _strings(path: str) -> list[str]:
    return [node.value for node in ast.walk(ast.parse(Path(path).read_text())) if isinstance(node, ast.Constant)]


def test_add_noqa_silences_each_finding_and_is_idempotent(project, capsys):
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi {{x?}} ${place?}")\n'
    )
    assert _lint("--add-noqa", ".") == 0
    out = capsys.readouterr().out
    assert "Added 2 noqa directives" in out
    text = Path("agent.py").read_text()
    assert text.splitlines()[2].endswith('instruction="Hi {{x?}} ${place?}")  # noqa: TPL001, TPL007')
    assert _lint(".") == 0
    capsys.readouterr()
    assert _lint("--add-noqa", ".") == 0
    assert "Added 0 noqa directives" in capsys.readouterr().out
    assert Path("agent.py").read_text() == text


def test_add_noqa_never_writes_inside_a_multi_line_string(project, capsys):
    Path("app").mkdir()
    Path("app/__init__.py").write_text("")
    prompt = 'ROOT = """Hi {{x?}}\nthen ${place?}\n"""\n'
    Path("app/prompt.py").write_text(prompt)
    Path("app/agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\nfrom . import prompt\n\n"
        'agent = LlmAgent(name="a", instruction=prompt.ROOT)\n'
    )
    before = _strings("app/prompt.py")
    assert _lint("--add-noqa", "app/prompt.py") == 0
    assert _strings("app/prompt.py") == before  # the instruction's text is unchanged
    assert Path("app/prompt.py").read_text() == 'ROOT = """Hi {{x?}}\nthen ${place?}\n"""  # noqa: TPL001, TPL007\n'
    assert _lint("app/prompt.py") == 0


def test_add_noqa_merges_into_an_existing_comment(project, capsys):
    Path("agent.py").write_text(
        "from google.adk.agents import LlmAgent\n\n"
        'agent = LlmAgent(name="a", instruction="Hi {{x?}} ${place?}")  # noqa: TPL007\n'
    )
    assert _lint("--add-noqa", ".") == 0
    assert Path("agent.py").read_text().splitlines()[2].endswith("# noqa: TPL007, TPL001")


def test_add_noqa_in_yaml_goes_on_the_instruction_key(project, capsys):
    Path("root_agent.yaml").write_text("name: a\nmodel: gemini-2.0-flash\ninstruction: Hi {{x?}}\n")
    assert _lint("--add-noqa", ".") == 0
    assert (
        Path("root_agent.yaml").read_text()
        == "name: a\nmodel: gemini-2.0-flash\ninstruction: Hi {{x?}}  # noqa: TPL001\n"
    )
    assert _lint(".") == 0


def test_add_noqa_leaves_a_prompt_file_alone_and_says_so(project, capsys):
    Path("welcome.prompt").write_text("Hi {{x?}}\n")
    assert _lint("--add-noqa", "welcome.prompt") == 1
    captured = capsys.readouterr()
    assert Path("welcome.prompt").read_text() == "Hi {{x?}}\n"
    assert "1 finding cannot take a noqa comment" in captured.err


def test_add_noqa_with_fix_or_diff_is_a_usage_error(project, capsys):
    Path("agent.py").write_text("x = 1\n")
    assert _lint("--add-noqa", "--fix", ".") == 2
    assert _lint("--add-noqa", "--diff", ".") == 2


def test_add_noqa_keeps_crlf_line_breaks(project, capsys):
    Path("agent.py").write_bytes(
        b'from google.adk.agents import LlmAgent\r\n\r\nagent = LlmAgent(name="a", instruction="Hi {{x?}}")\r\n'
    )
    assert _lint("--add-noqa", ".") == 0
    assert Path("agent.py").read_bytes().endswith(b'instruction="Hi {{x?}}")  # noqa: TPL001\r\n')


def test_add_noqa_for_a_finding_outside_any_instruction_goes_on_its_line(project, capsys):
    Path("runner.py").write_text(
        "async def main(session_service):\n"
        '    session = await session_service.get_session(app_name="a", user_id="u", session_id="s")\n'
        '    session.state["topic"] = "tides"\n'
    )
    assert _lint(".") == 1
    capsys.readouterr()
    assert _lint("--add-noqa", ".") == 0
    assert Path("runner.py").read_text().splitlines()[2] == '    session.state["topic"] = "tides"  # noqa: TPL016'

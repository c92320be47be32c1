"""``templating lint --fix`` and ``--diff``: safe fixes applied exactly, files never corrupted.

The safe fix these tests apply is TPL004's (``{ name }`` to ``{name}``, what ADK reads anyway);
TPL001's fixes are unsafe (the author meant the value or the braces) and never applied."""

import ast
import io
import sys

from templating.cli import main
from templating.lint.finding import Fix
from templating.lint.fixes import apply_fixes, fix_file

AGENT = (
    'from google.adk.agents import LlmAgent\n'
    '\n'
    'a = LlmAgent(instruction="Say \\"{ answer }\\" in { mood }.\\n")\n'
    'b = LlmAgent(instruction="Keep { na\\x6de } as is")\n'
)  # fmt: skip


def _lint_fix(run_cli, *argv):
    # TPL014 (a project rule, never fixable) would report every key these small files read.
    return run_cli("lint", *argv, "--isolated", "--output-format", "concise", "--ignore", "TPL014")


def _instructions(source: str) -> list[str]:
    tree = ast.parse(source)
    return [k.value.value for node in ast.walk(tree) if isinstance(node, ast.Call) for k in node.keywords]


def test_fixes_apply_skips_overlaps_and_keeps_crlf():
    text = "Hi {{a}}\r\nand { b }\r\n"
    fixes = [Fix("", "{a}", 3, 8), Fix("", "{x}", 4, 6), Fix("", "{b}", 13, 18)]
    assert apply_fixes(text, fixes) == ("Hi {a}\r\nand {b}\r\n", 2)


def test_fixes_prompt_file_fixed_in_place_with_its_line_breaks(tmp_path, run_cli):
    prompt = tmp_path / "p.prompt"
    prompt.write_bytes("Hi { name } and { x }\r\nBye { y } — ok\r\n".encode())
    code, out, err = _lint_fix(run_cli, str(prompt), "--fix")
    assert (code, out, err) == (0, "Fixed 3 findings (0 remaining).\n", "")  # on stdout, as ruff prints it
    assert prompt.read_bytes() == "Hi {name} and {x}\r\nBye {y} — ok\r\n".encode()
    assert [p.name for p in tmp_path.iterdir()] == ["p.prompt"]  # no temporary file left behind


def test_fixes_python_literal_changes_exactly_and_still_parses(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    (tmp_path / "agent.py").chmod(0o640)
    code, out, err = _lint_fix(run_cli, "agent.py", "--fix")
    fixed = (tmp_path / "agent.py").read_text(encoding="utf-8")
    assert _instructions(fixed) == ['Say "{answer}" in {mood}.\n', "Keep { name } as is"]
    assert fixed == AGENT.replace("{ answer }", "{answer}").replace("{ mood }", "{mood}")
    assert (tmp_path / "agent.py").stat().st_mode & 0o777 == 0o640
    # The escape inside `{ na\x6de }` means source and template differ there: reported, not fixed.
    assert out.startswith(
        "agent.py:4:32: TPL004 `{ name }` has whitespace inside the braces: ADK still substitutes `name`\n"
    )
    assert (code, out.splitlines()[-1], err) == (1, "Fixed 2 findings (1 remaining).", "")


def test_fixes_yaml_scalar_fixed_only_where_verbatim(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    config = 'name: a\ninstruction: "Say \\"{ answer }\\" { an\\u0073wer }"\n'
    (tmp_path / "a.yaml").write_text(config, encoding="utf-8")
    _, out, _ = _lint_fix(run_cli, "a.yaml", "--fix")
    assert (tmp_path / "a.yaml").read_text(
        encoding="utf-8"
    ) == 'name: a\ninstruction: "Say \\"{answer}\\" { an\\u0073wer }"\n'
    assert out.startswith("a.yaml:2:32: TPL004 `{ answer }` has whitespace inside the braces")
    assert out.endswith("Fixed 1 finding (1 remaining).\n")


def test_fixes_diff_prints_and_writes_nothing(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "p.prompt").write_text("Hi { name }\nBye", encoding="utf-8")
    code, out, err = _lint_fix(run_cli, "p.prompt", "--diff")
    assert (tmp_path / "p.prompt").read_text(encoding="utf-8") == "Hi { name }\nBye"
    assert out == (
        "--- a/p.prompt\n+++ b/p.prompt\n@@ -1,2 +1,2 @@\n-Hi { name }\n+Hi {name}\n Bye\n"
        "\\ No newline at end of file\n"
    )
    assert (code, err) == (1, "Would fix 1 finding.\n")


def test_fixes_strict_dialect_has_nothing_to_fix_in_an_escape(tmp_path, run_cli):
    prompt = tmp_path / "p.prompt"
    prompt.write_text("Show {{name}} and { name }", encoding="utf-8")
    assert _lint_fix(run_cli, str(prompt), "--fix", "--dialect", "strict") == (
        0,
        "Fixed 0 findings (0 remaining).\n",
        "",
    )
    assert prompt.read_text(encoding="utf-8") == "Show {{name}} and { name }"


def test_fixes_never_write_a_python_file_that_would_not_parse(tmp_path):
    module = tmp_path / "agent.py"
    module.write_text('x = "{{a}}"\n', encoding="utf-8")
    assert fix_file(module, [Fix("", '"', 5, 10)]) is None


def test_fixes_refuse_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("Hi {{x}}"))
    assert main(["lint", "-", "--fix"]) == 2
    assert "--fix and --diff need files" in capsys.readouterr().err


def test_fixes_python_file_written_back_in_its_declared_encoding(tmp_path, run_cli):
    agent = tmp_path / "agent.py"
    agent.write_bytes('# -*- coding: latin-1 -*-\r\nAgent(instruction="café { x }")\r\n'.encode("latin-1"))
    code, out, err = _lint_fix(run_cli, str(agent), "--fix")
    assert (code, out, err) == (0, "Fixed 1 finding (0 remaining).\n", "")
    assert agent.read_bytes() == '# -*- coding: latin-1 -*-\r\nAgent(instruction="café {x}")\r\n'.encode("latin-1")


def test_fixes_python_file_with_a_byte_order_mark_keeps_it(tmp_path, run_cli):
    agent = tmp_path / "agent.py"
    agent.write_bytes(b'\xef\xbb\xbfAgent(instruction="\xc3\xa9 { x }")\n')
    assert _lint_fix(run_cli, str(agent), "--fix")[0] == 0
    assert agent.read_bytes() == b'\xef\xbb\xbfAgent(instruction="\xc3\xa9 {x}")\n'


def test_fixes_tpl001_offers_both_readings_as_unsafe_fixes_and_fix_applies_neither(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = (
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Quote {{ticket_id}}.")\n'
    )
    (tmp_path / "agent.py").write_text(source, encoding="utf-8")
    code, out, _ = _lint_fix(run_cli, "agent.py", "--fix")
    assert (tmp_path / "agent.py").read_text(encoding="utf-8") == source  # neither reading is chosen for the author
    assert out.startswith("agent.py:3:47: TPL001 `{{ticket_id}}` is not an escape: ADK")  # no `[*]`: no safe fix
    assert (code, out.splitlines()[-1]) == (1, "Fixed 0 findings (1 remaining).")
    _, full, _ = run_cli("lint", "agent.py", "--isolated", "--output-format", "full", "--ignore", "TPL014")
    assert "= unsafe fix: Replace with `{ticket_id}`: the value of `ticket_id`" in full
    assert (
        "= unsafe fix: Compile the instruction in the strict dialect: `{{ticket_id}}` is then the text `{ticket_id}`"
        in full
    )
    assert 'make the instruction `compile_template(TEXT, dialect="strict")`' in full

"""Issue 13: lint says only what is true (TPL010 reasons, newer grammar, one finding per span,
end columns, the unbalanced-group fix, this package's API as a site, the ADK version)."""

import ast
from pathlib import Path

import pytest

from templating.cli import main
from templating.lint.linter import lint_text
from templating.lint.rule import Severity
from templating.lint.settings import Settings
from templating.project.python.newer_syntax import newer_grammar


def _codes(source: str, settings: Settings | None = None, name: str = "agent.py"):
    return [(f.code, f.line, f.column) for f in lint_text(source, name, settings or Settings())]


@pytest.mark.parametrize(
    "value",
    [
        'NAME = "Ada"\n',
        "NAME = 1\n",
        'NAME = "a" if x else "b"\n',
        'import os\nNAME = os.getenv("PROJECT_ID")\n',
        "NAME = len(items)\n",
    ],
)
def test_tpl010_brace_free_values_are_not_reported(value, tmp_path):
    assert _codes(value + 'a = Agent(instruction=f"Hi {NAME} {x!r:>3}" if 0 else f"{1}")\n') == [
        ("TPL010", value.count("\n") + 1, 35)  # only `{x!r:>3}` (its `{` at column 35): `x` nothing binds
    ]
    assert _codes(value + 'a = Agent(instruction=f"Hi {NAME}")\n') == []


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("import json\nNAME = json.dumps(data)\n", "`dumps` writes braces for every object"),
        ('NAME = open("schema.txt").read()\n', "it is read from a file or stream"),
        ("NAME = fetch_schema()\n", "`fetch_schema(...)` returns a value known only at run time"),
    ],
)
def test_tpl010_values_that_can_carry_braces_say_why(value, reason):
    findings = lint_text(value + 'a = Agent(instruction=f"Hi {NAME}")\n', "agent.py", Settings())
    assert [f.code for f in findings] == ["TPL010"]
    assert reason in findings[0].message


def test_fstring_constant_is_spliced_in_and_linted_where_it_is_written():
    findings = lint_text('NAME = "{{x}}"\na = Agent(instruction=f"Hi {NAME}")\n', "agent.py", Settings())
    assert [(f.code, f.line, f.column) for f in findings] == [("TPL001", 1, 9)]


def test_tpl010_unknown_part_of_a_concatenation_is_reported():
    findings = lint_text('a = Agent(instruction="Schema: " + load_schema())\n', "agent.py", Settings())
    assert [(f.code, f.column) for f in findings] == [("TPL010", 36)]


def test_newer_grammar_file_is_info_not_an_error(tmp_path):
    source = 'a = Agent(instruction=f"{d["k"]} {{x}}")\n'
    try:
        ast.parse(source)
    except SyntaxError:
        (finding,) = lint_text(source, "agent.py", Settings())
        assert (finding.code, finding.severity) == ("TPL013", Severity.INFO)
        assert finding.message.startswith("needs Python 3.12 to parse")
    else:  # running on 3.12 or later: the file is linted as its 3.11 spelling would be
        spelled = source.replace('d["k"]', "d['k']")
        expected = [(f.code, f.line, f.column) for f in lint_text(spelled, "agent.py", Settings())]
        assert expected and [(f.code, f.line, f.column) for f in lint_text(source, "agent.py", Settings())] == expected


def test_newer_grammar_tells_new_syntax_from_invalid_code():
    def error(source, message="invalid syntax"):
        return SyntaxError(message, ("x.py", 1, 6, source))

    assert newer_grammar(error("type X = int\n"), "type X = int\n", running=(3, 11)) == "3.12"
    assert newer_grammar(error("x = (\n"), "x = (\n", running=(3, 11)) is None
    assert newer_grammar(error("type X = int\n"), "type X = int\n", running=(3, 12)) is None


def test_fstring_end_column_after_escaped_brace():
    (finding,) = lint_text('a = Agent(instruction=f"Say {{{{x}}}}")\n', "agent.py", Settings())
    # `{{{{x}}}}` is columns 29-37: the end (exclusive) is after the last `}`, not one short.
    assert (finding.code, finding.column, finding.end_column) == ("TPL001", 29, 38)


def test_unbalanced_group_gets_one_finding_and_no_half_fix():
    findings = lint_text('a = Agent(instruction="Hi {{customer_int  }")\n', "agent.py", Settings())
    assert [(f.code, f.fix) for f in findings] == [("TPL003", None)]


def test_compile_template_from_this_package_is_linted_in_its_dialect():
    source = (
        "from templating import compile_template\n"
        'TEXT = "Hi {{name}} {a..b}"\n'
        'strict = compile_template(TEXT, dialect="strict")\n'
        "agent = Agent(instruction=TEXT)\n"
        'plain = compile_template("Hi {{x}}")\n'
    )
    # TEXT is strict (no TPL001 for its escape `{{name}}`), though also passed to an agent.
    assert _codes(source) == [("TPL005", 2, 21), ("TPL001", 5, 30)]


def test_compile_template_from_elsewhere_is_not_a_site():
    assert _codes('from jinja import compile_template\ncompile_template("Hi {{x}}")\n') == []


def test_adk_version_1x_reads_dollar_brace_as_a_placeholder():
    source = 'a = Agent(instruction="Budget ${ budget }")\n'
    assert _codes(source) == [("TPL007", 1, 31)]
    assert _codes(source, Settings(adk_version="1.x")) == [("TPL004", 1, 32)]


def test_adk_version_option_and_config(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    Path("p.prompt").write_text("Budget ${budget}\n")
    assert main(["lint", "p.prompt", "--output-format", "concise", "--adk-version", "1.x"]) == 0
    Path("pyproject.toml").write_text('[tool.templating]\nadk-version = "1.x"\n')
    assert main(["lint", "p.prompt", "--output-format", "concise"]) == 0
    assert main(["lint", "p.prompt", "--output-format", "concise", "--adk-version", "2.13"]) == 1
    Path("pyproject.toml").write_text('[tool.templating]\nadk-version = "3"\n')
    assert main(["lint", "p.prompt"]) == 2
    assert "adk-version" in capsys.readouterr().err


def test_tpl010_local_bound_in_branches_to_literals_is_brace_free():
    source = (
        "def prompt(flag):\n"
        "    if flag:\n"
        '        tool = "nl2sql"\n'
        "    else:\n"
        "        tool = None\n"
        '    return f"Use {tool}. {{x}}"\n'
        "a = Agent(instruction=prompt(1))\n"
    )
    assert [f.code for f in lint_text(source, "agent.py", Settings())] == []


def test_tpl010_message_names_the_value_and_why():
    (finding,) = lint_text('a = Agent(instruction=f"Profile: {json.dumps(d)}")\n', "agent.py", Settings())
    assert finding.message.startswith("`json.dumps(d)` is inserted into the instruction and can carry braces")

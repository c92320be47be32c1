"""The linter under ``dialect = "strict"``: which rules apply, what they say, where they point."""

import json
from pathlib import Path

import pytest

from templating.lint.instruction_lint import lint_instruction
from templating.lint.linter import lint_paths
from templating.lint.registry import RULES, rules_for_dialect, select_rules
from templating.lint.settings import Settings
from templating.project.model.instruction import Instruction, SourceFile
from templating.state_shape import state_keys

TREE = Path(__file__).parents[1] / "data" / "lint" / "strict"
STATE = {"user:profile": {"name": "Ada"}, "items": [{"title": "Tea"}], "greeting": "Hello"}
SCHEMA = {
    "type": "object",
    "properties": {
        "user:profile": {"$ref": "#/$defs/Profile"},
        "items": {"type": "array", "items": {"type": "object", "properties": {"title": {"type": "string"}}}},
    },
    "$defs": {"Profile": {"type": "object", "properties": {"name": {"type": "string"}}}},
}


def _findings(text: str, state: dict | None = None):
    settings = Settings(dialect="strict", known_keys=state_keys(state) if state else None, state=state)
    instruction = Instruction(SourceFile("p.txt", text), text, tuple(range(len(text) + 1)), "instruction")
    return lint_instruction(instruction, settings)


def _lint(text: str, state: dict | None = None):
    return sorted((f.code, f.column) for f in _findings(text, state))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Reply {{ "a": 1 }}', [("TPL002", 7)]),
        ("Hi {{name}", [("TPL002", 4)]),
        ("Hi {session:lang}", [("TPL005", 4)]),
        ("Hi {my-key}", [("TPL005", 4)]),
        ("Hi {items[0}", [("TPL005", 4)]),
        ("Hi {return}", [("TPL006", 4)]),
        ("```\nx = {a}\n```", [("TPL006", 5)]),
        ("Budget ${budget}", [("TPL007", 8)]),
        ("Budget ${user.budget}", [("TPL007", 8)]),
        ("Keep \\{name}", [("TPL007", 6)]),
        ("Hi {café}", [("TPL008", 5)]),
        ("Hi {artifact.../x}", [("TPL012", 14)]),
    ],
)
def test_strict_checks_fire_at_the_offending_text(text, expected):
    assert _lint(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Hi {{name}} and {{user:profile.name?}}",  # escapes render `{name}`: TPL001 does not apply
        'Reply {"name": {name}}',  # no brace eaten, and JSON values are how strict fills JSON
        "Hi { name } and async ({ page }) => { return }",  # whitespace: literal by design
        "enum E {\n  CREATED_AT\n}",
        "Hi {user.name}, {user:profile.name}, {items[0].title?}",
        "Hi {name}} and {artifact.notes/today.txt}",
    ],
)
def test_strict_checks_stay_quiet_on_what_strict_keeps_safe(text):
    assert _lint(text) == []


@pytest.mark.parametrize(
    ("text", "help_line"),
    [
        ("{session:lang}", "did you mean `{lang}`?"),
        ("{usr:profile.name}", "did you mean `{user:profile.name}`?"),
        ("{items[0}", "did you mean `{items[0]}`?"),
        ("{items.0.title}", "did you mean `{items[0].title}`?"),
        ("{a..b}", "did you mean `{a.b}`?"),
        ("{profile.first-name?}", "did you mean `{profile.first_name?}`?"),
        ("{title??}", "did you mean `{title?}`?"),
    ],
)
def test_strict_silent_literal_suggests_a_valid_strict_name(text, help_line):
    (finding,) = _findings(text)
    assert (finding.code, finding.help) == ("TPL005", help_line)


def test_strict_messages_describe_strict_not_adk():
    (code,) = _findings("Hi {return}")
    (skipped,) = _findings("Budget ${budget}")
    assert (
        code.message
        == "`{return}` names a keyword, so it is probably code: the strict dialect looks up the state key `return`"
    )
    assert code.help == "for the text `{return}` write `{{return}}`; braces with a space inside also stay as written"
    assert skipped.message.startswith("the strict dialect, like ADK Python, leaves `${budget}` literal")


def test_strict_syntax_errors_are_all_reported_and_the_rest_still_checked():
    findings = _findings("{artifact.../x} {return} {artifact./abs}")
    assert [(f.code, f.column, f.end_column) for f in findings] == [
        ("TPL012", 11, 15), ("TPL012", 36, 40), ("TPL006", 17, 25),
    ]  # fmt: skip
    assert (
        findings[0].message == "Artifact name `../x` has a `..` segment: expected a file name inside the artifact store"
    )


@pytest.mark.parametrize("state", [STATE, SCHEMA], ids=["sample", "schema"])
def test_strict_undefined_key_checks_root_and_path(state):
    assert _lint("{user:profile.name} {items[0].title} {items[7].title} {user:profile.x?}", state) == []
    assert _lint("{user:profle.name}", state) == [("TPL011", 2)]
    (finding,) = _findings("Hi {user:profile.nme}", state)
    assert (finding.code, finding.column, finding.end_column) == ("TPL011", 5, 21)
    assert finding.message.startswith("`user:profile.nme` is not in the state schema: `user:profile` has no key `nme`")
    assert finding.help == "did you mean `user:profile.name`?"


def test_strict_undefined_key_root_span_covers_the_key_only():
    (finding,) = _findings("Hi {user:profle.name}", STATE)
    assert (finding.column, finding.end_column, finding.help) == (5, 16, "did you mean `user:profile`?")
    assert finding.message.endswith("the strict dialect raises `MissingKeyError` when it is missing")


def test_strict_undefined_key_step_into_a_string():
    (finding,) = _findings("{greeting.text}", STATE)
    assert "`greeting` holds no mapping with `text`" in finding.message


def test_strict_rules_per_dialect_match_the_rulebook():
    port_code = {"TPL025", "TPL026"}  # they read one port's TypeScript, not templates
    assert rules_for_dialect("strict") == {r.code for r in RULES} - {"TPL001", "TPL003", "TPL004", "TPL017"} - port_code
    assert rules_for_dialect("adk") == {r.code for r in RULES} - {"TPL012"} - port_code


EXPECTED_TREE = [
    ("agent.yaml", 3, 24, "TPL014"),  # in the sample, but a sample seeds no session
    ("agent.yaml", 3, 47, "TPL011"),
    ("agents/agent.py", 5, 50, "TPL011"),
    ("agents/agent.py", 7, 36, "TPL005"),
    ("agents/agent.py", 7, 53, "TPL005"),
    ("agents/agent.py", 8, 43, "TPL006"),
    ("agents/agent.py", 8, 44, "TPL011"),
    ("agents/agent.py", 9, 9, "TPL007"),
    ("agents/agent.py", 9, 37, "TPL012"),
    ("agents/agent.py", 13, 50, "TPL002"),
    ("agents/agent.py", 13, 66, "TPL011"),
    ("agents/agent.py", 13, 76, "TPL011"),
    ("greeting.prompt", 1, 14, "TPL011"),
    ("greeting.prompt", 2, 6, "TPL005"),
    ("greeting.prompt", 2, 21, "TPL011"),
]


def test_strict_fixture_tree_with_the_config_dialect(monkeypatch, run_cli):
    monkeypatch.chdir(TREE)
    code, out, _ = run_cli("lint", ".", "--output-format", "json")
    found = [(d["filename"], d["location"]["row"], d["location"]["column"], d["code"]) for d in json.loads(out)]
    assert (code, found) == (1, EXPECTED_TREE)


def test_strict_fixture_tree_dialect_flag_overrides_the_config(monkeypatch, run_cli):
    monkeypatch.chdir(TREE)
    _, out, _ = run_cli("lint", ".", "--dialect", "adk", "--output-format", "concise")
    assert "agent.yaml:3:7: TPL001 `{{greeting}}` is not an escape: ADK substitutes the state key `greeting`" in out
    assert (
        "greeting.prompt:2:20: TPL005 `{budget.amount}` is left literal: the `adk` dialect has no nested paths" in out
    )
    assert "TPL012" not in out


def test_strict_dialect_flag_on_an_adk_tree(monkeypatch, capsys):
    tree = TREE.parent / "travel"
    monkeypatch.chdir(tree)
    result = lint_paths(
        [tree / "configs" / "root_agent.yaml"],
        Settings(root=tree, dialect="strict", enabled=select_rules(None, ["TPL014"])),
    )
    assert [(f.line, f.column, f.code) for f in result.findings] == [(6, 36, "TPL005")]

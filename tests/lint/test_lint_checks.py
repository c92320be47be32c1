"""Each rule on small templates: what fires, where, and what stays quiet."""

import pytest

from templating.lint.instruction_lint import lint_instruction
from templating.lint.settings import Settings
from templating.project.model.instruction import Instruction, Interpolation, SourceFile


def _lint(text: str, field: str = "instruction", settings: Settings | None = None, interpolations=()):
    instruction = Instruction(SourceFile("p.txt", text), text, tuple(range(len(text) + 1)), field, interpolations)
    return [(f.code, f.column) for f in lint_instruction(instruction, settings or Settings())]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Hi {{name}}", [("TPL001", 4)]),
        ("Hi {{{name}}}", [("TPL001", 4)]),
        ('Reply {{ "a": 1 }}', [("TPL002", 7)]),
        ('Reply {"name": {name}}', [("TPL003", 16)]),  # one span, one finding: TPL003 names the cause
        ("Hi {name}} and {{x}", [("TPL003", 4), ("TPL003", 16)]),
        ("Hi { name }", [("TPL004", 4)]),
        ("if (x) {\n  value\n}", [("TPL004", 8)]),
        ("Hi {user.name}", [("TPL005", 4)]),
        ("Hi {session:lang}", [("TPL005", 4)]),
        ("Hi {title ?}", [("TPL005", 4)]),
        ("Hi {my-key}", [("TPL005", 4)]),
        ("Hi {return}", [("TPL006", 4)]),
        ("```\nx = {a}\n```", [("TPL006", 5)]),
        ("Budget ${budget}", [("TPL007", 8)]),
        ("Keep \\{name}", [("TPL007", 6)]),
        ("Hi {café}", [("TPL008", 5)]),
    ],
)
def test_checks_fire_at_the_offending_text(text, expected):
    assert _lint(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        'Reply with JSON: {"name": "x", "tags": ["a", "b"]}',
        "Plain prose with {some words} in braces, {0} and {} and {name:>10}.",
        "A CSS rule: p { margin: 0; }",
        "Hi {name}, plan {plan?}, {user:id}, {artifact.notes.txt}.",
        "```\n{document}\n```",
        "$ {price} and a lone } and {",
    ],
)
def test_checks_stay_quiet_on_ordinary_text(text):
    assert _lint(text) == []


def test_checks_static_instruction_placeholders_are_never_filled():
    assert _lint("Cached {name} and {{x}}", field="static_instruction") == [("TPL009", 8), ("TPL009", 19)]


def test_checks_fstring_runtime_values():
    assert _lint("v=\ufffc", interpolations=(Interpolation(2, "data"),)) == [("TPL010", 3)]


def test_checks_undefined_key_with_schema():
    settings = Settings(known_keys=frozenset({"user_name"}))
    instruction = Instruction(
        SourceFile("p", "Hi {user_nme} {x?}"), "Hi {user_nme} {x?}", tuple(range(19)), "instruction"
    )
    (finding,) = lint_instruction(instruction, settings)
    assert (finding.code, finding.column, finding.help) == ("TPL011", 5, "did you mean `user_name`?")


def test_checks_silent_literal_did_you_mean():
    instruction = Instruction(SourceFile("p", "{usr:name}"), "{usr:name}", tuple(range(11)), "instruction")
    (finding,) = lint_instruction(instruction, Settings())
    assert finding.help == "did you mean `{user:name}`?"


def test_checks_strict_dialect_skips_gracefully_or_reports_syntax():
    findings = _lint("Hi {{name}}", settings=Settings(dialect="strict"))
    assert all(code not in {"TPL001"} for code, _ in findings)


def _findings(text: str, settings: Settings, field: str = "instruction", interpolations=()):
    instruction = Instruction(SourceFile("p.txt", text), text, tuple(range(len(text) + 1)), field, interpolations)
    return lint_instruction(instruction, settings)


def test_checks_huge_brace_run_message_is_truncated():
    (finding,) = _findings("{" * 900_000, Settings())
    assert finding.message == "`" + "{" * 37 + "...` is not `str.format`: the model sees 900000 braces"


LONG = "a" * 5000
SCHEMA = Settings(known_keys=frozenset({"zz", LONG[:-1]}), state={"zz": 1})


@pytest.mark.parametrize(
    ("text", "settings", "field"),
    [
        ("{" * 100 + LONG + "}" * 100, SCHEMA, "instruction"),
        ("{{ " + LONG + "}}", SCHEMA, "instruction"),
        ("{" + LONG + "}}", SCHEMA, "instruction"),
        ("{" + LONG + ".b}", SCHEMA, "instruction"),
        ("{" + LONG + " ?}", SCHEMA, "instruction"),
        ("{" + "a-" * 2500 + "}", Settings(), "instruction"),
        ("${" + LONG + "} \\{" + "a-" * 2500 + "}", Settings(), "instruction"),
        ("{" + "é" * 5000 + "}", SCHEMA, "instruction"),
        ('{"k": {' + LONG + "}}", Settings(), "instruction"),
        ("{" + LONG + "}", Settings(), "static_instruction"),
        (
            "{" + LONG + ".b}",
            Settings(dialect="strict", state={LONG: {"c": 1}}, known_keys=frozenset({LONG})),
            "instruction",
        ),
        ("{{ " + LONG + " }} {if" + LONG + "}", Settings(dialect="strict"), "instruction"),
    ],
)
def test_checks_messages_and_help_never_quote_more_than_a_short_snippet(text, settings, field):
    findings = _findings(text, settings, field, (Interpolation(0, LONG),) if field == "instruction" else ())
    assert findings
    for finding in findings:
        assert len(finding.message) < 300, finding.message
        assert len(finding.help) < 300, finding.help
        assert finding.fix is None or len(finding.fix.message) < 100, finding.fix.message

"""The dialect registry and the record every dialect is: names derived from it, patterns
compiled on first use, and hostile input (issue 22) handled without a traceback or a hang."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import nested_states, templates

import templating
from templating import compiler
from templating.dialects import DIALECT_NAMES, DIALECTS, PORT_NAMES, PORTS, get_dialect
from templating.dialects.dialect import BRACE_RUN_PATTERN
from templating.dialects.javascript import json_stringify
from templating.dialects.strict import check_artifact_name, read_strict_name


def test_dialects_registry_lists_every_port_once():
    assert DIALECT_NAMES == ("adk", "strict", "adk-js", "adk-go", "adk-java", "adk-kotlin", "adk-ts")
    assert PORT_NAMES == ("python", "js", "go", "java", "kotlin", "adk-ts")
    assert all(PORTS[port].port == port for port in PORT_NAMES)
    assert all(get_dialect(name) is DIALECTS[name] and DIALECTS[name].name == name for name in DIALECT_NAMES)


def test_dialects_unknown_name_is_a_clear_error():
    with pytest.raises(ValueError, match=r"Unknown dialect `adk-rust`: expected one of `adk`, `strict`"):
        get_dialect("adk-rust")


def test_dialects_import_compiles_no_pattern():
    # `templating --version` must not pay for patterns: nothing is compiled until a template is.
    probe = (
        "import templating, templating.dialects.dialect as d, sys\n"
        "import templating.dialects as ds\n"
        "mods = [m for name, m in sys.modules.items() if name.startswith('templating')]\n"
        "import re\n"
        "compiled = [n for m in mods for n, v in vars(m).items() if isinstance(v, re.Pattern)]\n"
        "print(len(d._COMPILED), compiled)\n"
    )
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split(None, 1) == ["0", "[]\n"]


brace_text = st.text(alphabet=st.sampled_from(["{", "}", "a", " ", "$", "\\", "\n"]), max_size=40)


@settings(max_examples=2000, deadline=None)
@given(text=brace_text)
def test_dialects_brace_run_pattern_finds_what_the_ports_pattern_finds(text):
    ports_pattern = re.compile(r"\{+[^{}]*\}+")  # adk-js, Go, Java and Kotlin write it so
    expected = [match.span() for match in ports_pattern.finditer(text)]
    assert [match.span() for match in re.finditer(BRACE_RUN_PATTERN, text)] == expected


@pytest.mark.parametrize("dialect", ["adk-js", "adk-go", "adk-java", "adk-kotlin", "adk-ts", "adk", "strict"])
def test_dialects_compile_a_long_run_of_braces_in_linear_time(dialect):
    # 100,000 `{` took 133 s in adk-js (quadratic backtracking); the bound here is generous.
    code = f"import templating; templating.compile_template('{{' * 100_000 + 'x', dialect={dialect!r}).render({{}})"
    subprocess.run([sys.executable, "-c", code], check=True, timeout=20)


def test_dialects_strict_index_of_any_length_is_literal_not_a_traceback():
    name = "items[" + "9" * 5000 + "]"
    assert read_strict_name(name) is None
    template = templating.compile_template("{" + name + "}", dialect="strict")
    assert template.render({"items": [1]}) == "{" + name + "}"
    assert read_strict_name("items[" + "9" * 19 + "]") == ("items", (10**19 - 1,))


@pytest.mark.parametrize("name", ["user:../secret", "C:secret", "c:\\x", "user:/etc/passwd", "user:C:x", "a/../../b"])
def test_dialects_strict_artifact_name_outside_the_store_is_refused(name):
    assert check_artifact_name(name) is not None
    with pytest.raises(templating.TemplateSyntaxError):
        templating.compile_template("{artifact." + name + "}", dialect="strict")


@pytest.mark.parametrize("name", ["user:notes.md", "reports/2024.txt", "a..b.txt", "user:x"])
def test_dialects_strict_artifact_name_inside_the_store_is_accepted(name):
    assert check_artifact_name(name) is None


def _nested(depth: int) -> list:
    value: list = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("dialect", ["adk-js", "adk-ts", "adk-go", "adk-java", "adk-kotlin"])
def test_dialects_deeply_nested_values_are_written_without_recursion(dialect):
    # The Python formatter recursed, and failed from about 330 levels on.
    text = templating.compile_template("{v}", dialect=dialect).render({"v": _nested(3_000)})
    assert text.count("[") == 3_001 and text.replace("\n", "").replace(" ", "").startswith("[[[")


@pytest.mark.parametrize("dialect", ["adk-go", "adk-java", "adk-kotlin"])
def test_dialects_very_deep_values_are_written_in_linear_time(dialect):
    text = templating.compile_template("{v}", dialect=dialect).render({"v": _nested(100_000)})
    assert text == "[" * 100_001 + "]" * 100_001


@pytest.mark.parametrize(("dialect", "message"), [
    ("adk-js", "Failed to serialize value for instruction template: Maximum call stack size exceeded"),
    ("adk-ts", "Maximum call stack size exceeded"),
])  # fmt: skip
def test_dialects_json_deeper_than_v8s_stack_is_its_error(dialect, message):
    with pytest.raises(templating.ValueFormatError) as raised:
        templating.compile_template("{v}", dialect=dialect).render({"v": _nested(100_000)})
    assert raised.value.args[0] == message


def test_dialects_json_stringify_names_the_circle():
    value: dict = {"a": [1]}
    value["a"].append(value)
    with pytest.raises(ValueError, match=r"index 1 closes the circle"):
        json_stringify(value)


class _Loud(str):
    def __format__(self, spec):
        return "FORMATTED"


class _Value:
    def __str__(self):
        return _Loud("plain")


def test_dialects_adk_fast_path_joins_what_str_returns_as_google_adk_does():
    # google-adk joins str(value); a str subclass's own __format__ is never called there.
    for count in (1, 150):  # generated source, and the gather for many placeholders
        template = templating.compile_template(" ".join(f"{{k{i}}}" for i in range(count)))
        state = {f"k{i}": _Value() for i in range(count)}
        assert template.render(state) == " ".join(["plain"] * count)


def test_dialects_compile_cache_is_bounded_by_bytes(monkeypatch):
    monkeypatch.setattr(compiler, "_CACHE", {})
    monkeypatch.setattr(compiler, "CACHE_BYTES", 5_000_000)
    for index in range(10):  # 10 MB of template text: twice what the cache may hold
        templating.compile_template(str(index) + "x" * 1_000_000)
    assert sum(entry._size for entry in compiler._CACHE.values()) <= compiler.CACHE_BYTES
    assert [text[0] for text, *_ in compiler._CACHE] == ["8", "9"]  # the newest stay
    huge = "{k} " * 1_000_000  # estimated above the whole bound: compiled, not kept
    assert templating.compile_template(huge).render({"k": "v"}) == "v " * 1_000_000
    assert [text[0] for text, *_ in compiler._CACHE] == ["8", "9"]


# Properties every dialect keeps, on generated templates and states.
@pytest.mark.parametrize("dialect", DIALECT_NAMES)
@settings(max_examples=300, deadline=None)
@given(template=templates, state=nested_states)
def test_dialects_parse_is_lossless_and_render_raises_only_template_errors(dialect, template, state):
    try:
        parsed = templating.parse(template, dialect=dialect)
    except templating.TemplateSyntaxError:  # strict: an invalid artifact name
        assert dialect == "strict"
        return
    assert "".join(node.source for node in parsed.nodes) == template
    compiled = templating.compile_template(template, dialect=dialect)
    try:
        compiled.render(state)
    except (templating.MissingKeyError, templating.ValueFormatError):
        pass
    except TypeError as error:  # artifact placeholders render asynchronously
        assert compiled.artifact_names and "render_async" in str(error)


@pytest.mark.parametrize("dialect", DIALECT_NAMES)
@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.characters(blacklist_characters="{"), max_size=30))
def test_dialects_text_without_a_brace_renders_to_itself(dialect, text):
    assert templating.compile_template(text, dialect=dialect).render({}) == text


# Where the brace-run ports are documented to agree (text values, ASCII names, no `$` or `\`
# before a brace, whitespace every port trims, no artifacts), Go, Java and Kotlin render what
# adk-js renders: adk-js is checked against the real package, so this carries that check over.
_AGREED_NAMES = ["a", "b", "name", "x1", "_", "app:a", "user:name", "temp:b", "1a", "a b", "app:", "x:y", "a-b"]
agreed_groups = st.builds(
    lambda *pieces: "".join(pieces),
    st.sampled_from(["{", "{{", "{{{"]),
    st.sampled_from(["", " ", "\t", "\n"]),
    st.sampled_from(_AGREED_NAMES),
    st.sampled_from(["", "?"]),
    st.sampled_from(["", " ", "\n"]),
    st.sampled_from(["}", "}}", "}}}"]),
)
agreed_templates = st.lists(
    st.one_of(agreed_groups, st.sampled_from(["Hello ", " and ", "{", "}", ": ", "\n", '{"k": 1}'])), max_size=8
).map("".join)
agreed_states = st.dictionaries(
    st.sampled_from(["a", "b", "name", "x1", "_", "app:a", "user:name", "temp:b"]),
    st.one_of(st.text(alphabet="ab{} é", max_size=4), st.integers(-(10**15), 10**15)),
    max_size=8,
)


@pytest.mark.parametrize("dialect", ["adk-go", "adk-java", "adk-kotlin"])
@settings(max_examples=300, deadline=None)
@given(template=agreed_templates, state=agreed_states)
def test_dialects_brace_run_ports_agree_with_adk_js_where_documented(dialect, template, state):
    def outcome(name):
        try:
            return templating.compile_template(template, dialect=name).render(state)
        except templating.MissingKeyError as error:
            return ("missing", error.key)

    assert outcome(dialect) == outcome("adk-js")

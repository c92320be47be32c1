"""The parser: a lossless AST with exact spans, classified as google-adk classifies."""

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import templates

import templating
from templating import Escape, LiteralGroup, Placeholder, Span, Text


@given(st.one_of(templates, st.text()))
def test_parse_is_lossless_and_contiguous(text):
    template = templating.parse(text)
    assert "".join(node.source for node in template.nodes) == text
    position = 0
    for node in template.nodes:
        assert node.span == Span(position, position + len(node.source))
        assert text[node.span.start : node.span.end] == node.source
        position = node.span.end
    assert position == len(text)


@given(st.one_of(templates, st.text()))
def test_parse_name_span_points_at_the_name(text):
    for placeholder in templating.parse(text).placeholders:
        name = text[placeholder.name_span.start : placeholder.name_span.end]
        expected = ("artifact." + placeholder.key) if placeholder.artifact else placeholder.key
        assert name == expected == placeholder.expression


def test_parse_classifies_nodes():
    nodes = templating.parse("Hi {user:name?} {a-b} {{ x }} {artifact.f.txt} {}").nodes
    assert nodes[0] == Text(Span(0, 3), "Hi ")
    assert nodes[1] == Placeholder(Span(3, 15), "{user:name?}", "user:name", True, False, Span(4, 13))
    assert nodes[3] == LiteralGroup(Span(16, 21), "{a-b}", "invalid-name")
    assert nodes[5] == Placeholder(Span(22, 29), "{{ x }}", "x", False, False, Span(25, 26))
    assert nodes[7] == Placeholder(Span(30, 46), "{artifact.f.txt}", "f.txt", False, True, Span(31, 45))
    assert nodes[9] == LiteralGroup(Span(47, 49), "{}", "empty")


@pytest.mark.parametrize(
    ("text", "key"),
    [("{ title? }", "title"), ("{\tname\n}", "name"), ("{app:x}", "app:x"), ("{名前}", "名前"), ("{class}", "class")],
)
def test_parse_accepts_what_adk_accepts(text, key):
    (placeholder,) = templating.parse(text).placeholders
    assert placeholder.key == key


@pytest.mark.parametrize(
    "text",
    ["{title ?}", "{a.b}", "{session:x}", "{app:a:b}", "{0}", "{x??}", "{na me}", "{\ufeffname}", "${x}", "\\{x}"],
)
def test_parse_leaves_what_adk_leaves(text):
    assert templating.parse(text).placeholders == ()


def test_parse_artifact_name_is_taken_verbatim():
    (placeholder,) = templating.parse("{artifact.f.txt ?}").placeholders
    assert placeholder.key == "f.txt "
    assert placeholder.optional


def test_parse_rejects_non_string_template():
    with pytest.raises(TypeError, match="template must be a str, got int"):
        templating.parse(123)


def test_parse_rejects_unknown_dialect():
    with pytest.raises(ValueError, match="Unknown dialect `jinja`: expected one of `adk`, `strict`"):
        templating.parse("x", dialect="jinja")


def test_parse_megabyte_template_is_lossless():
    text = ('{a} {{b}} {"k": {c}} ${d} ' * 40_000)[:1_000_000]
    template = templating.parse(text)
    assert "".join(node.source for node in template.nodes) == text
    assert len(template.placeholders) > 100_000


@given(st.one_of(templates, st.text()))
def test_parse_strict_is_lossless_and_contiguous(text):
    try:
        template = templating.parse(text, dialect="strict")
    except templating.TemplateSyntaxError as error:
        assert error.code == "artifact-name"
        return
    assert "".join(node.source for node in template.nodes) == text
    position = 0
    for node in template.nodes:
        assert node.span == Span(position, position + len(node.source))
        position = node.span.end
    assert position == len(text)


def test_parse_strict_classifies_nodes():
    nodes = templating.parse('{"k": {user:profile.name?}} {{x}} { page } {items[0}', dialect="strict").nodes
    assert nodes[0] == Text(Span(0, 6), '{"k": ')
    assert nodes[1] == Placeholder(
        Span(6, 26), "{user:profile.name?}", "user:profile", True, False, Span(7, 24), ("name",)
    )
    assert nodes[1].expression == "user:profile.name"
    assert nodes[2] == Text(Span(26, 28), "} ")
    assert nodes[3] == Escape(Span(28, 33), "{{x}}", "{x}")
    assert nodes[5] == LiteralGroup(Span(34, 42), "{ page }", "whitespace")
    assert nodes[7] == LiteralGroup(Span(43, 52), "{items[0}", "invalid-name")


def test_parse_strict_artifact_placeholder():
    (placeholder,) = templating.parse("{artifact.notes/today.md?}", dialect="strict").placeholders
    assert (placeholder.key, placeholder.optional, placeholder.artifact) == ("notes/today.md", True, True)
    assert placeholder.expression == "artifact.notes/today.md"


@pytest.mark.parametrize(
    ("text", "line", "column", "message"),
    [
        ("{artifact.../x}", 1, 11, "Artifact name `../x` has a `..` segment"),
        ("one\n  {artifact./etc/passwd?}", 2, 13, "Artifact name `/etc/passwd` is absolute"),
        ("{artifact.}", 1, 11, "Artifact name is empty"),
        ("{artifact.my notes.txt}", 1, 11, "Artifact name `my notes.txt` contains whitespace"),
        ("{{artifact.a/../b}}", 1, 12, "Artifact name `a/../b` has a `..` segment"),
    ],
)
def test_parse_strict_invalid_artifact_name_is_a_syntax_error(text, line, column, message):
    with pytest.raises(templating.TemplateSyntaxError) as caught:
        templating.parse(text, dialect="strict")
    error = caught.value
    assert isinstance(error, ValueError)
    assert (error.code, error.line, error.column) == ("artifact-name", line, column)
    assert error.message.startswith(message)
    assert str(error).endswith(f"(at line {line}, column {column})")


def test_parse_strict_syntax_error_pickles_with_its_fields():
    import pickle

    with pytest.raises(templating.TemplateSyntaxError) as caught:
        templating.parse("{artifact.../x}", dialect="strict")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.args, copy.code, copy.line, copy.column, copy.span) == (
        caught.value.args,
        "artifact-name",
        1,
        11,
        Span(10, 14),
    )


@pytest.mark.parametrize(
    "text", ["{ artifact.x }", "{artifact:x}", "${artifact.../x}", "\\{artifact.}", "{{{artifact.}}}"]
)
def test_parse_strict_artifact_lookalikes_are_literal(text):
    assert templating.parse(text, dialect="strict").placeholders == ()


@pytest.mark.parametrize(
    "text",
    [
        "{" * 1_000_000,
        "}" * 1_000_000,
        ("{a" * 500_000),
        ("{{x}}{" * 170_000)[:1_000_000],
        ('{"k": {name}} {{b}} ${c} { d } {e[0].f?}\n' * 25_000)[:1_000_000],
        "{" + "a" * 999_998 + "}",
    ],
    ids=["opens", "closes", "unclosed", "escapes", "mixed", "one-group"],
)
def test_parse_strict_megabyte_brace_heavy_template_is_lossless(text):
    # Linear time is what keeps this fast; a quadratic scan would take hours here.
    template = templating.parse(text, dialect="strict")
    assert "".join(node.source for node in template.nodes) == text

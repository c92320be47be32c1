"""The parser: a lossless AST with exact spans, classified as google-adk classifies."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import templating
from strategies import templates
from templating import LiteralGroup, Placeholder, Span, Text


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
    "text", ["{title ?}", "{a.b}", "{session:x}", "{app:a:b}", "{0}", "{x??}", "{na me}", "{\ufeffname}", "${x}", "\\{x}"]
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
    text = ("{a} {{b}} {\"k\": {c}} ${d} " * 40_000)[:1_000_000]
    template = templating.parse(text)
    assert "".join(node.source for node in template.nodes) == text
    assert len(template.placeholders) > 100_000

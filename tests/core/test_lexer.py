"""The lexer: total, contiguous, never raises."""

from hypothesis import given
from hypothesis import strategies as st
from strategies import templates

from templating.dialects import ADK
from templating.lexer import TokenKind, tokenize


@given(st.one_of(templates, st.text()))
def test_tokenize_covers_text_contiguously_and_never_raises(text):
    tokens = tokenize(text, ADK)
    position = 0
    for token in tokens:
        assert token.span.start == position
        assert token.span.end > token.span.start
        position = token.span.end
    assert position == len(text)


def test_tokenize_cuts_brace_groups_out_of_text():
    tokens = tokenize("a {b} ${c} {{d}", ADK)
    kinds = [(token.kind, token.span.start, token.span.end) for token in tokens]
    assert kinds == [
        (TokenKind.TEXT, 0, 2),
        (TokenKind.GROUP, 2, 5),
        (TokenKind.TEXT, 5, 11),
        (TokenKind.GROUP, 11, 15),
    ]


def test_tokenize_empty_text_has_no_tokens():
    assert tokenize("", ADK) == []

"""Stage 1: cut template text into tokens.

The lexer never fails: every character of the input lands in exactly one token, and the
tokens are contiguous. A ``GROUP`` token is a brace group the dialect's pattern found; the
parser decides whether it is a placeholder. Everything else is ``TEXT``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from templating.dialects import Dialect
from templating.source import Span

__all__ = ["Token", "TokenKind", "iter_tokens", "tokenize"]


class TokenKind(enum.Enum):
    """What a token is."""

    TEXT = "text"
    GROUP = "group"


@dataclass(frozen=True, slots=True)
class Token:
    """A contiguous piece of the template text."""

    kind: TokenKind
    span: Span


def tokenize(text: str, dialect: Dialect) -> list[Token]:
    """Split ``text`` into contiguous ``TEXT`` and ``GROUP`` tokens covering all of it."""
    return list(iter_tokens(text, dialect))


def iter_tokens(text: str, dialect: Dialect) -> Iterator[Token]:
    """The tokens of `tokenize`, one at a time: a reader that streams a large template holds
    one token, not a list as long as the text."""
    position = 0
    for match in dialect.group_pattern.finditer(text):
        start, end = match.span()
        if start > position:
            yield Token(TokenKind.TEXT, Span(position, start))
        yield Token(TokenKind.GROUP, Span(start, end))
        position = end
    if position < len(text):
        yield Token(TokenKind.TEXT, Span(position, len(text)))

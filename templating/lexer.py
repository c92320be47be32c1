"""Stage 1: cut template text into tokens.

The lexer never fails: every character of the input lands in exactly one token, and the
tokens are contiguous. A ``GROUP`` token is a brace group the dialect's pattern found; the
parser decides whether it is a placeholder. Everything else is ``TEXT``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from templating.dialects import Dialect
from templating.source import Span

__all__ = ["Token", "TokenKind", "tokenize"]


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
    tokens: list[Token] = []
    position = 0
    for match in dialect.group_pattern.finditer(text):
        start, end = match.span()
        if start > position:
            tokens.append(Token(TokenKind.TEXT, Span(position, start)))
        tokens.append(Token(TokenKind.GROUP, Span(start, end)))
        position = end
    if position < len(text):
        tokens.append(Token(TokenKind.TEXT, Span(position, len(text))))
    return tokens

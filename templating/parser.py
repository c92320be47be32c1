"""Stage 2: turn tokens into the lossless template AST.

The parser reads each brace group the lexer found and decides what it is: a placeholder
for a state key or an artifact, or a literal group left as written. It follows the order
google-adk uses: strip the braces, strip whitespace (if the dialect allows it), drop one
trailing ``?``, check for ``artifact.``, and only then validate the name.
"""

from __future__ import annotations

from templating.lexer import Token, TokenKind, tokenize
from templating.nodes import LiteralGroup, Node, Placeholder, Template, Text
from templating.source import Span
from templating.syntax import ARTIFACT_PREFIX, Dialect, get_dialect

__all__ = ["parse"]


def parse(text: str, *, dialect: str = "adk") -> Template:
    """Parse ``text`` into a :class:`~templating.nodes.Template` in the given dialect.

    The nodes cover the text exactly, in order. Raises ``TypeError`` if ``text`` is not a
    ``str`` and ``ValueError`` for an unknown dialect.
    """
    if not isinstance(text, str):
        raise TypeError(f"template must be a str, got {type(text).__name__}")
    rules = get_dialect(dialect)
    nodes = tuple(_parse_token(text, token, rules) for token in tokenize(text, rules))
    return Template(text=text, dialect=rules.name, nodes=nodes)


def _parse_token(text: str, token: Token, rules: Dialect) -> Node:
    source = token.span.slice(text)
    if token.kind is TokenKind.TEXT:
        return Text(token.span, source)
    return _parse_group(source, token.span, rules)


def _parse_group(source: str, span: Span, rules: Dialect) -> Node:
    """Read one brace group: a run of ``{``, a body without braces, a run of ``}``."""
    opening = len(source) - len(source.lstrip("{"))
    closing = len(source) - len(source.rstrip("}"))
    body = source[opening : len(source) - closing]
    name = body.strip() if rules.strips_whitespace else body
    leading_space = len(body) - len(body.lstrip()) if rules.strips_whitespace else 0
    name_start = span.start + opening + leading_space
    optional = name.endswith("?")
    if optional:
        name = name[:-1]
    name_span = Span(name_start, name_start + len(name))
    if name.startswith(ARTIFACT_PREFIX):
        key = name[len(ARTIFACT_PREFIX) :]
        return Placeholder(span, source, key, optional, True, name_span)
    if rules.is_state_name(name):
        return Placeholder(span, source, name, optional, False, name_span)
    return LiteralGroup(span, source, "empty" if not name else "invalid-name")

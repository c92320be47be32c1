"""Stage 2: turn tokens into the lossless template AST.

The parser reads each brace group the lexer found and decides what it is: a placeholder
for a state key or an artifact, or a literal group left as written. It follows the order
google-adk uses: strip the braces, strip whitespace (if the dialect allows it), drop one
trailing ``?``, check for ``artifact.``, and only then validate the name.

In the ``strict`` dialect a group is ``{body}`` or ``{{body}}`` and whitespace is never
stripped: a body with whitespace is literal, a doubled placeholder is an [`Escape`][templating.Escape],
and an invalid artifact name is a [`TemplateSyntaxError`][templating.TemplateSyntaxError].
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.dialects import ARTIFACT_PREFIX, Dialect, get_dialect
from templating.errors import TemplateSyntaxError
from templating.lexer import Token, TokenKind, iter_tokens
from templating.markers import MARKER_KINDS, Marker
from templating.nodes import Escape, LiteralGroup, Node, Placeholder, Template, Text
from templating.source import Span, line_and_column

__all__ = ["iter_nodes", "parse", "read_group", "read_group_at"]


def parse(text: str, *, dialect: str = "adk") -> Template:
    """Parse ``text`` into a [`Template`][templating.Template] in the given dialect.

    The nodes cover the text exactly, in order. Raises ``TypeError`` if ``text`` is not a
    ``str``, ``ValueError`` for an unknown dialect, and
    [`TemplateSyntaxError`][templating.TemplateSyntaxError] (a ``ValueError``) for text the dialect
    rejects: in ``strict``, an invalid artifact name.
    """
    if not isinstance(text, str):
        raise TypeError(f"template must be a str, got {type(text).__name__}")
    chosen = get_dialect(dialect)
    return Template(text=text, dialect=chosen.name, nodes=tuple(iter_nodes(text, chosen)))


def iter_nodes(text: str, dialect: Dialect) -> Iterator[Node]:
    """The nodes of `parse`, one at a time, with the same spans and the same errors: for a
    template too large to hold as a tree (a node costs some hundred bytes, a tenfold of a
    placeholder-dense text)."""
    for token in iter_tokens(text, dialect):
        yield _parse_token(text, token, dialect)


def read_group(source: str, dialect: Dialect) -> Node:
    """Read one brace group found by ``dialect.group_pattern`` on its own: its node's spans are
    relative to the group. For splitters that need what a group is, not where it is."""
    return _parse_token(source, Token(TokenKind.GROUP, Span(0, len(source))), dialect)


def read_group_at(text: str, start: int, end: int, dialect: Dialect) -> Node:
    """Read the brace group ``text[start:end]`` with its spans (and its errors' positions) in
    ``text``, as `parse` reads it."""
    return _parse_token(text, Token(TokenKind.GROUP, Span(start, end)), dialect)


def _parse_token(text: str, token: Token, dialect: Dialect) -> Node:
    source = token.span.slice(text)
    if token.kind is TokenKind.TEXT:
        return Text(token.span, source)
    node = _parse_group(text, source, token.span, dialect)
    if dialect.escapes and source.startswith("{{") and isinstance(node, Placeholder):
        return Escape(token.span, source, source[1:-1])
    return node


def _parse_group(text: str, source: str, span: Span, dialect: Dialect) -> Node:
    """Read one brace group: a run of ``{``, a body without braces, a run of ``}``."""
    opening = len(source) - len(source.lstrip("{"))
    closing = len(source) - len(source.rstrip("}"))
    body = source[opening : len(source) - closing]
    marker = None
    if dialect.markers:
        body, marker = _read_marker(body)
    name = body.strip(dialect.whitespace) if dialect.strips_whitespace else body
    leading_space = len(body) - len(body.lstrip(dialect.whitespace)) if dialect.strips_whitespace else 0
    name_start = span.start + opening + leading_space
    optional = name.endswith("?")
    if optional:
        name = name[:-1]
    name_span = Span(name_start, name_start + len(name))
    if name.startswith(ARTIFACT_PREFIX):
        key = name[len(ARTIFACT_PREFIX) :]
        _check_artifact_name(text, key, name_span, dialect)
        return Placeholder(span, source, key, optional, True, name_span, marker=marker)
    if not dialect.strips_whitespace and any(character.isspace() for character in body):
        return LiteralGroup(span, source, "whitespace")
    read = dialect.read_name(name)
    if read is not None:
        key, path = read
        return Placeholder(span, source, key, optional, False, name_span, path, marker)
    return LiteralGroup(span, source, "empty" if not name else "invalid-name")


def _read_marker(body: str) -> tuple[str, Marker | None]:
    """Split a data marker (``|data``, ``|json``) off the end of a body. A body with any other
    ``|`` is left whole, and then is no name."""
    name, bar, kind = body.rpartition("|")
    if bar and kind in MARKER_KINDS and name:
        return name, Marker(kind)
    return body, None


def _check_artifact_name(text: str, key: str, name_span: Span, dialect: Dialect) -> None:
    problem = dialect.check_artifact_name(key)
    if problem is None:
        return
    offset = name_span.start + len(ARTIFACT_PREFIX)
    line, column = line_and_column(text, offset)
    raise TemplateSyntaxError(problem, code="artifact-name", span=Span(offset, name_span.end), line=line, column=column)

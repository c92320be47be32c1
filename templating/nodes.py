"""The template AST: immutable nodes that together cover the source text exactly.

A [`Template`][templating.Template] is a tuple of nodes in source order. Each node keeps the exact source
text it came from and its [`Span`][templating.Span], so joining every node's
``source`` gives back the input (the AST is lossless), and every node can be traced to a
line and column for error messages and lint findings.

Node kinds:

- [`Text`][templating.Text]: literal text, rendered as written.
- [`Placeholder`][templating.Placeholder]: a state key or artifact to look up (``{name}``, ``{user:x?}``,
  ``{artifact.notes.txt}``, ``{profile.name}`` in the ``strict`` dialect).
- [`LiteralGroup`][templating.LiteralGroup]: a brace group that looks like a placeholder but is left as
  written (``{"a": 1}``, ``{not valid}``); the ``reason`` says why.
- [`Escape`][templating.Escape]: an escaped placeholder (``{{name}}`` in the ``strict`` dialect) that
  renders as ``text``.
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.markers import Marker
from templating.source import Span

__all__ = ["Escape", "LiteralGroup", "Node", "Placeholder", "Template", "Text"]


@dataclass(frozen=True, slots=True)
class Text:
    """Literal text, rendered exactly as written."""

    span: Span
    source: str


@dataclass(frozen=True, slots=True)
class Placeholder:
    """A value to look up when rendering.

    ``key`` is the state key as looked up (``"user:name"``), or the artifact's file name
    when ``artifact`` is true. ``path`` holds the steps into a nested value (``"name"`` for
    a dict key, ``0`` for a list index); it is always empty in the ``adk`` dialect.
    ``name_span`` covers the name inside the braces, without whitespace, ``?`` or braces.
    ``marker`` says how the value is written when it is not written plainly: a data marker
    (``{page|data}`` in the ``strict`` dialect) or a [`ValuePolicy`][templating.ValuePolicy].
    """

    span: Span
    source: str
    key: str
    optional: bool
    artifact: bool
    name_span: Span
    path: tuple[str | int, ...] = ()
    marker: Marker | None = None

    @property
    def expression(self) -> str:
        """The name as written between the braces, without whitespace and ``?``."""
        start = self.name_span.start - self.span.start
        return self.source[start : start + len(self.name_span)]


@dataclass(frozen=True, slots=True)
class LiteralGroup:
    """A brace group that is not a placeholder and renders as written.

    ``reason`` is a short kebab-case word saying why (``empty``, ``invalid-name``,
    ``whitespace``, ...), for tools such as the linter.
    """

    span: Span
    source: str
    reason: str


@dataclass(frozen=True, slots=True)
class Escape:
    """An escaped placeholder: the source ``{{name}}`` renders as ``text`` (``{name}``)."""

    span: Span
    source: str
    text: str


Node = Text | Placeholder | LiteralGroup | Escape


@dataclass(frozen=True, slots=True)
class Template:
    """A parsed template: its text, its dialect and its nodes in source order."""

    text: str
    dialect: str
    nodes: tuple[Node, ...]

    @property
    def placeholders(self) -> tuple[Placeholder, ...]:
        """The placeholders, in source order."""
        return tuple(node for node in self.nodes if isinstance(node, Placeholder))

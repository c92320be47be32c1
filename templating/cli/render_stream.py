"""``templating render`` without holding the template as a tree: memory bounded by the input.

[`compile_template`][templating.compile_template] keeps a node or a static string per piece
of the template, about ten to forty times a placeholder-dense text (a 30 MB prompt reached a
gigabyte), and joins the whole output in memory (a 20 MB value placed a thousand times is
20 GB). The command line needs neither: it renders once and prints. Here the template is read
group by group, twice: the first pass raises what `render_async` raises (a syntax error first,
then the first failing placeholder in template order, or adk-java's missing artifact service
before anything), writing nothing; the second writes each piece as it comes. What is held is
the text, the state and the values of distinct placeholders (up to a bound), whatever the
output's size.

The command line has no artifact service, so every dialect resolves placeholders in template
order here (adk-js's "state errors first" and strict's concurrent loads only reorder loads
that cannot happen); `tests/cli/test_render_stream.py` checks the two paths agree.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from templating.context import ReadonlyContext, RenderSource, read_context
from templating.dialects import Dialect, get_dialect
from templating.errors import TemplateError
from templating.nodes import Escape, Node, Placeholder
from templating.parser import read_group, read_group_at
from templating.render import artifact_value, check_artifact_service, state_value

__all__ = ["render_to"]

#: How many characters of placeholder values are remembered between the two passes (each
#: distinct placeholder's text is computed once while they fit, again in the second pass
#: past them), and how many distinct groups are remembered as read.
MEMO_CHARACTERS = 64_000_000
MEMO_GROUPS = 100_000

#: How many pieces, or characters of values, are gathered before one write: a write per
#: piece costs more than the piece when placeholders are dense.
BATCH_PIECES = 4096
BATCH_CHARACTERS = 1 << 20


def render_to(
    text: str, state: Mapping[str, Any], write: Callable[[str], object], *, dialect: str = "adk", agent_name: str = ""
) -> None:
    """Render ``text`` against ``state`` (no artifact service) into ``write``, piece by piece.

    Raises what ``compile_template(text, dialect=dialect).render_async(context)`` raises,
    before anything is written; otherwise writes exactly what it returns.
    """
    reader = _Reader(read_context(ReadonlyContext(state, agent_name=agent_name)), get_dialect(dialect), text)
    reader.check()
    reader.write(write)


class _Reader:
    """One render's groups and placeholder texts, remembered by the group's source: a group's
    source says all that decides what it is and its text (key, path, optional, marker,
    artifact). Nodes read here have spans relative to the group; an error is raised again
    from the group read in place, for its position in the template."""

    def __init__(self, source: RenderSource, dialect: Dialect, text: str) -> None:
        self.source, self.dialect, self.text = source, dialect, text
        self.groups: dict[str, Node] = {}
        self.values: dict[str, str] = {}
        self.held = 0

    def check(self) -> None:
        """Raise what the render would raise, in the order it would: the template's syntax
        errors (the parse comes first), adk-java's missing artifact service, then the first
        placeholder that fails."""
        first_artifact: tuple[int, int] | None = None
        first_error: tuple[int, int] | None = None
        values = self.values
        for match in self.dialect.group_pattern.finditer(self.text):
            group = match.group()
            if group in values:
                continue  # a placeholder met before (an artifact one among them): the hot path
            node = self._group(group, *match.span())
            if type(node) is not Placeholder:
                continue
            if node.artifact and first_artifact is None:
                first_artifact = match.span()
            if first_error is None:
                try:
                    self._value(group, node)
                except (TemplateError, NotImplementedError):
                    first_error = match.span()
        if self.dialect.service_errors_first and first_artifact is not None:
            node = read_group_at(self.text, *first_artifact, self.dialect)
            assert isinstance(node, Placeholder)
            check_artifact_service(self.source, node, self.text, self.dialect)
        if first_error is not None:
            node = read_group_at(self.text, *first_error, self.dialect)
            self._compute(node)  # raises, with the placeholder's position in the template
            raise AssertionError("a placeholder failed once and not again")  # pragma: no cover

    def write(self, write: Callable[[str], object]) -> None:
        """Write the output, `BATCH_PIECES` pieces at a time (after
        `check`, nothing here raises)."""
        text, values, position = self.text, self.values, 0
        batch: list[str] = []
        held = 0
        for match in self.dialect.group_pattern.finditer(text):
            start, end = match.span()
            group = match.group()
            value = values.get(group)
            if value is None:
                node = self._group(group, start, end)
                if type(node) is Placeholder:
                    value = self._value(group, node)
                else:
                    value = node.text if type(node) is Escape else group
            batch.append(text[position:start])
            batch.append(value)
            held += len(value)
            position = end
            if len(batch) > BATCH_PIECES or held > BATCH_CHARACTERS:
                write("".join(batch))
                batch, held = [], 0
        batch.append(text[position:])
        write("".join(batch))

    def _group(self, group: str, start: int, end: int) -> Node:
        node = self.groups.get(group)
        if node is None:
            try:
                node = read_group(group, self.dialect)
            except TemplateError:
                read_group_at(self.text, start, end, self.dialect)  # raises with the position
                raise
            if len(self.groups) < MEMO_GROUPS:
                self.groups[group] = node
        return node

    def _value(self, group: str, node: Placeholder) -> str:
        value = self.values.get(group)
        if value is not None:
            return value
        value = self._compute(node)
        if self.held + len(value) + len(group) <= MEMO_CHARACTERS:
            self.values[group] = value
            self.held += len(value) + len(group)
        return value

    def _compute(self, node: Node) -> str:
        assert isinstance(node, Placeholder)
        if node.artifact:
            return artifact_value(self.source, node, self.text, None, self.dialect)
        return state_value(self.source.state, node, self.dialect, self.text, self.source.agent_name)

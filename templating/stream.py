"""Stage 4, streamed: render a template's text piece by piece, holding neither its tree nor its output.

[`CompiledTemplate.stream`][templating.CompiledTemplate.stream] and
[`CompiledTemplate.stream_async`][templating.CompiledTemplate.stream_async] read the template
text group by group (the dialect's group pattern, as the lexer does), twice:

1. `StreamedRender.check` computes what ``render`` / ``render_async`` compute, in the order
   they compute it (artifact loads included), and raises what they raise, with the same
   positions; nothing is yielded yet.
2. `StreamedRender.pieces` yields the output in pieces of at most about `BATCH_CHARACTERS`
   characters: short values and runs of text are joined, a longer one is yielded apart, in
   slices (a 200 MB artifact is never copied whole, nor joined into a larger string, and a
   consumer that encodes each piece holds a megabyte of it at a time).

What a render holds between the passes: the text, the nodes of up to `MEMO_GROUPS` distinct
groups, the text of distinct placeholders up to `MEMO_CHARACTERS` characters (past it, the
second pass computes them again), and, in dialects that load an artifact at each of its
placeholders (``adk`` and most ports), each such placeholder's text, as ``render_async``
holds it. Groups are remembered by their source: a group's source decides all of what it is
and what it renders to (key, path, optional, marker, artifact).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import AsyncIterator, Iterator
from typing import Any

from templating.context import RenderSource
from templating.dialects import Dialect
from templating.dialects.dialect import ARTIFACT_PREFIX
from templating.errors import TemplateSyntaxError
from templating.nodes import Escape, Node, Placeholder
from templating.parser import read_group, read_group_at
from templating.policy import ValuePolicy
from templating.render import (
    artifact_value,
    check_artifact_service,
    load_artifact_value,
    load_artifacts,
    state_value,
)

__all__ = [
    "BATCH_CHARACTERS",
    "BATCH_PIECES",
    "MEMO_CHARACTERS",
    "MEMO_GROUPS",
    "GroupReader",
    "StreamedRender",
    "stream_source",
    "stream_state",
]

#: How many characters of placeholder text a render remembers between its two passes.
MEMO_CHARACTERS = 16_000_000

#: How many distinct groups a reader remembers as read (a node costs a few hundred bytes).
MEMO_GROUPS = 20_000

#: About how many characters each piece holds: a piece per placeholder costs the consumer
#: more than the piece when placeholders are dense, one piece for all is the whole output.
BATCH_CHARACTERS = 1 << 20

#: At most this many strings are joined into one piece.
BATCH_PIECES = 4096


class GroupReader:
    """The brace groups of one template text, read by their source and remembered.

    `node` reads a group on its own (spans relative to the group: what it is, not where);
    `at` reads it in place (spans and error positions in the text, as
    [`parse`][templating.parse] gives them). A ``policy`` marks the placeholders it covers.
    """

    __slots__ = ("dialect", "groups", "policy", "text")

    def __init__(self, text: str, dialect: Dialect, policy: ValuePolicy | None = None) -> None:
        self.text, self.dialect, self.policy = text, dialect, policy
        self.groups: dict[str, Node] = {}

    def matches(self) -> Iterator[re.Match[str]]:
        """The text's brace groups, in order."""
        return self.dialect.group_pattern.finditer(self.text)

    def node(self, group: str, start: int, end: int) -> Node:
        """The node of ``group``, found at ``text[start:end]``; a syntax error is raised with
        its position in the text."""
        node = self.groups.get(group)
        if node is None:
            try:
                node = self._marked(read_group(group, self.dialect))
            except TemplateSyntaxError:  # raised again, where it is
                self.at(start, end)
                raise
            if len(self.groups) < MEMO_GROUPS:
                self.groups[group] = node
        return node

    def at(self, start: int, end: int) -> Node:
        """The node of the group at ``text[start:end]``, with its spans in the text."""
        return self._marked(read_group_at(self.text, start, end, self.dialect))

    def _marked(self, node: Node) -> Node:
        policy = self.policy
        return node if policy is None or type(node) is not Placeholder else policy.apply(node)

    def state_keys(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The state keys of the required placeholders, and those read only by optional
        ones, each once and in text order."""
        required: dict[str, None] = {}
        optional: dict[str, None] = {}
        for match in self.matches():
            node = self.node(match.group(), *match.span())
            if type(node) is Placeholder and not node.artifact:
                (optional if node.optional else required)[node.key] = None
        return tuple(required), tuple(key for key in optional if key not in required)

    def artifact_names(self) -> tuple[str, ...]:
        """The artifact names, each once and in text order; raises the text's first syntax
        error, as [`parse`][templating.parse] would (an artifact's name is the only syntax
        error a group can have)."""
        if ARTIFACT_PREFIX not in self.text:  # every artifact placeholder spells it: no scan
            return ()
        names: dict[str, None] = {}
        for match in self.matches():
            node = self.node(match.group(), *match.span())
            if type(node) is Placeholder and node.artifact:
                names[node.key] = None
        return tuple(names)

    def first_artifact(self) -> Placeholder | None:
        """The first artifact placeholder in the text, with its spans, if any."""
        for match in self.matches():
            node = self.node(match.group(), *match.span())
            if type(node) is Placeholder and node.artifact:
                node = self.at(*match.span())
                assert isinstance(node, Placeholder)
                return node
        return None


class StreamedRender:
    """One streamed render of a reader's text against a `RenderSource`.

    The caller drives `check`: it yields each artifact placeholder (in place) as the pass
    meets it, and the caller resolves it before the pass goes on, through `queue` (a text
    per placeholder, loaded there, as ``adk`` loads) or `remember` (one text per group,
    from artifacts loaded at once beforehand: ``loaded``). Then `pieces` yields the output.
    """

    __slots__ = ("held", "loaded", "queued", "reader", "source", "values")

    def __init__(self, reader: GroupReader, source: RenderSource) -> None:
        self.reader, self.source = reader, source
        self.values: dict[str, str] = {}
        self.held = 0
        self.queued: deque[str] = deque()
        self.loaded: dict[str, Any] | None = None

    def check(self) -> Iterator[tuple[str, Placeholder]]:
        """Compute every state placeholder's text in text order, raising the first failure
        where it is; yield ``(group, placeholder)`` for each artifact placeholder met."""
        reader, values, source = self.reader, self.values, self.source
        dialect, text = reader.dialect, reader.text
        for match in reader.matches():
            group = match.group()
            if group in values:
                continue  # a placeholder met before: the hot path
            if type(reader.node(group, *match.span())) is not Placeholder:
                continue
            node = reader.at(*match.span())
            assert isinstance(node, Placeholder)
            if node.artifact:
                yield group, node
            else:
                self.remember(group, state_value(source.state, node, dialect, text, source.agent_name))

    def remember(self, group: str, value: str) -> None:
        """Keep ``group``'s text for the second pass, while `MEMO_CHARACTERS` allows."""
        size = len(value) + len(group)
        if self.held + size <= MEMO_CHARACTERS:
            self.values[group] = value
            self.held += size

    def queue(self, value: str) -> None:
        """Keep the text of the artifact placeholder `check` just yielded."""
        self.queued.append(value)

    def pieces(self) -> Iterator[str]:
        """The output, in non-empty pieces (after `check`, nothing here raises)."""
        text, values = self.reader.text, self.values
        batch: list[str] = []
        held = position = 0
        for match in self.reader.matches():
            start, end = match.span()
            group = match.group()
            value = values.get(group)
            if value is None:
                value = self._text_of(group, start, end)
            if start - position > BATCH_CHARACTERS or len(value) > BATCH_CHARACTERS:
                if held:  # a large run or value goes apart: never copied into a join
                    yield "".join(batch)
                batch, held = [], 0
                yield from _slices(text, position, start)
                yield from _slices(value, 0, len(value))
            else:
                batch.append(text[position:start])
                batch.append(value)
                held += start - position + len(value)
                if held > BATCH_CHARACTERS or len(batch) > BATCH_PIECES:
                    if held:
                        yield "".join(batch)
                    batch, held = [], 0
            position = end
        if len(text) - position > BATCH_CHARACTERS:
            if held:
                yield "".join(batch)
            yield from _slices(text, position, len(text))
        else:
            batch.append(text[position:])
            tail = "".join(batch)
            if tail:
                yield tail

    def _text_of(self, group: str, start: int, end: int) -> str:
        reader, source = self.reader, self.source
        node = reader.node(group, start, end)
        if type(node) is Placeholder:
            if not node.artifact:
                return state_value(source.state, node, reader.dialect, reader.text, source.agent_name)
            if self.loaded is None:
                return self.queued.popleft()
            return artifact_value(source, node, reader.text, self.loaded.get(node.key), reader.dialect)
        return node.text if type(node) is Escape else group


def _slices(text: str, start: int, end: int) -> Iterator[str]:
    """``text[start:end]`` in slices of `BATCH_CHARACTERS`: a consumer that encodes or
    writes a piece holds a copy of it, so no piece is much longer than that."""
    for offset in range(start, end, BATCH_CHARACTERS):
        yield text[offset : min(offset + BATCH_CHARACTERS, end)]


def stream_state(reader: GroupReader, source: RenderSource) -> Iterator[str]:
    """The pieces of a render without artifacts: `StreamedRender.check`, then its pieces."""
    render = StreamedRender(reader, source)
    for _group, node in render.check():
        # Not reached through the compiled template, which refuses artifacts before this.
        raise TypeError(f"`{node.source}` loads an artifact, which needs an async render")
    yield from render.pieces()


async def stream_source(
    reader: GroupReader, source: RenderSource, artifact_names: tuple[str, ...]
) -> AsyncIterator[str]:
    """The pieces of a render that may load artifacts, loaded as ``render_async`` loads them
    in the reader's dialect (see [`CompiledTemplate.render_async`][templating.CompiledTemplate.render_async])."""
    render = StreamedRender(reader, source)
    dialect, text = reader.dialect, reader.text
    if dialect.service_errors_first and artifact_names and source.load_artifact is None:
        first = reader.first_artifact()
        assert first is not None
        check_artifact_service(source, first, text, dialect)
    if dialect.concurrent_artifacts:
        loaded = render.loaded = await load_artifacts(source, artifact_names)
        if dialect.state_errors_first and artifact_names:
            for _group, node in render.check():
                check_artifact_service(source, node, text, dialect)
        for group, node in render.check():
            render.remember(group, artifact_value(source, node, text, loaded.get(node.key), dialect))
    else:
        for _group, node in render.check():
            render.queue(await load_artifact_value(source, node, text, dialect))
    for piece in render.pieces():
        yield piece

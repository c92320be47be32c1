"""Stage 3's product: a compiled template, ready to render, whole or in pieces.

A [`CompiledTemplate`][templating.CompiledTemplate] holds N+1 static strings around N
placeholders, so rendering only looks values up and joins; a fast render function reads a
plain ``dict`` state (`templating.codegen`). Everything else (a missing key, artifacts,
nested paths, other mappings) takes the generic path, which reads the placeholders of a full
parse made on first use; so the AST is not kept unless needed.

[`stream`][templating.CompiledTemplate.stream] and
[`stream_async`][templating.CompiledTemplate.stream_async] render piece by piece from the text
itself (`templating.stream`), and a template of more than `STREAMED_CHARACTERS` characters is
compiled for that alone: nothing is split, and `render` joins the stream.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from typing import Any

from templating.chunks import split_chunks, split_template
from templating.codegen import Renderer, build_renderer
from templating.context import RenderSource, read_context, read_state
from templating.dialects import Dialect
from templating.nodes import Placeholder
from templating.parser import parse
from templating.policy import ValuePolicy
from templating.render import check_state, resolve_async, state_value
from templating.stream import GroupReader, stream_source, stream_state

__all__ = ["STREAMED_CHARACTERS", "CompiledTemplate", "plain_lookup"]

#: Above this many characters a template is compiled for streaming: it is not split into
#: chunks (a static string and a node per placeholder, tens of bytes each, held as long as
#: the compiled template), and every render reads its text group by group, as
#: [`CompiledTemplate.stream`][templating.CompiledTemplate.stream] does.
STREAMED_CHARACTERS = 1_000_000

# The estimate of a compiled template's memory, which the cache of `compile_template` weighs:
# its text and static strings (two bytes per character covers them) and, per placeholder, its
# node once the AST is parsed (measured with tracemalloc: about 500 bytes for `{key}`).
_BYTES_PER_CHARACTER = 2
_BYTES_PER_PLACEHOLDER = 600

_NEEDS_ASYNC = (
    "This template has artifact placeholders, which load asynchronously: use `await template.render_async(context)`"
)


class CompiledTemplate:
    """A template ready to render: static text around placeholder lookups.

    It is also an InstructionProvider: ``LlmAgent(instruction=compiled)`` makes google-adk
    call it with its context, and google-adk then skips its own injection.
    """

    __slots__ = (
        "_dialect",
        "_fast",
        "_optional",
        "_placeholders",
        "_policy",
        "_required",
        "_size",
        "_statics",
        "_streamed",
        "artifact_names",
        "dialect",
        "text",
    )

    def __init__(self, text: str, dialect: Dialect, policy: ValuePolicy | None = None) -> None:
        """Compile ``text`` under ``dialect`` without caching: use [`compile_template`][templating.compile_template].

        The template is split without building the AST; the AST is parsed later, only if
        something needs it (an error's position, artifacts, nested paths, another mapping).
        A template of more than `STREAMED_CHARACTERS` characters is not split: it is only
        checked for syntax errors (and its artifact names noted, in the same pass), and every
        render reads its text as `stream` does.
        """
        self._policy = policy
        self.text: str = text
        self.dialect: str = dialect.name
        self._dialect = dialect
        self._statics: tuple[str, ...] | None = None
        self._placeholders: tuple[Placeholder, ...] | None = None
        self._fast: Renderer | None = None
        self._required: tuple[str, ...] | None = None
        self._optional: tuple[str, ...] | None = None
        self.artifact_names: tuple[str, ...] = ()
        """The artifact names (`{artifact.NAME}`, `{artifact.NAME?}`), each once, in template
        order: rendering them needs `render_async` and an artifact service."""
        self._size = _BYTES_PER_CHARACTER * len(text)
        self._streamed = len(text) > STREAMED_CHARACTERS
        if self._streamed:
            self.artifact_names = GroupReader(text, dialect, policy).artifact_names()  # syntax errors too
            return
        statics, placeholders = split_chunks(text, dialect)
        placeholders = self._with_policy(placeholders)
        state_placeholders = [p for p in placeholders if not p.artifact]
        self._required = _distinct(p.key for p in state_placeholders if not p.optional)
        self._optional = _distinct(p.key for p in state_placeholders if p.optional and p.key not in self._required)
        self.artifact_names = _distinct(p.key for p in placeholders if p.artifact)
        self._size += _BYTES_PER_PLACEHOLDER * len(placeholders)
        # The fast path reads a plain dict, which cannot see adk-js's inherited members.
        if all(plain_lookup(p, dialect) for p in placeholders):
            keys = tuple(p.key for p in placeholders)
            optional = tuple(p.optional for p in placeholders)
            self._fast = build_renderer(statics, keys, optional, dialect.format_value)

    @property
    def required_keys(self) -> tuple[str, ...]:
        """The state keys of the required placeholders (`{key}`), each once, in template order:
        rendering raises if one is missing. (For a template compiled for streaming, these and
        `optional_keys` are read from the text on first use.)"""
        if self._required is None:
            self._required, self._optional = self._reader().state_keys()
        return self._required

    @property
    def optional_keys(self) -> tuple[str, ...]:
        """The state keys read only by optional placeholders (`{key?}`), each once, in template
        order: a missing one renders as empty text."""
        if self._optional is None:
            self._required, self._optional = self._reader().state_keys()
        return self._optional

    def _reader(self) -> GroupReader:
        return GroupReader(self.text, self._dialect, self._policy)

    def _with_policy(self, placeholders: tuple[Placeholder, ...]) -> tuple[Placeholder, ...]:
        policy = self._policy
        return placeholders if policy is None else tuple(policy.apply(p) for p in placeholders)

    @property
    def placeholders(self) -> tuple[Placeholder, ...]:
        """The placeholders in template order, with their spans in the template (parsed on
        first use; for a template compiled for streaming, parsed at each use and not kept)."""
        return self._parts()[1]

    def _parts(self) -> tuple[tuple[str, ...], tuple[Placeholder, ...]]:
        """The static strings and placeholders of the generic path, parsed on first use (and
        not kept for a streamed template, whose tree is what it must not hold)."""
        if self._statics is None or self._placeholders is None:
            statics, placeholders = split_template(parse(self.text, dialect=self.dialect))
            if self._streamed:
                return statics, self._with_policy(placeholders)
            self._statics, self._placeholders = statics, self._with_policy(placeholders)
        return self._statics, self._placeholders

    def render(self, state: Mapping[str, Any], *, agent_name: str = "") -> str:
        """Render against ``state``; for templates without artifact placeholders.

        Raises [`MissingKeyError`][templating.MissingKeyError] for the first required key
        (in template order) that ``state`` lacks, and ``TypeError`` if the template has
        artifact placeholders (use `render_async`).
        """
        fast = self._fast
        if fast is not None and type(state) is dict:
            try:
                return fast(state)
            except Exception:  # noqa: BLE001, S110 - the generic path below raises the exact error
                pass
        return self._render_generic(state, agent_name)

    def _render_generic(self, state: Mapping[str, Any], agent_name: str) -> str:
        if self._streamed:
            return "".join(self.stream(state, agent_name=agent_name))
        check_state(state)
        if self.artifact_names:
            raise TypeError(_NEEDS_ASYNC)
        dialect, text = self._dialect, self.text
        values = [state_value(state, p, dialect, text, agent_name) for p in self._parts()[1]]
        return self._join(values)

    async def render_async(self, context: object) -> str:
        """Render against a context (ours or google-adk's), loading artifacts as needed.

        In ``adk`` and most ports, placeholders are resolved one at a time in template order,
        as google-adk does. In ``strict`` and ``adk-js``, each distinct artifact is loaded once
        and all of them concurrently before anything is rendered. The error raised is the first
        failing placeholder in template order; in ``adk-js``, as there, state errors come before
        artifact errors, and in ``adk-java`` a missing artifact service comes before anything.
        """
        rendered = self._render_fast(context)
        if rendered is not None:
            return rendered
        return await self._render_generic_async(context)

    async def _render_generic_async(self, context: object) -> str:
        """`render_async` without the fast path (tried already, or not possible)."""
        if self._streamed:
            return "".join([piece async for piece in self.stream_async(context)])
        source, dialect, text = read_context(context), self._dialect, self.text
        if self.artifact_names:
            values = await resolve_async(source, self.placeholders, self.artifact_names, dialect, text)
        else:  # every dialect reads state in template order: no second coroutine for it
            state, agent_name = source.state, source.agent_name
            values = [state_value(state, p, dialect, text, agent_name) for p in self.placeholders]
        return self._join(values)

    def stream(self, state: Mapping[str, Any], *, agent_name: str = "") -> Iterator[str]:
        """Render against ``state`` as `render` does, the output in pieces.

        The pieces joined are what `render` returns, and the first step of the iteration
        raises what `render` raises, before any piece: the whole render is checked first
        (values are computed, nothing is joined), then the pieces are made from the text
        again. Neither the template's tree nor the output is ever held, so memory stays
        bounded by the template and the state, whatever the output's size. Pieces are
        non-empty and at most about a megabyte (`templating.stream.BATCH_CHARACTERS`); a
        longer value is cut into slices, never joined into a larger string. ``state`` is read
        in both passes: change it only after the iteration ends.
        """
        check_state(state)
        if self.artifact_names:
            raise TypeError(_NEEDS_ASYNC)
        yield from stream_state(self._reader(), RenderSource(state, agent_name, None))

    async def stream_async(self, context: object) -> AsyncIterator[str]:
        """Render against a context as `render_async` does, the output in pieces.

        The pieces joined are what `render_async` returns, and the first step of the
        iteration raises what `render_async` raises, before any piece: artifacts are loaded
        as `render_async` loads them in this dialect (the same calls, in the same order) and
        every value is checked before the first piece. As with `stream`, memory stays bounded
        by the template, the state and the artifacts loaded: an artifact's text is cut into
        slices, never joined into a larger string.
        """
        source = read_context(context)
        async for piece in stream_source(self._reader(), source, self.artifact_names):
            yield piece

    def _render_fast(self, context: object) -> str | None:
        """Render a context's plain ``dict`` state on the fast path; ``None`` if that is not
        possible or fails (the generic path then renders or raises the exact error)."""
        fast = self._fast
        if fast is None:
            return None
        state = read_state(context)
        if type(state) is not dict:
            return None
        try:
            return fast(state)
        except Exception:  # noqa: BLE001 - the generic path raises the exact error
            return None

    async def __call__(self, context: object) -> str:
        """Render against ``context``: what google-adk calls an InstructionProvider does."""
        return await self.render_async(context)

    def _join(self, values: list[str]) -> str:
        statics = self._parts()[0]
        if not values:
            return statics[0]
        parts = [statics[0]]
        for value, static in zip(values, statics[1:]):
            parts.append(value)
            parts.append(static)
        return "".join(parts)

    def __repr__(self) -> str:
        preview = self.text if len(self.text) <= 40 else self.text[:37] + "..."
        return f"CompiledTemplate({preview!r}, dialect={self.dialect!r})"


def plain_lookup(placeholder: Placeholder, dialect: Dialect) -> bool:
    """Whether the fast path can render ``placeholder``: a state key looked up in a plain
    ``dict`` and formatted plainly (adk-js's inherited members are not in a ``dict``)."""
    return (
        not placeholder.artifact
        and not placeholder.path
        and placeholder.marker is None
        and placeholder.key not in dialect.inherited_values
    )


def _distinct(keys: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(keys))

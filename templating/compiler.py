"""Stage 3: compile a parsed template into static chunks and lookups, cached.

A [`CompiledTemplate`][templating.CompiledTemplate] holds N+1 static strings around N placeholders, so rendering
only looks values up and joins. [`compile_template`][templating.compile_template] caches compiled templates by text
and dialect, so an instruction rendered on every model call is parsed once.

Compiling goes through `split_chunks` (no AST) and builds a fast
render function for a plain ``dict`` state (`templating.codegen`). Everything else (a
missing key, artifacts, nested paths, other mappings) takes the generic path, which reads
the placeholders of a full parse made on first use; so the AST is not kept unless needed.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Mapping
from typing import Any

from templating.chunks import split_chunks, split_template
from templating.codegen import Renderer, build_renderer
from templating.context import RenderSource, read_context, read_state
from templating.dialects import Dialect, get_dialect
from templating.nodes import Placeholder
from templating.parser import parse
from templating.policy import ValuePolicy
from templating.render import (
    artifact_value,
    check_artifact_service,
    check_state,
    load_artifact_value,
    load_artifacts,
    state_value,
)

__all__ = ["CompiledTemplate", "compile_template"]

#: How many compiled templates [`compile_template`][templating.compile_template] keeps at most.
CACHE_SIZE = 1024

#: How much memory, in estimated bytes, the compiled templates it keeps may hold: a count alone
#: let 1,024 placeholder-dense 1 MB templates hold 12 GB. A template estimated above this is
#: compiled but not kept. The estimate counts the AST a template may parse later, so a 1 MB
#: template with a placeholder every 9 characters (68 MB estimated) is still kept.
CACHE_BYTES = 256 * 2**20

# The estimate of a compiled template's memory: its text and static strings (two bytes per
# character covers them) and, per placeholder, its node once the AST is parsed (measured with
# tracemalloc: about 500 bytes for `{key}`).
_BYTES_PER_CHARACTER = 2
_BYTES_PER_PLACEHOLDER = 600


#: A value formatter: turns a looked-up state value (``None`` included) into text.
Formatter = Callable[[Any], str]


def compile_template(
    text: str, *, dialect: str = "adk", formatter: Formatter | None = None, policy: ValuePolicy | None = None
) -> CompiledTemplate:
    """Compile ``text`` in ``dialect`` (``"adk"`` by default); cached by text, dialect,
    formatter and policy.

    ``formatter``, if given, replaces the dialect's value formatting: it receives every
    state value a placeholder looks up (``None`` included) and returns its text. In
    ``strict``, a ``TypeError`` or ``ValueError`` it raises becomes a
    [`ValueFormatError`][templating.ValueFormatError] naming the key.

    ``policy``, if given, writes the values of the keys it covers under its data markers, in
    any dialect: an opt-in byte difference from the dialect's rendering, confined to those
    placeholders (see [`ValuePolicy`][templating.ValuePolicy]).

    Raises ``TypeError`` if ``text`` is not a ``str``, ``ValueError`` for an unknown
    dialect, and [`TemplateSyntaxError`][templating.TemplateSyntaxError] for a template the
    dialect rejects.
    """
    try:
        # The hot path of an instruction rendered on every model call: one dict lookup.
        return _CACHE[text, dialect, formatter, policy]
    except (KeyError, TypeError):  # TypeError: an unhashable argument, rejected below
        pass
    if not isinstance(text, str):
        raise TypeError(f"template must be a str, got {type(text).__name__}")
    if not isinstance(dialect, str):
        raise TypeError(f"dialect must be a str, got {type(dialect).__name__}")
    if formatter is not None and not callable(formatter):
        raise TypeError(f"formatter must be callable, got {type(formatter).__name__}")
    if policy is not None and not isinstance(policy, ValuePolicy):
        raise TypeError(f"policy must be a ValuePolicy, got {type(policy).__name__}")
    compiled = CompiledTemplate(text, _dialect_with(get_dialect(dialect), formatter), policy)
    _remember((text, dialect, formatter, policy), compiled)
    return compiled


#: Compiled templates by text, dialect and formatter, oldest first.
_CACHE: dict[tuple[str, str, Formatter | None, ValuePolicy | None], CompiledTemplate] = {}
_CACHE_LOCK = threading.Lock()


def _remember(key: tuple[str, str, Formatter | None, ValuePolicy | None], compiled: CompiledTemplate) -> None:
    """Keep ``compiled``, dropping the oldest entries beyond `CACHE_SIZE` or `CACHE_BYTES`."""
    if compiled._size > CACHE_BYTES:
        return
    with _CACHE_LOCK:
        _CACHE[key] = compiled
        # Summed on each insertion (at most 1,024 entries, a few microseconds), which costs
        # less than the compile that precedes it and cannot drift from the entries held.
        held = sum(entry._size for entry in _CACHE.values())
        while len(_CACHE) > CACHE_SIZE or held > CACHE_BYTES:
            held -= _CACHE.pop(next(iter(_CACHE)))._size


def _dialect_with(dialect: Dialect, formatter: Formatter | None) -> Dialect:
    if formatter is None:
        return dialect
    return dataclasses.replace(dialect, format_value=_returning_text(formatter))


def _returning_text(formatter: Formatter) -> Formatter:
    """Wrap a user's formatter so that a result other than ``str`` is a clear ``TypeError``
    on every render path, not a failure deep inside the final join."""

    def format_value(value: Any) -> str:
        text = formatter(value)
        if not isinstance(text, str):
            raise TypeError(f"formatter must return a str, got {type(text).__name__}")
        return text

    return format_value


class CompiledTemplate:
    """A template ready to render: static text around placeholder lookups.

    It is also an InstructionProvider: ``LlmAgent(instruction=compiled)`` makes google-adk
    call it with its context, and google-adk then skips its own injection.
    """

    __slots__ = (
        "_dialect",
        "_fast",
        "_placeholders",
        "_policy",
        "_size",
        "_statics",
        "artifact_names",
        "dialect",
        "optional_keys",
        "required_keys",
        "text",
    )

    def __init__(self, text: str, dialect: Dialect, policy: ValuePolicy | None = None) -> None:
        """Compile ``text`` under ``dialect`` without caching: use [`compile_template`][templating.compile_template].

        The template is split without building the AST; the AST is parsed later, only if
        something needs it (an error's position, artifacts, nested paths, another mapping).
        """
        self._policy = policy
        statics, placeholders = split_chunks(text, dialect)
        placeholders = self._with_policy(placeholders)
        self.text: str = text
        self.dialect: str = dialect.name
        self._dialect = dialect
        self._statics: tuple[str, ...] | None = None
        self._placeholders: tuple[Placeholder, ...] | None = None
        state_placeholders = [p for p in placeholders if not p.artifact]
        required = _distinct(p.key for p in state_placeholders if not p.optional)
        self.required_keys: tuple[str, ...] = required
        """The state keys of the required placeholders (`{key}`), each once, in template order:
        rendering raises if one is missing."""
        self.optional_keys: tuple[str, ...] = _distinct(
            p.key for p in state_placeholders if p.optional and p.key not in required
        )
        """The state keys read only by optional placeholders (`{key?}`), each once, in template
        order: a missing one renders as empty text."""
        self.artifact_names: tuple[str, ...] = _distinct(p.key for p in placeholders if p.artifact)
        """The artifact names (`{artifact.NAME}`, `{artifact.NAME?}`), each once, in template
        order: rendering them needs `render_async` and an artifact service."""
        self._size = _BYTES_PER_CHARACTER * len(text) + _BYTES_PER_PLACEHOLDER * len(placeholders)
        self._fast: Renderer | None = None
        # The fast path reads a plain dict, which cannot see adk-js's inherited members.
        if all(plain_lookup(p, dialect) for p in placeholders):
            keys = tuple(p.key for p in placeholders)
            optional = tuple(p.optional for p in placeholders)
            self._fast = build_renderer(statics, keys, optional, dialect.format_value)

    def _with_policy(self, placeholders: tuple[Placeholder, ...]) -> tuple[Placeholder, ...]:
        policy = self._policy
        return placeholders if policy is None else tuple(policy.apply(p) for p in placeholders)

    @property
    def placeholders(self) -> tuple[Placeholder, ...]:
        """The placeholders in template order, with their spans in the template."""
        return self._parts()[1]

    def _parts(self) -> tuple[tuple[str, ...], tuple[Placeholder, ...]]:
        """The static strings and placeholders of the generic path, parsed on first use."""
        if self._statics is None or self._placeholders is None:
            statics, placeholders = split_template(parse(self.text, dialect=self.dialect))
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
        check_state(state)
        if self.artifact_names:
            raise TypeError(
                "This template has artifact placeholders, which load asynchronously: "
                "use `await template.render_async(context)`"
            )
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
        source = read_context(context)
        if self._dialect.service_errors_first and self.artifact_names:
            first = next(placeholder for placeholder in self.placeholders if placeholder.artifact)
            check_artifact_service(source, first, self.text, self._dialect)
        if self._dialect.concurrent_artifacts:
            return await self._render_concurrently(source)
        dialect, text = self._dialect, self.text
        values = []
        for placeholder in self.placeholders:
            if placeholder.artifact:
                values.append(await load_artifact_value(source, placeholder, text, dialect))
            else:
                values.append(state_value(source.state, placeholder, dialect, text, source.agent_name))
        return self._join(values)

    async def _render_concurrently(self, source: RenderSource) -> str:
        loaded = await load_artifacts(source, self.artifact_names)
        dialect, text = self._dialect, self.text
        resolved = self._resolve_state_first(source) if dialect.state_errors_first else {}
        values = []
        for index, placeholder in enumerate(self.placeholders):
            if index in resolved:
                values.append(resolved[index])
            elif placeholder.artifact:
                values.append(artifact_value(source, placeholder, text, loaded.get(placeholder.key), dialect))
            else:
                values.append(state_value(source.state, placeholder, dialect, text, source.agent_name))
        return self._join(values)

    def _resolve_state_first(self, source: RenderSource) -> dict[int, str]:
        """The text of every state placeholder, by position; raises what adk-js raises before
        any artifact error: the first failing state key or missing artifact service, in
        template order (adk-js resolves every key at once, and these fail before a load)."""
        dialect, text = self._dialect, self.text
        resolved = {}
        for index, placeholder in enumerate(self.placeholders):
            if placeholder.artifact:
                check_artifact_service(source, placeholder, text, dialect)
            else:
                resolved[index] = state_value(source.state, placeholder, dialect, text, source.agent_name)
        return resolved

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

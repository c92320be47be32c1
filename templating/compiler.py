"""Stage 3: compile a template into static chunks and lookups, cached.

[`compile_template`][templating.compile_template] builds a
[`CompiledTemplate`][templating.CompiledTemplate] (`templating.compiled`: N+1 static strings
around N placeholders, so rendering only looks values up and joins) and caches it by text,
dialect, formatter and policy, so an instruction rendered on every model call is parsed once.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable
from typing import Any

from templating.compiled import CompiledTemplate
from templating.dialects import Dialect, get_dialect
from templating.policy import ValuePolicy

__all__ = ["CompiledTemplate", "compile_template"]

#: How many compiled templates [`compile_template`][templating.compile_template] keeps at most.
CACHE_SIZE = 1024

#: How much memory, in estimated bytes, the compiled templates it keeps may hold: a count alone
#: let 1,024 placeholder-dense 1 MB templates hold 12 GB. A template estimated above this is
#: compiled but not kept. The estimate counts the AST a template may parse later, so a 1 MB
#: template with a placeholder every 9 characters (68 MB estimated) is still kept.
CACHE_BYTES = 256 * 2**20

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

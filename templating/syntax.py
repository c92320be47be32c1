"""The rules of each dialect, and the one place where the template regexes live.

A :class:`Dialect` says which brace groups the lexer cuts out of the text, how the parser
reads the name inside a group, and how a value is turned into text. The ``adk`` dialect
reproduces google-adk 2.13.0's regex engine exactly; see ``docs/grammar-adk.md``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

__all__ = [
    "ADK",
    "ARTIFACT_PREFIX",
    "DIALECT_NAMES",
    "Dialect",
    "STATE_PREFIXES",
    "format_adk_value",
    "get_dialect",
    "is_adk_state_name",
]

#: The scope prefixes a state key may carry. ``temp:`` keys are never persisted.
STATE_PREFIXES = ("app:", "user:", "temp:")

#: A placeholder whose name starts with this reads an artifact instead of state.
ARTIFACT_PREFIX = "artifact."

# google-adk's pattern, kept in the standard `re` engine that google-adk itself uses so the
# two cannot differ: a run of `{`, any text without braces (newlines included), a run of
# `}`, not right after `$`, `{` or `\`. Scanning is linear: a failed start costs at most
# the distance to the next brace, and matches never overlap. google-adk writes it
# `(?<![\$\{\\]){+[^{}]*}+`; we start with the literal `{` and look behind that brace, which
# matches exactly the same groups but lets `re` skip to the next `{` in C instead of trying
# the lookbehind at every character: about 5x faster on long templates (tests pin the
# equivalence against google-adk's own pattern).
ADK_GROUP_PATTERN = re.compile(r"\{(?<![\$\{\\]\{)\{*[^{}]*\}+")


def is_adk_state_name(name: str) -> bool:
    """Whether google-adk accepts ``name`` as a state key: an identifier, or one scope
    prefix (``app:``, ``user:``, ``temp:``) followed by an identifier.

    Identifiers follow :meth:`str.isidentifier`: Python keywords and non-ASCII letters are
    accepted, and nothing is normalised.
    """
    parts = name.split(":")
    if len(parts) == 1:
        return name.isidentifier()
    if len(parts) == 2:
        return parts[0] + ":" in STATE_PREFIXES and parts[1].isidentifier()
    return False


def format_adk_value(value: Any) -> str:
    """Turn a state value into text as google-adk does: ``None`` is empty, others ``str()``."""
    if value is None:
        return ""
    return str(value)


@dataclass(frozen=True, slots=True)
class Dialect:
    """The rules that differ between dialects.

    - ``group_pattern``: the brace groups the lexer cuts out of the text;
    - ``strips_whitespace``: whether whitespace around a name inside braces is ignored;
    - ``is_state_name``: whether a name (after prefix and ``?`` handling) is a state key;
    - ``format_value``: how a state value becomes text.
    """

    name: str
    group_pattern: re.Pattern[str]
    strips_whitespace: bool
    is_state_name: Callable[[str], bool]
    format_value: Callable[[Any], str]


ADK = Dialect(
    name="adk",
    group_pattern=ADK_GROUP_PATTERN,
    strips_whitespace=True,
    is_state_name=is_adk_state_name,
    format_value=format_adk_value,
)

_DIALECTS: dict[str, Dialect] = {"adk": ADK}

#: The dialect names a user may ask for.
DIALECT_NAMES = ("adk", "strict")


def get_dialect(name: str) -> Dialect:
    """Return the dialect called ``name``; raise ``ValueError`` for an unknown name."""
    if not isinstance(name, str):
        raise TypeError(f"dialect must be a str, got {type(name).__name__}")
    try:
        return _DIALECTS[name]
    except KeyError:
        pass
    if name in DIALECT_NAMES:
        raise NotImplementedError(f"The `{name}` dialect is not available yet")
    expected = ", ".join(f"`{known}`" for known in DIALECT_NAMES)
    raise ValueError(f"Unknown dialect `{name}`: expected one of {expected}")

"""The ``adk`` dialect: google-adk 2.13.0's ``inject_session_state``, byte for byte.

See ``docs/grammar-adk.md``.
"""

from __future__ import annotations

from typing import Any

from templating.dialects.dialect import Dialect, Path, is_scoped_name

__all__ = [
    "ADK",
    "ADK_GROUP_PATTERN",
    "adk_missing_artifact_message",
    "adk_missing_key_message",
    "format_adk_value",
    "is_adk_state_name",
    "read_adk_name",
]

# google-adk's pattern, kept in the standard `re` engine that google-adk itself uses so the
# two cannot differ: a run of `{`, any text without braces (newlines included), a run of
# `}`, not right after `$`, `{` or `\`. Scanning is linear: a failed start costs at most
# the distance to the next brace, and matches never overlap. google-adk writes it
# `(?<![\$\{\\]){+[^{}]*}+`; we start with the literal `{` and look behind that brace, which
# matches exactly the same groups but lets `re` skip to the next `{` in C instead of trying
# the lookbehind at every character: about 5x faster on long templates (tests pin the
# equivalence against google-adk's own pattern).
ADK_GROUP_PATTERN = r"\{(?<![\$\{\\]\{)\{*[^{}]*\}+"


def is_adk_state_name(name: str) -> bool:
    """Whether google-adk accepts ``name`` as a state key: an identifier, or one scope
    prefix (``app:``, ``user:``, ``temp:``) followed by an identifier.

    Identifiers follow `str.isidentifier`: Python keywords and non-ASCII letters are
    accepted, and nothing is normalised.
    """
    return is_scoped_name(name, str.isidentifier)


def read_adk_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk`` way: the key itself, never a path; ``None`` if invalid."""
    return (name, ()) if is_adk_state_name(name) else None


def format_adk_value(value: Any) -> str:
    """Turn a state value into text as google-adk does: ``None`` is empty, others ``str()``."""
    if value is None:
        return ""
    return str(value)


def adk_missing_key_message(name: str, agent_name: str) -> str:
    """google-adk's message for a required key the state lacks."""
    return f"Context variable not found: `{name}` in agent '{agent_name}'."


def adk_missing_artifact_message(name: str, agent_name: str) -> str:
    """google-adk's message for a required artifact that does not exist."""
    return f"Artifact '{name}' not found in agent '{agent_name}'."


ADK = Dialect(
    name="adk",
    port="python",
    implementation="google-adk 2.13.0",
    pattern=ADK_GROUP_PATTERN,
    strips_whitespace=True,
    format_value=format_adk_value,
    read_name=read_adk_name,
    missing_key_message=adk_missing_key_message,
    missing_artifact_message=adk_missing_artifact_message,
)

"""The ``strict`` dialect: literal-safe, with escapes, nested paths and JSON values.

See ``docs/grammar-strict.md``. It is no ADK port: it is what we recommend for new templates.
"""

from __future__ import annotations

import json
from typing import Any

from templating.dialects.adk import adk_missing_artifact_message, adk_missing_key_message
from templating.dialects.dialect import (
    ARTIFACT_PREFIX,
    Dialect,
    Path,
    compiled,
)
from templating.dialects.values import TooDeep, is_model

__all__ = ["STRICT", "STRICT_GROUP_PATTERN", "check_artifact_name", "format_json_value", "read_strict_name"]

# An escape `{{body}}` is tried before a placeholder `{body}`; the body holds no braces. The
# lookbehind keeps `${x}` and `\\{x}` literal, as in adk, and reads a run of `{` from its
# first brace only, so `{{{x}}}` is literal. Linear: each body between two braces is scanned
# at most three times, and matches never overlap.
STRICT_GROUP_PATTERN = r"(?<![\$\{\\])(?:\{\{[^{}]*\}\}|\{[^{}]*\})"

# The head of a strict name: an optional scope prefix, then everything up to the first path
# step or the end. Whether the head is an identifier is checked with `str.isidentifier()`.
_HEAD = r"(?:app:|user:|temp:)?([^.\[\]]+)"
# One path step: `.key` (an identifier) or `[index]` (ASCII digits, no leading zero).
_STEP = r"\.([^.\[\]]+)|\[(0|[1-9][0-9]*)\]"
# No list is longer than `sys.maxsize` (19 digits): a longer index can never be found, and
# `int()` refuses more than 4,300 digits, so such a group is literal text, not a name.
_LONGEST_INDEX = 19
# A Windows drive (`C:`, with or without a separator after it) makes an artifact name absolute.
_DRIVE = r"[A-Za-z]:"
_SEPARATORS = r"[\\/]"
# The scope an artifact name may carry (google-adk's user-scoped artifacts), read off first.
_ARTIFACT_SCOPE = "user:"


def read_strict_name(name: str) -> tuple[str, Path] | None:
    """Read a ``strict`` state name into its state key and path; ``None`` if it is not one.

    ``user:profile.name`` gives ``("user:profile", ("name",))`` and ``items[0].title`` gives
    ``("items", (0, "title"))``. The key is an identifier after an optional scope prefix;
    each step is ``.identifier`` or ``[index]`` (at most 19 digits).
    """
    head = compiled(_HEAD).match(name)
    if head is None or not head.group(1).isidentifier():
        return None
    path: list[str | int] = []
    position = head.end()
    step_pattern = compiled(_STEP)
    while position < len(name):
        step = step_pattern.match(name, position)
        if step is None:
            return None
        key, index = step.groups()
        if key is not None and not key.isidentifier():
            return None
        if index is not None and len(index) > _LONGEST_INDEX:
            return None
        path.append(key if key is not None else int(index))
        position = step.end()
    return head.group(0), tuple(path)


def check_artifact_name(name: str) -> str | None:
    """Say what is wrong with an artifact file name, or return ``None`` if it is valid.

    A valid name is not empty and has no whitespace, no braces, no ``..`` segment and no
    leading ``/``, ``\\`` or drive letter, after an optional ``user:`` scope.
    """
    if not name:
        return f"Artifact name is empty: expected a file name after `{ARTIFACT_PREFIX}`"
    if any(character.isspace() for character in name):
        return f"Artifact name `{name}` contains whitespace: expected a file name without whitespace"
    if "{" in name or "}" in name:
        return f"Artifact name `{name}` contains a brace: expected a file name without braces"
    file_name = name.removeprefix(_ARTIFACT_SCOPE)
    if file_name.startswith(("/", "\\")) or compiled(_DRIVE).match(file_name):
        return f"Artifact name `{name}` is absolute: expected a relative file name"
    if ".." in compiled(_SEPARATORS).split(file_name):
        return f"Artifact name `{name}` has a `..` segment: expected a file name inside the artifact store"
    return None


def format_json_value(value: Any) -> str:
    """Turn a state value into text the ``strict`` way.

    A ``str`` is inserted as is and ``None`` is empty; anything else is JSON as
    ``json.dumps`` writes it with ``ensure_ascii=False`` (``true``, ``1.5``,
    ``{"a": [1, null]}``, ``NaN``). A pydantic model is written as its JSON-mode dump.
    Raises ``TypeError`` or ``ValueError`` for a value JSON cannot hold, and ``ValueError``
    for one nested past Python's recursion limit (about 1,000 levels of lists and dicts).
    """
    if isinstance(value, str):
        return value
    if value is None:
        return ""
    try:
        return json.dumps(value, ensure_ascii=False, default=_json_default)
    except RecursionError:
        raise TooDeep from None


def _json_default(value: Any) -> Any:
    if is_model(value):
        return value.model_dump(mode="json")
    raise TypeError(f"a `{type(value).__name__}` is not JSON serializable")


STRICT = Dialect(
    name="strict",
    port=None,
    implementation="templating's strict dialect",
    pattern=STRICT_GROUP_PATTERN,
    strips_whitespace=False,
    format_value=format_json_value,
    read_name=read_strict_name,
    escapes=True,
    check_artifact_name=check_artifact_name,
    format_errors=(TypeError, ValueError),
    # Errors read as google-adk's, so code that catches them works with either dialect.
    missing_key_message=adk_missing_key_message,
    missing_artifact_message=adk_missing_artifact_message,
    concurrent_artifacts=True,
    markers=True,
)

"""The ``adk-ts`` dialect: IQAI's ADK-TS (``@iqai/adk`` 0.5.9) ``injectSessionState``.

Read from ``packages/adk/src/utils/instructions-utils.ts``. Unlike every other port it matches
single braces only (``{{x}}`` renders ``{X}``), reads nested paths (``{a.b[0]}``,
``{a["k.x"]}``, ``{s.length}``), writes objects as ``JSON.stringify(value, null, 2)`` and an
artifact through ``String()`` (a Part is ``[object Object]``). See ``docs/grammar-adk-ts.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from templating.dialects.adk_js import JS_WHITESPACE
from templating.dialects.dialect import MISSING, Dialect, Path, is_scoped_name
from templating.dialects.javascript import (
    JS_INHERITED_VALUES,
    is_js_missing_artifact,
    js_missing_artifact_message,
    js_missing_key_message,
    json_stringify,
    to_js_string,
)
from templating.dialects.values import plain

__all__ = ["ADK_TS", "follow_ts_path", "format_ts_value", "is_ts_identifier", "read_ts_name", "split_ts_path"]

# `/{[^{}]*}/g`: one brace on each side, never a run.
_SINGLE_BRACE_PATTERN = r"\{[^{}]*\}"


def is_ts_identifier(name: str) -> bool:
    """ADK-TS's ``/^[a-zA-Z_$][a-zA-Z0-9_$]*$/``: ASCII letters, digits, ``_`` and ``$``."""
    return name.isascii() and name.replace("$", "_").isidentifier()


def split_ts_path(name: str) -> list[str]:
    """ADK-TS's ``getNestedValue`` split: dots, ``[index]`` and quoted ``['key']`` brackets;
    empty parts are dropped (``a..b`` is ``a``, ``b``)."""
    parts: list[str] = []
    current, in_brackets, quote = "", False, ""
    for character in name:
        if character == "[" and not quote:
            parts.append(current)
            current, in_brackets = "", True
        elif character == "]" and in_brackets and not quote:
            parts.append(current)
            current, in_brackets = "", False
        elif character in "\"'" and in_brackets:
            if quote == character:
                quote = ""
            elif not quote:
                quote = character
            else:
                current += character
        elif character == "." and not in_brackets and not quote:
            parts.append(current)
            current = ""
        else:
            current += character
    parts.append(current)
    return [part for part in parts if part]


def read_ts_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk-ts`` way: only the root (up to the first ``.`` or ``[``)
    must be a state name; the rest is a path of property names."""
    cut = min((index for index in (name.find("."), name.find("[")) if index >= 0), default=len(name))
    if not is_scoped_name(name[:cut], is_ts_identifier):
        return None
    parts = split_ts_path(name)
    return parts[0], tuple(parts[1:])


class JsFunction(str):
    """A JavaScript function met on a path (an inherited ``toString``...): its ``String()``."""


def follow_ts_path(value: Any, path: Path) -> Any:
    """``result[part]`` for each part, as JavaScript reads properties: a dict's own keys and
    the members every object inherits, an array's indexes and ``length``, a string's
    characters (UTF-16 units) and ``length``. `MISSING` (``undefined``) otherwise; a
    ``null`` or ``undefined`` on the way makes the result ``undefined``."""
    for step in path:
        if value is None or value is MISSING:
            return MISSING
        value = _property(plain(value), str(step))
    return value


def _property(value: Any, name: str) -> Any:
    if isinstance(value, Mapping):
        if name in value:
            return value[name]
        inherited = JS_INHERITED_VALUES.get(name)
        return MISSING if inherited is None else JsFunction(inherited)
    if isinstance(value, str):
        units = value.encode("utf-16-le")
        if name == "length":
            return len(units) // 2
        index = _array_index(name)
        return (
            MISSING
            if index is None or index >= len(units) // 2
            else units[2 * index : 2 * index + 2].decode("utf-16-le", "surrogatepass")
        )
    if isinstance(value, (list, tuple)):
        if name == "length":
            return len(value)
        index = _array_index(name)
        return MISSING if index is None or index >= len(value) else value[index]
    return MISSING


def _array_index(name: str) -> int | None:
    if name.isascii() and name.isdigit() and (name == "0" or not name.startswith("0")) and len(name) < 16:
        return int(name)
    return None


def format_ts_value(value: Any) -> str:
    """ADK-TS's ``formatValue``: ``null`` is ``"null"``, an object or array
    ``JSON.stringify(value, null, 2)``, anything else ``String(value)``."""
    if isinstance(value, str):
        return value
    value = plain(value)
    if isinstance(value, (Mapping, list, tuple)):
        return json_stringify(value, indented=True)
    return to_js_string(value)


def _format_artifact(artifact: Any) -> str:
    """``String(artifact)``: a string as is, an object (a Part) ``[object Object]``."""
    if isinstance(artifact, str):
        return artifact
    value = plain(artifact)
    if isinstance(value, Mapping):
        return "[object Object]"
    if isinstance(value, (list, tuple)):
        return ",".join("" if item is None else _format_artifact(item) for item in value)
    return to_js_string(value)


def _format_error_message(name: str, error: Exception) -> str | None:
    # A circular value: V8's own message, as `JSON.stringify` throws it.
    return str(error) if isinstance(error, ValueError) else None


ADK_TS = Dialect(
    name="adk-ts",
    port="adk-ts",
    implementation="@iqai/adk 0.5.9 (IQAI's ADK-TS)",
    pattern=_SINGLE_BRACE_PATTERN,
    strips_whitespace=True,
    whitespace=JS_WHITESPACE,
    format_value=format_ts_value,
    read_name=read_ts_name,
    follow_path=follow_ts_path,
    format_errors=(TypeError, ValueError),
    format_error_message=_format_error_message,
    missing_key_message=js_missing_key_message,
    missing_artifact_message=js_missing_artifact_message,
    format_artifact=_format_artifact,
    is_missing_artifact=is_js_missing_artifact,
    optional_hides_errors=True,
    inherited_values=JS_INHERITED_VALUES,
)

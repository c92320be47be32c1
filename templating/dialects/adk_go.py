"""The ``adk-go`` dialect: google/adk-go v2's ``InjectSessionState``. See ``docs/grammar-adk-go.md``.

Read from ``internal/llminternal/instruction_processor.go`` (``replaceMatch``,
``isIdentifier``, ``isValidStateName``). Python values stand for the Go values a session
holds: ``None`` is ``nil``, an ``int`` a Go ``int``, a ``float`` a ``float64``, a ``dict`` a
``map[string]any``, a ``list`` or ``tuple`` a ``[]any``. A value is written with
``fmt.Sprintf("%v", value)``.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Mapping
from typing import Any

from templating.dialects.dialect import BRACE_RUN_PATTERN, Dialect, Path, is_scoped_name
from templating.dialects.values import Layout, plain, scalar_text, shortest_digits, write_nested

__all__ = ["ADK_GO", "GO_WHITESPACE", "format_go_value", "go_float", "is_go_identifier", "read_go_name"]

# What Go's `strings.TrimSpace` removes: `unicode.IsSpace`, the ASCII spaces, U+0085, U+00A0
# and the other characters with Unicode's White_Space property.
GO_WHITESPACE = "\t\n\v\f\r \u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"


def _is_letter(character: str) -> bool:
    return unicodedata.category(character).startswith("L")


def is_go_identifier(name: str) -> bool:
    """adk-go's ``isIdentifier``: a letter (``unicode.IsLetter``, any script) or ``_``, then
    letters, decimal digits (``unicode.IsDigit``) or ``_``, read rune by rune."""
    if not name or not (_is_letter(name[0]) or name[0] == "_"):
        return False
    return all(_is_letter(c) or c == "_" or unicodedata.category(c) == "Nd" for c in name[1:])


def read_go_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk-go`` way: the key itself; ``None`` if invalid."""
    return (name, ()) if is_scoped_name(name, is_go_identifier) else None


def go_float(number: float) -> str:
    """``%v`` of a ``float64``: ``strconv.FormatFloat(f, 'g', -1, 64)``, the shortest digits,
    in exponent form from ``1e+06`` up and below ``0.0001`` (``2``, ``123456``, ``1e+06``,
    ``1.5e-05``, ``+Inf``)."""
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "+Inf" if number > 0 else "-Inf"
    if number == 0:
        return "-0" if math.copysign(1, number) < 0 else "0"
    sign = "-" if number < 0 else ""
    digits, exponent = shortest_digits(abs(number))
    point = exponent + len(digits)  # digits before the decimal point
    power = point - 1
    if power < -4 or power >= 6:  # strconv's %e rule with the shortest precision's 6
        mantissa = digits if len(digits) == 1 else digits[0] + "." + digits[1:]
        return f"{sign}{mantissa}e{'+' if power >= 0 else '-'}{abs(power):02d}"
    if point <= 0:
        return f"{sign}0.{'0' * -point}{digits}"
    if point >= len(digits):
        return sign + digits + "0" * (point - len(digits))
    return f"{sign}{digits[:point]}.{digits[point:]}"


def _leaf(value: Any) -> str:
    return scalar_text(value, null="<nil>", float_text=go_float, language="Go")


def _entries(mapping: Mapping[Any, Any]) -> list[tuple[str, Any]]:
    """fmt prints a map's entries sorted by key (strings in byte order, which for UTF-8 is
    code point order, numbers by value)."""
    keys = list(mapping)
    if all(isinstance(key, str) for key in keys) or all(
        isinstance(key, (int, float)) and not isinstance(key, bool) for key in keys
    ):
        ordered = sorted(keys)
    else:
        raise TypeError("a map with keys of mixed types has no Go counterpart here")
    return [(_leaf(key), mapping[key]) for key in ordered]


def _circular(cycle: list[tuple[Any, str]]) -> str:
    return "the value contains itself: Go's fmt would recurse until the goroutine's stack overflows"


_LAYOUT = Layout(
    leaf=_leaf,
    entries=_entries,
    key=lambda key: key + ":",
    opening=("map[", "["),
    closing=("]", "]"),
    separator=" ",
    circular=_circular,
)


def format_go_value(value: Any) -> str:
    """The text adk-go inserts for a state ``value``: ``nil`` is empty, anything else
    ``fmt.Sprintf("%v", value)`` (``map[a:1 b:x]``, ``[1 x true <nil>]``, ``1e+06``)."""
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    return write_nested(plain(value), _LAYOUT)


def _artifact_text(artifact: Any) -> str:
    """adk-go renders ``resp.Part.Text``: a Part's text, empty when it has none."""
    if isinstance(artifact, str):
        return artifact
    value = plain(artifact)
    if isinstance(value, Mapping):
        text = value.get("text")
        return text if isinstance(text, str) else ""
    return str(getattr(artifact, "text", "") or "")


def _missing_key_message(name: str, agent_name: str) -> str:
    # session.ErrStateKeyNotExist: the message names no key.
    return "state key does not exist"


def _missing_artifact_message(name: str, agent_name: str) -> str:
    # The in-memory artifact service's errors (artifact/inmemory.go), wrapped by replaceMatch.
    if not name:
        return "failed to load artifact : request validation failed: invalid load request: missing required fields: FileName"
    return f"failed to load artifact {name}: artifact not found: file does not exist"


def _format_error_message(name: str, error: Exception) -> str | None:
    return f"Value of `{name}` cannot be rendered by adk-go: {error}"


ADK_GO = Dialect(
    name="adk-go",
    port="go",
    implementation="google/adk-go v2",
    pattern=BRACE_RUN_PATTERN,
    strips_whitespace=True,
    whitespace=GO_WHITESPACE,
    format_value=format_go_value,
    read_name=read_go_name,
    format_errors=(TypeError, ValueError),
    format_error_message=_format_error_message,
    missing_key_message=_missing_key_message,
    missing_artifact_message=_missing_artifact_message,
    format_artifact=_artifact_text,
    artifact_service_message="artifact service is not initialized",
    optional_hides_errors=True,
)

"""JavaScript values for the JavaScript ports (adk-js, ADK-TS): `String()`, `JSON.stringify`, artifacts.

The ``adk-js`` dialect renders as adk-js 2.x's ``injectSessionState`` does: a string as is,
an object or array as compact ``JSON.stringify`` output, anything else through ``String()``.
Python values stand for the JSON values an adk-js session holds: ``None`` is ``null``,
``True`` is ``true``, an ``int`` or ``float`` is a JavaScript number (``1.0`` is ``1``,
``2**70`` is ``1.1805916207174113e+21``), a ``dict`` is an object (integer-like keys first,
in ascending order, as JavaScript orders them), a ``list`` or ``tuple`` an array, and a
pydantic model its JSON-mode dump. A value with no JSON counterpart (a ``set``, ``bytes``,
an arbitrary object) raises ``TypeError``; a value that contains itself raises
``ValueError`` with V8's ``Converting circular structure to JSON`` message.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from templating.dialects.dialect import compiled
from templating.dialects.values import (
    Layout,
    is_model,
    plain,
    shortest_digits,
    write_nested,
)

__all__ = [
    "JS_INHERITED_VALUES",
    "format_js_artifact",
    "format_js_value",
    "is_js_missing_artifact",
    "js_format_error_message",
    "js_missing_artifact_message",
    "js_missing_key_message",
    "js_number",
    "json_stringify",
    "to_js_string",
]

# A surrogate that is not half of a pair: `JSON.stringify` writes it as `\udXXX`.
_LONE_SURROGATE = r"[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]"
# The largest array index JavaScript orders before other keys: 2**32 - 2.
_LARGEST_INDEX = 2**32 - 2


def format_js_value(value: Any) -> str:
    """The text adk-js inserts for a state ``value``: a string as is, an object or array as
    ``JSON.stringify`` writes it, anything else as ``String(value)`` (``null``, ``true``,
    ``1``, ``NaN``)."""
    if isinstance(value, str):
        return value
    if _is_object(value):
        return json_stringify(value)
    return to_js_string(value)


def format_js_artifact(artifact: Any) -> str:
    """The text adk-js inserts for a loaded artifact: a string as is; a ``Part`` (an object
    with a string ``text``) its text; any other object as ``JSON.stringify`` writes it."""
    if isinstance(artifact, str):
        return artifact
    value = plain(artifact)
    if isinstance(value, Mapping) and isinstance(value.get("text"), str):
        return value["text"]
    return format_js_value(value)


def json_stringify(value: Any, *, indented: bool = False) -> str:
    """``JSON.stringify(value)`` for the JSON value ``value`` stands for: compact, or as
    ``JSON.stringify(value, null, 2)`` writes it with ``indented``. Written without recursion,
    so any depth works, as in V8 up to its stack."""
    return write_nested(value, _INDENTED if indented else _COMPACT)


def js_number(number: float) -> str:
    """``String(number)``: the shortest digits that read back as ``number``, in JavaScript's
    layout (``1``, ``1.5``, ``1e+21``, ``1e-7``, ``NaN``, ``-Infinity``)."""
    if math.isnan(number):
        return "NaN"
    if math.isinf(number):
        return "Infinity" if number > 0 else "-Infinity"
    if number == 0:
        return "0"  # -0 too: String(-0) is "0"
    if number < 0:
        return "-" + js_number(-number)
    digits, exponent = shortest_digits(number)
    size, point = len(digits), exponent + len(digits)
    if size <= point <= 21:
        return digits + "0" * (point - size)
    if 0 < point <= 21:
        return digits[:point] + "." + digits[point:]
    if -6 < point <= 0:
        return "0." + "0" * -point + digits
    mantissa = digits if size == 1 else digits[0] + "." + digits[1:]
    return f"{mantissa}e{'+' if point - 1 >= 0 else '-'}{abs(point - 1)}"


def _to_js_number(value: float) -> float:
    try:
        return float(value)
    except OverflowError:  # an int beyond the largest double is Infinity in JavaScript
        return math.inf if value > 0 else -math.inf


def to_js_string(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (int, float)):
        return js_number(_to_js_number(value))
    raise TypeError(f"a `{type(value).__name__}` has no JavaScript counterpart")


def _is_object(value: Any) -> bool:
    return isinstance(value, (Mapping, list, tuple)) or is_model(value)


def _leaf(value: Any) -> str:
    """A value inside ``JSON.stringify``'s output that is not an object or array."""
    if isinstance(value, str):
        return _quote(value)
    if isinstance(value, float) and not math.isfinite(value):
        return "null"
    return to_js_string(value)


def _entries(mapping: Mapping[Any, Any]) -> list[tuple[str, Any]]:
    """JavaScript's own-property order: array indexes ascending, then other keys as inserted
    (``sorted`` is stable)."""
    return sorted(((_js_key(key), item) for key, item in mapping.items()), key=_key_order)


def _js_key(key: Any) -> str:
    """A dict key as the property name JavaScript would give it."""
    if isinstance(key, str):
        return key
    if key is None or isinstance(key, (bool, int, float)):
        return to_js_string(key)
    raise TypeError(f"a `{type(key).__name__}` key has no JavaScript counterpart")


def _key_order(entry: tuple[str, Any]) -> tuple[int, int]:
    key = entry[0]
    if key.isdigit() and key.isascii() and (key == "0" or not key.startswith("0")) and len(key) <= 10:
        index = int(key)
        if index <= _LARGEST_INDEX:
            return 0, index
    return 1, 0


def _quote(text: str) -> str:
    quoted = json.dumps(text, ensure_ascii=False)
    return compiled(_LONE_SURROGATE).sub(lambda match: f"\\u{ord(match.group()):04x}", quoted)


def _circular_message(cycle: list[tuple[Any, str]]) -> str:
    """V8's message for a value that contains itself: where the circle starts and closes."""
    lines = [
        "Converting circular structure to JSON",
        f"    --> starting at object with constructor '{_constructor(cycle[0][0])}'",
    ]
    for (_, step), (container, _) in itertools.pairwise(cycle):
        lines.append(f"    |     {step} -> object with constructor '{_constructor(container)}'")
    lines.append(f"    --- {cycle[-1][1]} closes the circle")
    return "\n".join(lines)


def _constructor(value: Any) -> str:
    return "Object" if isinstance(value, Mapping) else "Array"


def _layout(indent: str) -> Layout:
    separator = ": " if indent else ":"
    return Layout(
        leaf=_leaf,
        entries=_entries,
        key=lambda key: _quote(key) + separator,
        opening=("{", "["),
        closing=("}", "]"),
        separator=",",
        circular=_circular_message,
        indent=indent,
        max_depth=_DEEPEST,
        too_deep="Maximum call stack size exceeded",
    )


# V8's `JSON.stringify` runs out of stack at about 4,170 levels of nesting (node 20; the exact
# depth varies by a level or two with what is on the stack) and throws a RangeError. Stopping a
# little earlier keeps the text of an indented value bounded (its size grows with the square of
# the depth).
_DEEPEST = 4000


_COMPACT = _layout("")
_INDENTED = _layout("  ")


def js_missing_key_message(name: str, agent_name: str) -> str:
    """adk-js's message for a required key the state lacks (it names no agent)."""
    return f"Context variable not found: `{name}`."


def js_missing_artifact_message(name: str, agent_name: str) -> str:
    """adk-js's message for a required artifact that does not exist."""
    return f"Artifact {name} not found."


def js_format_error_message(name: str, error: Exception) -> str | None:
    """adk-js's message for a value ``JSON.stringify`` rejects (one that contains itself);
    ``None`` for other errors, which get the generic message."""
    if isinstance(error, ValueError):
        return f"Failed to serialize value for instruction template: {error}"
    return None


def is_js_missing_artifact(artifact: Any) -> bool:
    """adk-js's test, ``!artifact``: every falsy JavaScript value counts as not found, so
    ``null``, an empty text, ``false``, ``0`` and ``NaN`` do."""
    if artifact is None or artifact is False or artifact == "":
        return True
    return isinstance(artifact, (int, float)) and (artifact == 0 or artifact != artifact)


# What adk-js finds for a key that no state holds: its `key in state` also sees the members
# every JavaScript object inherits from `Object.prototype`, and renders them.
_inherited = {
    name: f"function {name}() {{ [native code] }}"
    for name in (
        "__defineGetter__",
        "__defineSetter__",
        "__lookupGetter__",
        "__lookupSetter__",
        "hasOwnProperty",
        "isPrototypeOf",
        "propertyIsEnumerable",
        "toLocaleString",
        "toString",
        "valueOf",
    )
}
_inherited["constructor"] = "function Object() { [native code] }"
_inherited["__proto__"] = "{}"

#: What adk-js renders for a key no state holds (see above), read-only.
JS_INHERITED_VALUES: Mapping[str, str] = MappingProxyType(_inherited)

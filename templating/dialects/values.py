"""Write nested state values as text without recursion, in the layout of each port.

Every port but Python turns a dict or list into text its own way: compact or indented JSON
(adk-js, ADK-TS), Go's ``%v`` (``map[k:1]``, ``[a b]``), Java's and Kotlin's ``toString``
(``{k=1}``, ``[a, b]``). `write_nested` walks the value with an explicit stack, so a value
nested 100,000 levels deep is written (or refused) without ``RecursionError``, and each port
is a `Layout`: the brackets, separators and the text of a leaf.

It also holds the number formats the ports share: the shortest digits that read back as a
``float`` (Python's ``repr``, JavaScript's, Go's and Java's algorithms all choose them).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Layout", "TooDeep", "is_model", "plain", "scalar_text", "shortest_digits", "write_nested"]

#: The steps of a cycle, for the port's message: (container, "property 'k'" / "index 0").
Cycle = list[tuple[Any, str]]


@dataclass(frozen=True, slots=True)
class Layout:
    """How one port writes a nested value.

    ``leaf`` writes anything that is not a dict, list or tuple (raising ``TypeError`` for a
    value the port has no counterpart for); ``entries`` lists a mapping's items as
    (key text, value) in the port's order; ``key`` writes a key before its value;
    ``opening``/``closing`` are (mapping, sequence) brackets; ``indent`` puts each item on
    its own line (JSON's ``space`` argument); ``circular`` is the message of a value that
    contains itself; ``max_depth``, if set, the deepest nesting the port writes before it
    fails with ``too_deep`` (V8's stack ends ``JSON.stringify`` at about 4,170 levels).
    """

    leaf: Callable[[Any], str]
    entries: Callable[[Mapping[Any, Any]], list[tuple[str, Any]]]
    key: Callable[[str], str]
    opening: tuple[str, str]
    closing: tuple[str, str]
    separator: str
    circular: Callable[[Cycle], str]
    indent: str = ""
    max_depth: int | None = None
    too_deep: str = ""


@dataclass(slots=True)
class _Frame:
    container: Any
    items: Iterator[tuple[str, str, Any]]  # (step label, key text, value)
    closing: str
    first: bool = True
    label: str = ""


class TooDeep(ValueError):  # noqa: N818 - raised as a ValueError, read as its reason
    """A value nested past Python's recursion limit: no formatter writes it."""

    def __init__(self) -> None:
        super().__init__("it nests deeper than Python's recursion limit allows (about 1,000 levels of lists and dicts)")


def write_nested(value: Any, layout: Layout) -> str:
    """``value`` as ``layout`` writes it; ``ValueError`` (the port's message) for a value
    that contains itself, ``TypeError`` for a leaf the port cannot hold."""
    parts: list[str] = []
    frames: list[_Frame] = []
    on_path: dict[int, int] = {}  # id of each open container -> its frame's index
    item = plain(value)
    while True:
        if isinstance(item, (Mapping, list, tuple)):
            _open(item, layout, parts, frames, on_path)
        else:
            parts.append(layout.leaf(item))
        item = _next_item(layout, parts, frames, on_path)
        if item is _DONE:
            return "".join(parts)


_DONE: Any = object()


def _open(container: Any, layout: Layout, parts: list[str], frames: list[_Frame], on_path: dict[int, int]) -> None:
    if id(container) in on_path:
        start = on_path[id(container)]
        raise ValueError(layout.circular([(frame.container, frame.label) for frame in frames[start:]]))
    if layout.max_depth is not None and len(frames) >= layout.max_depth:
        raise ValueError(layout.too_deep)
    kind = 0 if isinstance(container, Mapping) else 1
    if kind == 0:
        items = ((f"property {key!r}", layout.key(key), child) for key, child in layout.entries(container))
    else:
        items = ((f"index {index}", "", child) for index, child in enumerate(container))
    parts.append(layout.opening[kind])
    on_path[id(container)] = len(frames)
    frames.append(_Frame(container, iter(items), layout.closing[kind]))


def _next_item(layout: Layout, parts: list[str], frames: list[_Frame], on_path: dict[int, int]) -> Any:
    """Write what comes between the value just written and the next one, and return the
    next one; `_DONE` when the outermost value is closed."""
    while frames:
        frame = frames[-1]
        entry = next(frame.items, None)
        if entry is None:
            frames.pop()
            del on_path[id(frame.container)]
            if layout.indent and not frame.first:
                parts.append("\n" + layout.indent * len(frames))
            parts.append(frame.closing)
            continue
        if not frame.first:
            parts.append(layout.separator)
        if layout.indent:
            parts.append("\n" + layout.indent * len(frames))
        frame.first = False
        frame.label, key_text, child = entry
        parts.append(key_text)
        return plain(child)
    return _DONE


def is_model(value: Any) -> bool:
    """Whether ``value`` is a pydantic model (pydantic is never imported for this)."""
    pydantic = sys.modules.get("pydantic")
    # No need to import pydantic: if it is not loaded, nothing can be one of its models.
    return pydantic is not None and isinstance(value, pydantic.BaseModel)


def plain(value: Any) -> Any:
    """A pydantic model as the JSON object another port would hold (camelCase aliases, no
    nulls, as google-genai's own JSON has them); anything else unchanged."""
    if is_model(value):
        return value.model_dump(mode="json", by_alias=True, exclude_none=True)
    return value


def shortest_digits(number: float) -> tuple[str, int]:
    """The digits and exponent of the shortest decimal that reads back as the positive,
    finite ``number`` (``repr``'s), without leading or trailing zeros:
    ``1.5 -> ("15", -1)``, ``1e21 -> ("1", 21)``."""
    mantissa, _, exponent_text = repr(number).partition("e")
    whole, _, fraction = mantissa.partition(".")
    digits = (whole + fraction).lstrip("0")
    exponent = int(exponent_text or 0) - len(fraction)
    stripped = digits.rstrip("0")
    return stripped, exponent + len(digits) - len(stripped)


def scalar_text(value: Any, *, null: str, float_text: Callable[[float], str], language: str) -> str:
    """A scalar as a port whose values print through their own type (Go's ``%v``, Java's and
    Kotlin's ``toString``) writes it: ``null`` for ``None``, the text itself for a ``str``,
    ``true``/``false``, an ``int``'s digits, ``float_text`` for a ``float``. Anything else has
    no counterpart in ``language``: ``TypeError``."""
    if value is None:
        return null
    if isinstance(value, str):
        return value
    if value is True or value is False:
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return float_text(value)
    raise TypeError(f"a `{type(value).__name__}` has no {language} counterpart")

"""The ``str`` methods the evaluator applies to text whose characters carry source offsets.

Each function takes the receiver's `Character` tuple (and its evaluated arguments)
and returns the result's characters, or ``None`` when the result cannot be decided
statically (an unknown argument, a ``.format`` field that is not a plain name). A kept
character keeps its offset; a character a method writes (a ``replace`` replacement, a
``format`` value) sits at the offset of the text it replaces.
"""

from __future__ import annotations

import string
import textwrap
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from templating.project.model.instruction import Interpolation

__all__ = ["METHODS", "Character", "SpliceMark", "dedent", "result_bound"]

Characters = tuple["Character", ...]


class Character(NamedTuple):
    """One character of an evaluated text: its source offset, its hole if it is one, and the
    interpolation that spliced it in when it belongs to a key-shaped constant an f-string value
    put there (one `SpliceMark` shared by the constant's characters)."""

    text: str
    offset: int
    hole: Interpolation | None = None
    splice: SpliceMark | None = None


class SpliceMark:
    """The f-string value a run of characters came from (its expression), one per splice."""

    __slots__ = ("expression",)

    def __init__(self, expression: str) -> None:
        self.expression = expression


def _text(characters: Sequence[Character]) -> str:
    return "".join(character.text for character in characters)


def _known_text(characters: Sequence[Character]) -> str | None:
    """The text of an argument, or ``None`` if part of it is a run-time value."""
    return None if any(character.hole for character in characters) else _text(characters)


def _strip(which: str) -> Callable[..., Characters | None]:
    def strip(receiver: Characters, arguments: list[Characters], keywords: Mapping[str, Characters]):
        if keywords or len(arguments) > 1:
            return None
        chars = _known_text(arguments[0]) if arguments else None
        if arguments and chars is None:
            return None
        text = _text(receiver)
        start = len(text) - len(text.lstrip(chars)) if which in ("strip", "lstrip") else 0
        end = len(text.rstrip(chars)) if which in ("strip", "rstrip") else len(text)
        return receiver[start : max(start, end)]

    return strip


def _replace(receiver: Characters, arguments: list[Characters], keywords: Mapping[str, Characters]):
    """``str.replace(old, new)``: each replacement sits where the text it replaced began."""
    if keywords or len(arguments) != 2:
        return None
    old, new = _known_text(arguments[0]), _known_text(arguments[1])
    if old is None or new is None or not old:
        return None
    text, index = _text(receiver), 0
    result: list[Character] = []
    while (found := text.find(old, index)) >= 0:
        result.extend(receiver[index:found])
        result.extend(Character(c, receiver[found].offset) for c in new)
        index = found + len(old)
    result.extend(receiver[index:])
    return tuple(result)


def _format(receiver: Characters, arguments: list[Characters], keywords: Mapping[str, Characters]):
    """``str.format``: ``{{`` and ``}}`` become one brace, ``{name}`` and ``{0}`` the argument.

    A field with a conversion, a format spec, an attribute or an index, or a name no
    argument gives, is not decided: the whole call is unknown.
    """
    text, result, index, automatic = _text(receiver), [], 0, 0
    try:
        parsed = list(string.Formatter().parse(text))
    except ValueError:
        return None  # `.format` raises on this text at run time
    for literal, written, spec, conversion in parsed:
        result.extend(_unescape(receiver[index : index + _source_length(literal, text, index)]))
        index += _source_length(literal, text, index)
        if written is None:
            continue
        if spec or conversion:
            return None
        field = written
        if field == "":
            field, automatic = str(automatic), automatic + 1
        value = arguments[int(field)] if field.isdigit() and int(field) < len(arguments) else keywords.get(field)
        if value is None:
            return None
        width = text.index("}", index) + 1 - index
        result.extend(character._replace(offset=receiver[index].offset) for character in value)
        index += width
    return tuple(result)


def _source_length(literal: str, text: str, index: int) -> int:
    """How many characters of ``text`` from ``index`` spell ``literal`` (each brace doubled)."""
    length, position = 0, index
    for character in literal:
        step = 2 if character in "{}" and text[position : position + 2] == character * 2 else 1
        position += step
        length += step
    return length


def _unescape(characters: Characters) -> list[Character]:
    """Literal text of a format string: ``{{`` is ``{`` (at the first), ``}}`` is ``}`` (at the second)."""
    result, index = [], 0
    while index < len(characters):
        character = characters[index]
        pair = index + 1 < len(characters) and character.text in "{}" and characters[index + 1].text == character.text
        result.append(characters[index + 1] if pair and character.text == "}" else character)
        index += 2 if pair else 1
    return result


def dedent(characters: Characters) -> Characters | None:
    """``textwrap.dedent``: the common leading blanks are removed, blank lines emptied."""
    text = _text(characters)
    lines, start = [], 0
    for line in text.split("\n"):
        lines.append((start, line))
        start += len(line) + 1
    margins = [line[: len(line) - len(line.lstrip(" \t"))] for _, line in lines if line.strip(" \t")]
    margin = _common_prefix(margins)
    result: list[Character] = []
    for line_start, line in lines:
        cut = len(line) if not line.strip(" \t") else len(margin)
        result.extend(characters[line_start + cut : line_start + len(line) + 1])
    if _text(result) != textwrap.dedent(text):
        return None  # a case this mapping does not follow; never guess
    return tuple(result)


def _common_prefix(margins: list[str]) -> str:
    if not margins:
        return ""
    first, last = min(margins), max(margins)
    length = 0
    while length < len(first) and first[length] == last[length]:
        length += 1
    return first[:length]


def result_bound(
    name: str, receiver: Characters, arguments: Sequence[Characters], keywords: Mapping[str, Characters]
) -> int:
    """The most characters method ``name`` can return, worked out without building them (a
    ``replace`` or ``format`` result can be far longer than its receiver)."""
    if name == "replace" and len(arguments) == 2 and not keywords:
        old = _known_text(arguments[0])
        if old:
            return len(receiver) + _text(receiver).count(old) * len(arguments[1])
    if name == "format":
        longest = max(map(len, [*arguments, *keywords.values()]), default=0)
        return len(receiver) + _text(receiver).count("{") * longest
    return len(receiver)


#: The methods of ``str`` the evaluator follows, by name (``join`` is the evaluator's: it
#: needs the list's items).
METHODS: dict[str, Callable[..., Characters | None]] = {
    "strip": _strip("strip"), "lstrip": _strip("lstrip"), "rstrip": _strip("rstrip"),
    "replace": _replace, "format": _format,
}  # fmt: skip

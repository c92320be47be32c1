"""Go string literals to text, each character with its source offset.

An interpreted string (``"..."``) is decoded escape by escape (``\\n``, ``\\t``, ``\\"``,
``\\u00e9``, octal and hex bytes); a raw string (`` `...` ``) is its characters as written,
carriage returns dropped as Go drops them. Offsets count characters of the decoded file text.
"""

from __future__ import annotations

import re

__all__ = ["decode_go_string"]

_SIMPLE = {"a": "\a", "b": "\b", "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v", "\\": "\\", "'": "'", '"': '"'}
_LAST_CODE_POINT = 0x10FFFF
_ESCAPE = re.compile(r"\\(?:[abfnrtv\\'\"]|[0-7]{3}|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})")


def decode_go_string(literal: str, base: int) -> tuple[str, list[int]] | None:
    """The text of the Go string literal ``literal`` (written at offset ``base``) and the
    offset of each character, plus one past the closing quote; ``None`` if it is not one."""
    if len(literal) < 2 or literal[0] != literal[-1] or literal[0] not in '`"':
        return None
    if literal[0] == "`":
        return _raw(literal, base)
    if "\\" not in literal:  # no escape: each character is itself
        return literal[1:-1], [*range(base + 1, base + len(literal) - 1), base + len(literal)]
    characters: list[str] = []
    offsets: list[int] = []
    index = 1
    end = len(literal) - 1
    while index < end:
        if literal[index] == "\\":
            match = _ESCAPE.match(literal, index)
            if match is None:
                return None  # not valid Go: the compiler rejects it
            characters.append(_escaped(match.group()))
            offsets.append(base + index)
            index = match.end()
        else:
            characters.append(literal[index])
            offsets.append(base + index)
            index += 1
    offsets.append(base + len(literal))
    return "".join(characters), offsets


def _raw(literal: str, base: int) -> tuple[str, list[int]]:
    if "\r" not in literal:
        return literal[1:-1], [*range(base + 1, base + len(literal) - 1), base + len(literal)]
    characters: list[str] = []
    offsets: list[int] = []
    for index in range(1, len(literal) - 1):
        if literal[index] != "\r":
            characters.append(literal[index])
            offsets.append(base + index)
    offsets.append(base + len(literal))
    return "".join(characters), offsets


def _escaped(escape: str) -> str:
    kind = escape[1]
    if kind in _SIMPLE:
        return _SIMPLE[kind]
    if kind in "xuU":
        value = int(escape[2:], 16)
        return chr(value) if value <= _LAST_CODE_POINT else "\ufffd"  # Go rejects it too
    return chr(int(escape[1:], 8))

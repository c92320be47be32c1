"""Where the members of a JSON document are, in its text: what findings about a session file or
an eval file point at. The text is known to be valid JSON (`json.loads` read it first).

`loads` reads a document as the evaluation files' readers do; `members` lists an object's
members with their offsets, `member` finds one, `elements` lists an array's items. Each value is decoded once per step down, so a document costs its size times the depth
asked for (three or four levels), never more.
"""

from __future__ import annotations

import json
import re
from typing import Any

__all__ = ["elements", "end_of", "loads", "member", "members", "skip"]

_DECODER = json.JSONDecoder()
# The whitespace JSON allows between tokens (RFC 8259), nothing more.
_WHITESPACE = re.compile(r"[ \t\n\r]*")


def loads(text: str) -> Any:
    """The document ``text`` holds; ``json.JSONDecodeError`` for text that is not JSON or that
    Python cannot hold (a number of more than 4,300 digits)."""
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # `int()`'s digit limit, which the JSON decoder does not wrap
        raise json.JSONDecodeError("a number too long to read (over 4,300 digits)", text, 0) from None


def members(text: str, start: int) -> list[tuple[str, int, int]]:
    """The members of the object whose ``{`` is at ``start``: each name, the offset of the
    name's opening quote and the offset of its value. A repeated name is listed each time (the
    last one is the one `json.loads` keeps)."""
    found = []
    index = skip(text, start + 1)
    while text[index] != "}":
        name, end = _DECODER.raw_decode(text, index)
        value = skip(text, skip(text, end) + 1)  # past the `:`
        _, end = _DECODER.raw_decode(text, value)
        found.append((name, index, value))
        index = skip(text, end)
        if text[index] == ",":
            index = skip(text, index + 1)
    return found


def elements(text: str, start: int) -> list[int]:
    """The offsets of the items of the array whose ``[`` is at ``start``."""
    found = []
    index = skip(text, start + 1)
    while text[index] != "]":
        found.append(index)
        _, end = _DECODER.raw_decode(text, index)
        index = skip(text, end)
        if text[index] == ",":
            index = skip(text, index + 1)
    return found


def member(text: str, start: int, name: str) -> tuple[int, int] | None:
    """The offsets of the name and the value of member ``name`` of the object at ``start``
    (the last one, as `json.loads` reads it), if it has one."""
    found = [(at, value) for each, at, value in members(text, start) if each == name]
    return found[-1] if found else None


def skip(text: str, index: int) -> int:
    """The offset of the first character at or after ``index`` that is not JSON whitespace."""
    match = _WHITESPACE.match(text, index)
    assert match is not None  # the pattern matches the empty string
    return match.end()


def end_of(text: str, index: int) -> int:
    """The offset just past the JSON value (a member's name, say) that starts at ``index``."""
    return _DECODER.raw_decode(text, index)[1]

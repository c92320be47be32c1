"""JavaScript string and template literals decoded into characters, each with its source offset.

A character is what ADK receives after JavaScript ran: escapes decoded (``\\u007B`` is ``{``),
a line continuation gone. `Character` keeps the offset of the source character it came from
(an escape's characters all sit at its backslash) and, for a value known only at run time,
the `Interpolation` that stands there.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from templating.project.model.instruction import Interpolation

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.treesitter.parsing import ParsedText

__all__ = ["Character", "SpliceMark", "decode_escape", "decode_string", "dedent"]

_SIMPLE = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "0": "\0", "\n": ""}
_HEX = re.compile(r"\\(?:x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})|u\{([0-9a-fA-F]{1,6})\})")


class Character(NamedTuple):
    """One character of an evaluated text, where it was written, the run-time value it
    stands for (``None`` for a known character), and the ``${...}`` that spliced it in when it
    belongs to a key-shaped constant (one `SpliceMark` shared by the constant's characters)."""

    text: str
    offset: int
    hole: Interpolation | None = None
    splice: SpliceMark | None = None


class SpliceMark:
    """The ``${...}`` expression a run of characters came from, one per splice."""

    __slots__ = ("expression",)

    def __init__(self, expression: str) -> None:
        self.expression = expression


def decode_escape(escape: str) -> str:
    """The text JavaScript makes of one escape sequence (``\\n``, ``\\x7B``, ``\\u{7B}``)."""
    match = _HEX.fullmatch(escape)
    if match:
        code = int(next(group for group in match.groups() if group), 16)
        return chr(code) if code <= 0x10FFFF else ""
    body = escape[1:]
    if body.startswith("\r"):
        return ""  # a line continuation
    return _SIMPLE.get(body, body)


def decode_string(parsed: ParsedText, node: Node) -> list[Character]:
    """The characters of a ``string`` or a ``template_string`` without substitutions."""
    characters: list[Character] = []
    for child in node.children:
        add_piece(parsed, child, characters)
    return characters


def add_piece(parsed: ParsedText, child: Node, into: list[Character]) -> None:
    """Append the characters one fragment or escape of a literal stands for."""
    if child.type == "string_fragment":
        start, end = parsed.span(child)
        into.extend(Character(c, offset) for c, offset in zip(parsed.text[start:end], range(start, end)))
    elif child.type == "escape_sequence":
        start, _ = parsed.span(child)
        into.extend(Character(c, start) for c in decode_escape(parsed.text_of(child)))


def dedent(characters: list[Character]) -> list[Character]:
    """What the npm ``dedent`` tag makes of a text: the smallest indentation of the lines that
    hold something removed from every indented line, then the whole trimmed."""
    lines: list[list[Character]] = [[]]
    breaks: list[Character] = []
    for character in characters:
        if character.text == "\n" and character.hole is None:
            breaks.append(character)
            lines.append([])
        else:
            lines[-1].append(character)
    indents = [_indent(line) for line in lines if _indent(line) < len(line)]
    smallest = min((indent for indent in indents if indent), default=0)
    if smallest and all(indent >= smallest or indent == 0 for indent in indents):
        lines = [line[smallest:] if line and line[0].text in " \t" else line for line in lines]
    joined: list[Character] = list(lines[0])
    for line_break, line in zip(breaks, lines[1:]):
        joined.append(line_break)
        joined.extend(line)
    return _strip(joined)


def _indent(line: list[Character]) -> int:
    count = 0
    for character in line:
        if character.text not in " \t" or character.hole is not None:
            break
        count += 1
    return count


def _strip(characters: list[Character]) -> list[Character]:
    start, end = 0, len(characters)
    while start < end and characters[start].hole is None and characters[start].text.isspace():
        start += 1
    while end > start and characters[end - 1].hole is None and characters[end - 1].text.isspace():
        end -= 1
    return characters[start:end]

"""Texts built from source characters, for the tree-sitter front ends.

A front end evaluates an instruction expression into a tuple of `Character`: each character
of the text the port will see, with the source offset it was written at, or a hole (one
`RUNTIME_VALUE` character) for a value known only at run time. This module holds what every
language needs on such texts: literal runs, holes, ``noqa`` comments, whole-line indentation
removal (Java text blocks, Kotlin ``trimIndent``/``trimMargin`` are variants of one
operation), ``printf``-style formatting, and the final `Instruction`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from templating.project.budget import BUDGET_REASON, pay
from templating.project.model.instruction import RUNTIME_VALUE, Instruction, Interpolation, SourceFile
from templating.project.noqa import noqa_codes, noqa_pattern

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.treesitter.parsing import ParsedText

__all__ = [
    "Character",
    "Characters",
    "argument_instruction",
    "characters_at",
    "format_printf",
    "hole",
    "instruction_of",
    "is_known",
    "known_text",
    "line_end_commentable",
    "lines_of",
    "noqa_by_line",
    "strip_blank",
    "suppressed_between",
    "text_of",
]  # fmt: skip


class Character(NamedTuple):
    """One character of an evaluated text: its source offset, and its hole if it is one."""

    text: str
    offset: int
    hole: Interpolation | None = None


Characters = tuple[Character, ...]

#: A ``// noqa`` comment, in the project's one noqa grammar.
_NOQA = noqa_pattern("//")
#: A ``printf`` conversion: ``%%``, ``%n``, or an optional ``n$`` index, flags, width,
#: precision and one conversion letter.
# Possessive: a run of `0` can be flags or width, and trying each split was quadratic in it.
_PRINTF = re.compile(r"%(?:(?P<index>\d++)\$)?[-#+ 0,(<]*+\d*+(?:\.\d++)?(?P<conversion>[a-zA-Z%])")


def characters_at(text: str, offset: int) -> Characters:
    """``text`` written at source offsets ``offset``, ``offset + 1``, ..."""
    return tuple(Character(character, offset + index) for index, character in enumerate(text))


def hole(expression: str, offset: int, reason: str | None = "its value is only known at run time") -> Characters:
    """One run-time value, written at ``offset``: ``expression`` is its code."""
    return (Character(RUNTIME_VALUE, offset, Interpolation(0, expression, reason)),)


def text_of(characters: Sequence[Character]) -> str:
    """The text of ``characters`` (a hole is `RUNTIME_VALUE`)."""
    return "".join(character.text for character in characters)


def is_known(characters: Sequence[Character]) -> bool:
    """Whether any character of ``characters`` is known before run time: an instruction that
    is one run-time value says nothing a linter can check (the Python front end skips it too)."""
    return any(character.hole is None for character in characters)


def known_text(characters: Sequence[Character]) -> str | None:
    """The text of ``characters``, or ``None`` if a run-time value is part of it."""
    return None if any(character.hole for character in characters) else text_of(characters)


def lines_of(characters: Characters) -> list[Characters]:
    """``characters`` split at each ``\\n`` (the breaks dropped)."""
    lines: list[Characters] = []
    start = 0
    for index, character in enumerate(characters):
        if character.text == "\n" and character.hole is None:
            lines.append(characters[start:index])
            start = index + 1
    lines.append(characters[start:])
    return lines


def strip_blank(line: Characters, blanks: str, *, leading: bool = True, trailing: bool = True) -> Characters:
    """``line`` without its leading and/or trailing characters in ``blanks`` (holes are not blank)."""
    start, end = 0, len(line)
    while leading and start < end and line[start].hole is None and line[start].text in blanks:
        start += 1
    while trailing and end > start and line[end - 1].hole is None and line[end - 1].text in blanks:
        end -= 1
    return line[start:end]


def format_printf(pattern: Characters, arguments: Sequence[Characters]) -> Characters | None:
    """``String.format(pattern, arguments...)``: each conversion is replaced by its argument,
    placed where the conversion was written; ``%%`` is ``%``, ``%n`` a line break. ``None``
    when the pattern is not known text or names an argument not given (the call throws)."""
    text = known_text(pattern)
    if text is None:
        return None
    if not pay(_formatted_length(text, arguments)):  # priced before it is built, as Python's `.format`
        return hole(f'"{text}"', pattern[0].offset if pattern else 0, BUDGET_REASON)
    result: list[Character] = []
    index, automatic = 0, 0
    for match in _PRINTF.finditer(text):
        result.extend(pattern[index : match.start()])
        index = match.end()
        conversion = match.group("conversion")
        at = pattern[match.start()].offset
        if conversion in "%n":
            result.append(Character("%" if conversion == "%" else "\n", at))
            continue
        if match.group("index"):
            position = int(match.group("index")) - 1
        else:
            position, automatic = automatic, automatic + 1
        if not 0 <= position < len(arguments):
            return None
        result.extend(character._replace(offset=at) for character in arguments[position])
    result.extend(pattern[index:])
    return tuple(result)


def _formatted_length(text: str, arguments: Sequence[Characters]) -> int:
    """At most how many characters formatting ``text`` with ``arguments`` builds."""
    length, automatic = len(text), 0
    for match in _PRINTF.finditer(text):
        if match.group("conversion") in "%n":
            continue
        if match.group("index"):
            position = int(match.group("index")) - 1
        else:
            position, automatic = automatic, automatic + 1
        length += len(arguments[position]) if 0 <= position < len(arguments) else 0
    return length


def noqa_by_line(comments: Sequence[tuple[int, str]]) -> dict[int, frozenset[str]]:
    """The codes of each ``// noqa`` comment, by the 1-based line it is on; ``comments`` are
    (line, comment text) pairs."""
    found: dict[int, frozenset[str]] = {}
    for line, comment in comments:
        match = _NOQA.search(comment)
        if match is not None:
            found[line] = found.get(line, frozenset()) | noqa_codes(match)
    return found


def instruction_of(
    source: SourceFile,
    characters: Characters,
    end: int,
    field: str,
    dialect: str,
    suppressed: frozenset[str] = frozenset(),
) -> Instruction:
    """The `Instruction` of an evaluated text; ``end`` is the source offset just past it."""
    holes = tuple(
        Interpolation(index, character.hole.expression, character.hole.reason)
        for index, character in enumerate(characters)
        if character.hole is not None
    )
    offsets = (*(character.offset for character in characters), end)
    return Instruction(source, text_of(characters), offsets, field, holes, suppressed, dialect)


def argument_instruction(
    source: SourceFile,
    parsed: ParsedText,
    noqa: dict[int, frozenset[str]],
    characters: Characters,
    value: Node,
    call: Node,
    field: str,
    dialect: str,
) -> list[Instruction]:
    """The instruction that ``characters``, what the argument ``value`` of ``call`` evaluates
    to, give: silenced by a ``noqa`` on any line from the call to the argument's end; none when
    all of it is known only at run time."""
    if not is_known(characters):
        return []
    end = parsed.span(value)[1]
    first = source.position(parsed.span(call)[0])[0]
    last = source.position(end)[0]
    return [instruction_of(source, characters, end, field, dialect, suppressed_between(noqa, first, last))]


def line_end_commentable(source: SourceFile, end: int, grammar: str) -> int | None:
    """The 1-based line of source offset ``end``, when a ``//`` comment can be added at the end
    of it: the line does not end inside a string (a template literal, a raw string, a text
    block) or a comment that goes on to the next line, where the comment would be text."""
    line, _ = source.position(end)
    stop = source.text.find("\n", end)
    stop = len(source.text) if stop < 0 else stop
    last = len(source.text[:stop].rstrip())
    if last <= end:
        return line
    parsed, line_bytes = _parsed_lines(source, grammar)
    start = source.line_starts[line - 1]
    byte = line_bytes[line - 1] + len(source.text[start : last - 1].encode("utf-8", "surrogatepass"))
    stop_byte = byte + len(source.text[last - 1 : stop].encode("utf-8", "surrogatepass"))
    node = parsed.root.descendant_for_byte_range(byte, byte + 1)
    while node is not None:
        if ("string" in node.type or "comment" in node.type or "text_block" in node.type) and node.end_byte > stop_byte:
            return None
        node = node.parent
    return line


#: The last text a noqa line was asked of, parsed, with the byte offset of each line's start:
#: `--add-noqa` asks once per finding, and a file is parsed once for all of them.
_LAST_PARSED: list[tuple[str, str, ParsedText, list[int]]] = []


def _parsed_lines(source: SourceFile, grammar: str) -> tuple[ParsedText, list[int]]:
    from templating.project.treesitter.parsing import parse

    if _LAST_PARSED and _LAST_PARSED[0][0] is source.text and _LAST_PARSED[0][1] == grammar:
        return _LAST_PARSED[0][2], _LAST_PARSED[0][3]
    parsed = parse(grammar, source.text)
    line_bytes, byte = [], 0
    for text in source.text.split("\n"):
        line_bytes.append(byte)
        byte += len(text.encode("utf-8", "surrogatepass")) + 1
    _LAST_PARSED[:] = [(source.text, grammar, parsed, line_bytes)]
    return parsed, line_bytes


def suppressed_between(noqa: dict[int, frozenset[str]], first: int, last: int) -> frozenset[str]:
    """The codes of every ``noqa`` comment on lines ``first`` to ``last``."""
    codes: frozenset[str] = frozenset()
    for line in range(first, last + 1):
        codes |= noqa.get(line, frozenset())
    return codes

"""Where the cursor is: source offsets, 0-based LSP lines and columns, and what sits there.

Lines and columns here count code points (as the linter does); the server converts them to the
client's position encoding (UTF-16 by default) at the edge.
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.errors import TemplateSyntaxError
from templating.nodes import Placeholder
from templating.parser import parse
from templating.project.model.instruction import Instruction

__all__ = ["PlaceholderAt", "find_placeholder", "partial_name"]

# The characters a placeholder name can be made of while it is being typed.
_NAME_CHARACTERS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_:.?")


@dataclass(frozen=True, slots=True)
class PlaceholderAt:
    """The placeholder under the cursor, the instruction it is in and its source range."""

    placeholder: Placeholder
    instruction: Instruction
    start: tuple[int, int]
    end: tuple[int, int]


def find_placeholder(instructions: list[Instruction], offset: int, dialect: str) -> PlaceholderAt | None:
    """The placeholder whose source characters include ``offset`` (braces included)."""
    for instruction in instructions:
        if not instruction.offsets or not instruction.offsets[0] <= offset <= instruction.offsets[-1]:
            continue
        try:
            template = parse(instruction.text, dialect=dialect)
        except TemplateSyntaxError:
            continue
        for placeholder in template.placeholders:
            first = instruction.source_offset(placeholder.span.start)
            last = instruction.source_offset(placeholder.span.end - 1)
            if first <= offset <= last:
                start = instruction.position(placeholder.span.start)
                end = instruction.end_position(placeholder.span.end)
                return PlaceholderAt(placeholder, instruction, _zero(start), _zero(end))
    return None


def partial_name(line_text: str, character: int) -> tuple[int, str] | None:
    """If the cursor follows ``{`` and part of a name, the column after ``{`` and that part."""
    position = min(character, len(line_text))
    start = position
    while start > 0 and line_text[start - 1] in _NAME_CHARACTERS:
        start -= 1
    if start == 0 or line_text[start - 1] != "{":
        return None
    return start, line_text[start:position]


def _zero(position: tuple[int, int]) -> tuple[int, int]:
    return position[0] - 1, position[1] - 1

"""Positions in template text: spans, and line/column computed only when needed.

Every stage works with 0-based character offsets; a 1-based line and column are derived
from an offset only when something is reported to a person (an error or a lint finding).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Span", "line_and_column"]


@dataclass(frozen=True, slots=True)
class Span:
    """A half-open range ``[start, end)`` of character offsets in a template's text."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if not 0 <= self.start <= self.end:
            raise ValueError(f"Invalid span: start {self.start}, end {self.end}")

    def __len__(self) -> int:
        return self.end - self.start

    def slice(self, text: str) -> str:
        """Return the part of ``text`` this span covers."""
        return text[self.start : self.end]


def line_and_column(text: str, offset: int) -> tuple[int, int]:
    """Return the 1-based line and column of ``offset`` in ``text``.

    Lines are split on ``\\n`` only, as editors and compilers count them; a ``\\r`` before
    the ``\\n`` belongs to the line it ends. Columns count characters (code points).
    """
    if not 0 <= offset <= len(text):
        raise ValueError(f"Offset {offset} is outside the text (length {len(text)})")
    line = text.count("\n", 0, offset) + 1
    line_start = text.rfind("\n", 0, offset) + 1
    return line, offset - line_start + 1

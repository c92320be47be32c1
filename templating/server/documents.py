"""The open documents, with lines and positions exactly as the Language Server Protocol counts.

LSP ends a line only at ``\\n``, ``\\r\\n`` or ``\\r``; ``str.splitlines`` also splits at a form
feed, a vertical tab, U+0085, U+2028 and others, so a store built on it drifts from the
editor's copy as soon as one of those is typed. Here a line ends where LSP says and nowhere
else.

A position's ``character`` counts code units of the negotiated encoding (UTF-16 unless the
client offers another); a position past the end of its line means the end of that line, and a
line past the end of the document its end, as the protocol asks.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass, field
from itertools import accumulate

from lsprotocol import types

__all__ = ["Codec", "Document"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")
# A lone surrogate cannot be encoded; it counts as one unit in every encoding, as editors do.
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")


@dataclass(frozen=True, slots=True)
class Codec:
    """Counts the client's code units (UTF-16 unless the client offers UTF-8 or UTF-32)."""

    encoding: str = types.PositionEncodingKind.Utf16

    def table(self, line: str) -> list[int] | None:
        """The code units before each column of ``line`` (one entry more than its length),
        or ``None`` where a unit is a code point (ASCII, or no astral character in UTF-16)."""
        if self.encoding == types.PositionEncodingKind.Utf32 or line.isascii():
            return None
        if self.encoding == types.PositionEncodingKind.Utf8:
            widths = (len(character.encode("utf-8", "surrogatepass")) for character in line)
        elif _ASTRAL.search(line) is None:
            return None
        else:
            widths = (2 if character > "\uffff" else 1 for character in line)
        return [0, *accumulate(widths)]


@dataclass(slots=True)
class Document:
    """One open document: its URI, version, text and where each LSP line starts."""

    uri: str
    text: str
    version: int | None = None
    language: str = ""
    codec: Codec = Codec()
    _starts: list[int] | None = field(default=None, repr=False)
    # Per line, its code unit table (None: units are code points); dropped on every change.
    _tables: dict[int, list[int] | None] = field(default_factory=dict, repr=False)

    @property
    def line_starts(self) -> list[int]:
        """The offset of each line's first character (LSP line breaks only)."""
        if self._starts is None:
            self._starts = [0, *(match.end() for match in _LINE_BREAK.finditer(self.text))]
        return self._starts

    def line(self, number: int) -> str:
        """The text of 0-based line ``number`` without its line break ('' past the end)."""
        start, stop = self._span(number)
        return self.text[start:stop]

    def line_length(self, number: int) -> int:
        """The code points of line ``number`` without its line break (0 past the end)."""
        start, stop = self._span(number)
        return stop - start

    def lines(self) -> list[str]:
        """Every line without its line break, as LSP numbers them."""
        return _LINE_BREAK.split(self.text)

    def units(self, line: int, column: int) -> int:
        """The client's code units before code point ``column`` of ``line`` (clamped)."""
        column = max(0, min(column, self.line_length(line)))
        table = self._table(line)
        return column if table is None else table[column]

    def column(self, line: int, units: int) -> int:
        """The code point column of ``units`` code units into ``line``, clamped to the line;
        a position inside a character (half a surrogate pair) means that character's start."""
        table = self._table(line)
        if table is None:
            return max(0, min(units, self.line_length(line)))
        return max(0, bisect_right(table, units) - 1)

    def offset(self, position: types.Position) -> int:
        """The offset in ``text`` of a client ``position`` (clamped to the document)."""
        starts = self.line_starts
        if position.line < 0:
            return 0
        if position.line >= len(starts):
            return len(self.text)
        return starts[position.line] + self.column(position.line, position.character)

    def client_position(self, line: int, column: int) -> types.Position:
        """The client position of 0-based ``line`` and code point ``column`` (clamped to the
        document: a finding's stale position never lands outside it)."""
        last = len(self.line_starts) - 1
        if line > last:
            line, column = last, self.line_length(last)
        line = max(0, line)
        return types.Position(line=line, character=self.units(line, column))

    def client_range(self, start: tuple[int, int], end: tuple[int, int]) -> types.Range:
        """The client range of 0-based (line, column) ``start`` to ``end``, inside the document."""
        first, last = self.client_position(*start), self.client_position(*end)
        if (last.line, last.character) < (first.line, first.character):
            last = first
        return types.Range(start=first, end=last)

    def apply(self, change: types.TextDocumentContentChangeEvent) -> None:
        """Apply one ``didChange`` content change (a range edit or the whole text)."""
        if isinstance(change, types.TextDocumentContentChangePartial):
            start = self.offset(change.range.start)
            end = max(start, self.offset(change.range.end))
            self.text = self.text[:start] + change.text + self.text[end:]
        else:
            self.text = change.text
        self._starts = None
        self._tables.clear()

    def _span(self, number: int) -> tuple[int, int]:
        """Where line ``number`` starts and where its text stops (before its line break)."""
        starts = self.line_starts
        if not 0 <= number < len(starts):
            return len(self.text), len(self.text)
        if number + 1 == len(starts):
            return starts[number], len(self.text)
        stop = starts[number + 1]
        stop -= 2 if self.text.startswith("\r\n", stop - 2) else 1
        return starts[number], stop

    def _table(self, line: int) -> list[int] | None:
        if line not in self._tables:
            self._tables[line] = self.codec.table(self.line(line))
        return self._tables[line]

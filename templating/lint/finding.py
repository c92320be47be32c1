"""A finding: a rule that fired, at a 1-based line and column of a source file."""

from __future__ import annotations

from dataclasses import dataclass

from templating.lint.rule import Severity
from templating.project.pickling import rebuild_from_fields

__all__ = ["Edit", "Finding", "Fix"]


@dataclass(frozen=True, slots=True)
class Edit:
    """Replace the source range ``[start, end)`` with ``content`` (an insertion when empty)."""

    content: str
    start: int
    end: int

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class Fix:
    """An edit that fixes a finding: replace a source range with ``content``.

    ``start`` and ``end`` are the range's offsets in the source file's text (as the linter
    read it, a line break counting as one character). ``safe`` fixes keep what the program
    does and are what ``--fix`` applies; an unsafe one picks one reading of an ambiguous text,
    for the author to choose (the editor offers it). ``extra`` edits go with it (an import).
    """

    message: str
    content: str
    start: int = 0
    end: int = 0
    safe: bool = True
    extra: tuple[Edit, ...] = ()

    __reduce__ = rebuild_from_fields

    @property
    def edits(self) -> tuple[Edit, ...]:
        """Every edit of the fix, in source order."""
        return tuple(sorted((Edit(self.content, self.start, self.end), *self.extra), key=lambda e: (e.start, e.end)))


@dataclass(frozen=True, slots=True)
class Finding:
    """One reported hazard. Lines and columns are 1-based; the end is exclusive."""

    path: str
    code: str
    name: str
    severity: Severity
    message: str
    help: str
    line: int
    column: int
    end_line: int
    end_column: int
    source_line: str = ""
    fix: Fix | None = None
    #: Unsafe fixes, one per reading of an ambiguous text (TPL001: the value, or the braces).
    suggestions: tuple[Fix, ...] = ()

    __reduce__ = rebuild_from_fields

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        """Findings sort by file, position, then code."""
        return self.path, self.line, self.column, self.code

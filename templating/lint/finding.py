"""A finding: a rule that fired, at a 1-based line and column of a source file."""

from __future__ import annotations

from dataclasses import dataclass

from templating.lint.rule import Severity
from templating.project.pickling import rebuild_from_fields

__all__ = ["Finding", "Fix"]


@dataclass(frozen=True, slots=True)
class Fix:
    """A safe edit: replace the finding's source range with ``content``.

    ``start`` and ``end`` are the range's offsets in the source file's text (as the linter
    read it, a line break counting as one character).
    """

    message: str
    content: str
    start: int = 0
    end: int = 0

    __reduce__ = rebuild_from_fields


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

    __reduce__ = rebuild_from_fields

    @property
    def sort_key(self) -> tuple[str, int, int, str]:
        """Findings sort by file, position, then code."""
        return self.path, self.line, self.column, self.code

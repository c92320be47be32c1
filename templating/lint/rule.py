"""What a lint rule is: a stable code, a kebab-case name, a severity and its documentation."""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = ["Rule", "Severity"]


class Severity(enum.IntEnum):
    """How serious a finding is; ``--fail-level`` compares against it."""

    INFO = 1
    WARNING = 2
    ERROR = 3

    @property
    def label(self) -> str:
        """The lower-case name used in output and configuration (``"warning"``)."""
        return self.name.lower()


@dataclass(frozen=True, slots=True)
class Rule:
    """A lint rule and its documentation (rendered by ``templating rule`` and the docs site).

    Codes are never reused. ``default`` says whether it runs without a ``select``. ``fixable``
    says whether findings may carry a fix: a safe one, or, when ``fix_safety`` says why the
    author must choose, unsafe ones (never applied by ``--fix``).
    ``dialects`` names the dialects the rule runs in, and ``dialect_note`` says how it reads
    (or why it skips) the ``strict`` dialect. ``version_note`` says how the rule reads
    ``adk-version = "1.x"``, for the rules whose truth depends on the ADK Python version.
    ``language`` is the language its examples are written in.
    """

    code: str
    name: str
    severity: Severity
    summary: str
    what: str
    why: str
    example: str
    use_instead: str
    fixable: bool = False
    fix_safety: str = ""
    dialects: tuple[str, ...] = ("adk", "strict")
    dialect_note: str = ""
    version_note: str = ""
    #: Whether the rule runs when ``select`` is unset; one that is off by default (TPL100) runs
    #: when selected by code, prefix, name or ``ALL``.
    default: bool = True
    #: The language of the example code (its fence in the docs).
    language: str = "python"

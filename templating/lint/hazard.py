"""A hazard: what a check reports, in offsets of the instruction's text."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Hazard"]


@dataclass(frozen=True, slots=True)
class Hazard:
    """Rule ``code`` fired on text ``[start, end)``; ``replacement`` is a safe fix, if any."""

    code: str
    start: int
    end: int
    message: str
    help: str
    replacement: str | None = None

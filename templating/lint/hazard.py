"""A hazard: what a check reports, in offsets of the instruction's text."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Hazard", "shorten"]

#: The longest source snippet a message quotes whole.
SNIPPET_LENGTH = 40


@dataclass(frozen=True, slots=True)
class Hazard:
    """Rule ``code`` fired on text ``[start, end)``; ``replacement`` is a safe fix, if any.

    ``readings`` are unsafe fixes of the range, each a ``(what it means, replacement)`` pair;
    ``strict_reading`` names what the range means when the instruction is compiled in the
    strict dialect instead (fixed through the file's surface, where its language allows)."""

    code: str
    start: int
    end: int
    message: str
    help: str
    replacement: str | None = None
    readings: tuple[tuple[str, str], ...] = ()
    strict_reading: str = ""


def shorten(source: str) -> str:
    """``source`` as a message quotes it: on one line, and cut to a few dozen characters.

    Every snippet of template or source text in a message goes through here, so a run of two
    million braces is reported in one short line, not copied whole into the output.
    """
    if len(source) > SNIPPET_LENGTH:
        source = source[: SNIPPET_LENGTH - 3] + "..."
    return source.replace("\n", "\\n")

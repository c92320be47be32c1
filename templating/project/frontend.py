"""The contract a language front end implements, owned by the language-neutral side.

A front end reads one file's decoded text into a `Found` (its instructions, its facts for the
model, and the dialect its placeholders are read in) or a `Problem` (why it could not); it
never raises for a bad file. It shares the run's `templating.project.sources.SourceCache`. Its
`templating.project.surfaces.Surface` record says the rest: which files it claims, how the
language writes a comment (for ``noqa``), how findings spell ADK's words for it (`Spelling`) and
which instructions a module lends to the files that import it (`Lender`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from templating.project.model.facts import FileFacts
    from templating.project.model.instruction import Instruction, SourceFile
    from templating.project.sources import SourceCache

__all__ = [
    "ADK_SPELLING", "CommentElsewhere", "Found", "Lender", "Problem", "ProblemKind", "Reader", "Spelling", "StrictFix",
]  # fmt: skip

#: Why a file could not be read: not decodable or not openable, written for a newer Python,
#: too large to read here, or not valid in its own format.
ProblemKind = Literal["unreadable", "needs-newer-python", "too-large", "invalid"]


@dataclass(frozen=True, slots=True)
class Problem:
    """Why a file could not be read, at a 1-based ``line`` and ``column`` of it; ``version``
    is the Python version a ``needs-newer-python`` file needs."""

    kind: ProblemKind
    message: str
    line: int = 1
    column: int = 1
    version: str | None = None


@dataclass(frozen=True, slots=True)
class Found:
    """What a front end found in one file: the instructions it holds, its facts, and the
    dialect its placeholders are read in when the file's own imports decide it (an adk-js
    module reads ``{key}`` as adk-js does); ``None``: the configured dialect."""

    instructions: tuple[Instruction, ...] = ()
    facts: tuple[FileFacts, ...] = ()
    dialect: str | None = None


@dataclass(frozen=True, slots=True)
class Spelling:
    """How one source language writes the ADK words that findings quote.

    Rule messages are written in ADK's reference spelling (its Python API, which Agent Config
    files share): ``output_key``, ``Event(state=...)``, ``tool_context.state[...]``. A language
    maps each word it writes otherwise (``(("output_key", "outputKey"),)``); a word it does not
    map is quoted as ADK writes it."""

    words: tuple[tuple[str, str], ...] = ()

    def __call__(self, word: str) -> str:
        """``word`` as this language writes it."""
        return next((spelled for adk, spelled in self.words if adk == word), word)


#: ADK's reference spelling: every word as ADK's Python API writes it.
ADK_SPELLING = Spelling()

#: How a front end reads a file's decoded text: the source, the file's path and the run's
#: cache; returns what it found, or the problem that kept it from reading. It never raises for
#: a bad file (the front door turns only ``RecursionError`` and ``MemoryError`` into a problem).
Reader = Callable[["SourceFile", Path, "SourceCache"], "Found | Problem"]
#: The instructions the file at a path (its text given, an editor's buffer perhaps) lends to
#: the files that import it: a constants module of prompts has none of its own.
Lender = Callable[[Path, str, "SourceCache"], "list[Instruction]"]
#: Where a comment for an instruction goes when its own line cannot hold one: the file, its
#: text and the 1-based line (the call that passes a multi-line literal, in a sibling perhaps).
CommentElsewhere = Callable[["Instruction", Path, str, "SourceCache"], "tuple[Path, str, int] | None"]
#: The edits ``(start, end, text)``, in source offsets, that make an instruction a template of
#: the strict dialect (where ``{{name}}`` is an escape), the one over its text first; ``None``
#: where the instruction's shape does not allow it.
StrictFix = Callable[["Instruction"], "tuple[tuple[int, int, str], ...] | None"]

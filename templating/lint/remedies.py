"""What a finding advises for braces meant as text, and how a finding tells code from a key.

ADK fills every ``{name}`` of an instruction, code samples included. How a file keeps braces as
text is its language's business (its surface's ``literal_braces``: the strict dialect in
Python, an instruction provider in TypeScript, Go and Java, ``staticInstruction`` in Kotlin);
whether a placeholder is probably code is read from the text around it: a keyword for a name,
a fenced code block, an f-string's quote right before it (``print(f"{total}")``).
"""

from __future__ import annotations

import bisect
import functools
import keyword
import re

from templating.project.model.instruction import Instruction
from templating.project.surfaces import surface_for

__all__ = ["CODE_WORDS", "code_reason", "fence_around", "fenced_ranges", "literal_braces"]

CODE_WORDS = frozenset(keyword.kwlist) | {
    "true", "false", "null", "undefined", "this", "function", "const", "let", "var", "new", "typeof",
}  # fmt: skip
_FENCE = re.compile(r"^[ \t]*(```|~~~)", re.MULTILINE)
# The opening quote of an interpolated string right before a group: Python's `f"`, `rf'`, C#'s `$"`.
_INTERPOLATED = re.compile(r"(?<![\w$@])(?:[fF][rR]?|[rR][fF]|\$@?|@\$)[\"']\Z")


def literal_braces(instruction: Instruction) -> str:
    """How the file ``instruction`` is written in keeps ``{name}`` as text."""
    surface = surface_for(instruction.source.path.rpartition("/")[2])
    return surface.literal_braces or "return the text from an instruction provider, which ADK does not fill"


def fenced_ranges(text: str) -> list[tuple[int, int, str]]:
    """Each fenced block's start, end and stripped body, in text order (each body is cut once,
    not once per placeholder inside it)."""
    marks = [match.start() for match in _FENCE.finditer(text)]
    pairs = [(marks[i], marks[i + 1]) for i in range(0, len(marks) - 1, 2)]
    return [(start, end, text[text.find("\n", start) + 1 : end].strip()) for start, end in pairs]


def fence_around(fences: list[tuple[int, int, str]], starts: list[int], offset: int) -> tuple[int, int, str] | None:
    """The fenced block strictly around ``offset``, found by bisection (blocks never overlap)."""
    index = bisect.bisect_left(starts, offset) - 1
    if index >= 0 and offset < fences[index][1]:
        return fences[index]
    return None


def code_reason(text: str, group_start: int, key: str) -> str | None:
    """Why the brace group at ``group_start`` of ``text`` (naming ``key``) is probably code,
    or ``None``: a keyword for a name, a fenced code block, an interpolated string's quote."""
    if key in CODE_WORDS:
        return "it names a keyword"
    fences, starts = _fences(text)
    if fence_around(fences, starts, group_start) is not None:
        return "it is in a fenced code block"
    if _INTERPOLATED.search(text, max(0, group_start - 4), group_start):
        return "it is in an f-string"
    return None


@functools.lru_cache(maxsize=16)
def _fences(text: str) -> tuple[list[tuple[int, int, str]], list[int]]:
    # Asked once per unwritten key: an instruction with thousands of them is cut once.
    fences = fenced_ranges(text)
    return fences, [fence[0] for fence in fences]

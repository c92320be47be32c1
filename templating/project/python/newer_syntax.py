"""Tell a file written for a newer Python grammar from a file that is not valid Python.

The linter parses with the interpreter it runs on. A file using Python 3.12's f-strings
(PEP 701: the same quotes, backslashes, comments or line breaks inside a replacement
field) or its ``type`` statements and type parameters (PEP 695) fails to parse on 3.11,
though it is valid for its own project. Such a file is not "invalid Python": it needs a
newer interpreter to be checked. The signs are read from the syntax error's line.
"""

from __future__ import annotations

import re
import sys

__all__ = ["newer_grammar"]

_FSTRING_OPENING = re.compile(r"(?<![\w])(?:[fF][rR]?|[rR][fF])(?:'|\")")
# One run of blanks before `=` (or before and after the parameters): two runs side by side
# split a long run of blanks every way, quadratic in it.
_TYPE_STATEMENT = re.compile(r"^\s*type\s+\w+\s*+(?:\[[^\]]*+\]\s*+)?=")
_TYPE_PARAMETERS = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+\w+\s*\[")
# A replacement field spans lines in 3.12: the f-string may open a few lines above the error.
_LINES_BEFORE = 4


def newer_grammar(error: SyntaxError, text: str, running: tuple[int, int] | None = None) -> str | None:
    """The Python version (``"3.12"``) whose grammar ``error`` is probably about, or ``None``
    when the file is invalid in every Python the linter knows of."""
    running = running or (sys.version_info.major, sys.version_info.minor)
    if running >= (3, 12) or not error.lineno:
        return None
    lines = text.splitlines()
    line = lines[error.lineno - 1] if error.lineno <= len(lines) else ""
    if _TYPE_STATEMENT.match(line) or _TYPE_PARAMETERS.match(line):
        return "3.12"
    if error.msg.startswith("f-string"):
        return "3.12"
    nearby = lines[max(0, error.lineno - 1 - _LINES_BEFORE) : error.lineno]
    if any(_FSTRING_OPENING.search(text_line) for text_line in nearby):
        return "3.12"
    return None

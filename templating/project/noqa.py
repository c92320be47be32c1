"""The one grammar of ``# noqa`` comments: ``# noqa`` alone, or ``# noqa: TPL001, TPL002``.

Suppressions live in comments of the file (Python and YAML), never in the template text,
which reaches the model. Codes may be rule codes, rule names or ``ALL``; lint resolves them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping

__all__ = ["NOQA", "noqa_at", "noqa_codes"]

#: A noqa comment (`#`, then `noqa`); the ``codes`` group holds the comma-separated codes, if any.
NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


def noqa_codes(match: re.Match[str]) -> frozenset[str]:
    """The codes a ``NOQA`` match names, upper-cased; ``{"ALL"}`` for a bare ``# noqa``."""
    codes = match.group("codes")
    if not codes:
        return frozenset({"ALL"})
    return frozenset(code.strip().upper() for code in codes.split(","))


def noqa_at(lines: Mapping[int, frozenset[str]], value: ast.expr) -> frozenset[str]:
    """The ``# noqa`` codes (``lines``: by 1-based line) of an expression: on its first line,
    or after its end (a multi-line string's closing quotes, where a comment on its first line
    would be text of the string)."""
    first = lines.get(value.lineno, frozenset())
    end = value.end_lineno or value.lineno
    return first | lines.get(end, frozenset()) if end != value.lineno else first


#: The comment leaders a file-level directive may start with: `#` (Python, YAML) and `//` (the
#: TypeScript, Go, Java and Kotlin ports).
COMMENT_LEADERS = ("#", "//")

#: A file-level directive, on a line of its own: ``# templating: noqa`` (every rule) or
#: ``# templating: noqa: TPL001, TPL003``.
FILE_NOQA = re.compile(
    r"[ \t]*(?:" + "|".join(re.escape(leader) for leader in COMMENT_LEADERS) + r")[ \t]*templating:[ \t]*noqa"
    r"(?::[ \t]*(?P<codes>[\w-]+(?:[ \t]*,[ \t]*[\w-]+)*))?[ \t]*",
    re.IGNORECASE,
)

# Surfaces whose whole text is an instruction: a comment there would reach the model.
_WHOLE_TEXT_SUFFIXES = (".prompt", ".txt", ".md")


def file_noqa(text: str, name: str) -> frozenset[str]:
    """The codes a file-level ``templating: noqa`` directive in ``text`` (the file ``name``)
    turns off in the whole file (``{"ALL"}`` for a bare one); empty when there is none.

    In Python it is any comment (strings are told apart by the tokenizer); elsewhere it is in
    the comments the file starts with, before any content (a YAML block scalar's text is never
    read as one). Files whose whole text is an instruction cannot hold one."""
    if "templating" not in text or name.endswith(_WHOLE_TEXT_SUFFIXES):
        return frozenset()
    lines = _python_comments(text) if name.endswith((".py", ".pyi")) else _leading_comments(text)
    codes: set[str] = set()
    for line in lines:
        match = FILE_NOQA.fullmatch(line)
        if match is not None:
            codes |= noqa_codes(match)
    return frozenset(codes)


def _python_comments(text: str) -> list[str]:
    import io
    import tokenize

    comments = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT and "templating" in token.string:
                comments.append(token.string)
    except (tokenize.TokenError, SyntaxError):
        pass  # the comments read so far count; the file's TPL013 says what is wrong
    return comments


def _leading_comments(text: str) -> list[str]:
    comments = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(COMMENT_LEADERS):
            break
        comments.append(line)
    return comments

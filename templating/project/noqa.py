"""The one grammar of ``noqa`` comments: ``# noqa`` alone, or ``# noqa: TPL001, TPL002``, with
the comment leader of the file's language (``//`` in TypeScript, Go, Java and Kotlin).

Suppressions live in comments of the file, never in the template text, which reaches the
model. Codes may be rule codes, rule names or ``ALL``; lint resolves them.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Mapping
from functools import cache

__all__ = ["NOQA", "file_noqa", "file_noqa_pattern", "noqa_at", "noqa_codes", "noqa_pattern", "with_noqa"]


@cache
def noqa_pattern(comment: str) -> re.Pattern[str]:
    """A noqa comment: the leader ``comment`` (``#``, ``//``), then ``noqa``; the ``codes``
    group holds the comma-separated codes, if any."""
    return re.compile(re.escape(comment) + r"\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


#: A noqa comment of a language whose comments start with ``#`` (Python, YAML).
NOQA = noqa_pattern("#")


def noqa_codes(match: re.Match[str]) -> frozenset[str]:
    """The codes a noqa match names, upper-cased; ``{"ALL"}`` for a bare ``# noqa``."""
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


@cache
def file_noqa_pattern(comment: str) -> re.Pattern[str]:
    """A file-level directive, a comment of its own: the leader ``comment`` (``#``, ``//``),
    then ``templating: noqa`` (every rule) or ``templating: noqa: TPL001, TPL003``. The line's
    leading blanks are stripped before (a leading ``[ \t]*`` tries every start of a long run
    of blanks under ``search``)."""
    return re.compile(
        re.escape(comment) + r"[ \t]*templating:[ \t]*noqa"
        r"(?::[ \t]*(?P<codes>[\w-]+(?:[ \t]*,[ \t]*[\w-]+)*))?[ \t]*",
        re.IGNORECASE,
    )


def file_noqa(text: str, comment: str = "#", *, tokenized: bool = False) -> frozenset[str]:
    """The codes a file-level ``templating: noqa`` directive in ``text`` turns off in the whole
    file (``{"ALL"}`` for a bare one); empty when there is none. ``comment`` is how the file's
    language starts a comment.

    With ``tokenized`` (Python) it may be any comment, strings told apart by the tokenizer;
    else it is in the comments the file starts with, before any content (a YAML block
    scalar's text is never read as one)."""
    if "templating" not in text:
        return frozenset()
    lines = _python_comments(text) if tokenized else _leading_comments(text, comment)
    pattern = file_noqa_pattern(comment)
    codes: set[str] = set()
    for line in lines:
        match = pattern.fullmatch(line.lstrip(" \t"))
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


def _leading_comments(text: str, comment: str) -> list[str]:
    comments = []
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith(comment):
            break
        comments.append(line)
    return comments


def with_noqa(line_text: str, codes: list[str], comment: str = "#") -> str:
    """``line_text`` (without its line break) ending in a noqa comment that names ``codes``:
    added to the codes of the comment already there (never twice), else a new comment; a bare
    noqa already silences everything and is kept as it is."""
    match = noqa_pattern(comment).search(line_text)
    if match is None:
        return f"{line_text.rstrip()}  {comment} noqa: {', '.join(dict.fromkeys(codes))}"
    written = match.group("codes")
    if not written:
        return line_text
    present = [code.strip() for code in written.split(",")]
    added = [code for code in dict.fromkeys(codes) if code.upper() not in {p.upper() for p in present}]
    if not added:
        return line_text
    merged = f"{comment} noqa: {', '.join([*present, *added])}"
    return line_text[: match.start()] + merged + line_text[match.end() :]

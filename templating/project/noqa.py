"""The one grammar of ``noqa`` comments: ``# noqa`` alone, or ``# noqa: TPL001, TPL002``, with
the comment leader of the file's language (``//`` in TypeScript, Go, Java and Kotlin).

Suppressions live in comments of the file, never in the template text, which reaches the
model. Codes may be rule codes, rule names or ``ALL``; lint resolves them.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["NOQA", "noqa_codes", "noqa_pattern"]


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

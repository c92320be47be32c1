"""The one grammar of ``# noqa`` comments: ``# noqa`` alone, or ``# noqa: TPL001, TPL002``.

Suppressions live in comments of the file (Python and YAML), never in the template text,
which reaches the model. Codes may be rule codes, rule names or ``ALL``; lint resolves them.
"""

from __future__ import annotations

import re

__all__ = ["NOQA", "noqa_codes"]

#: A noqa comment (`#`, then `noqa`); the ``codes`` group holds the comma-separated codes, if any.
NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


def noqa_codes(match: re.Match[str]) -> frozenset[str]:
    """The codes a ``NOQA`` match names, upper-cased; ``{"ALL"}`` for a bare ``# noqa``."""
    codes = match.group("codes")
    if not codes:
        return frozenset({"ALL"})
    return frozenset(code.strip().upper() for code in codes.split(","))

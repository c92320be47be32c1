"""``// noqa`` comments in Go: ``// noqa`` alone or ``// noqa: TPL001, TPL002``, by line.

The codes have the grammar of ``# noqa`` (`templating.project.noqa`); only the comment leader
differs. A comment inside a raw string is text, not a comment: the syntax tree tells them apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.noqa import noqa_codes
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from templating.project.treesitter.parsing import ParsedText

__all__ = ["GO_NOQA", "noqa_lines"]

#: A Go noqa comment; the ``codes`` group as in `templating.project.noqa.NOQA`.
GO_NOQA = re.compile(r"//\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


def noqa_lines(parsed: ParsedText) -> dict[int, frozenset[str]]:
    """The codes each 1-based line's ``// noqa`` comment names (``{"ALL"}`` for a bare one)."""
    found: dict[int, frozenset[str]] = {}
    for match in matches(query("templating.project.go", "comments", "go"), parsed.root):
        comment = match["comment"][0]
        noqa = GO_NOQA.match(parsed.text_of(comment))
        if noqa is not None:
            found[comment.start_point[0] + 1] = noqa_codes(noqa)
    return found

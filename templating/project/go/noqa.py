"""``// noqa`` comments in Go: ``// noqa`` alone or ``// noqa: TPL001, TPL002``, by line.

The grammar is the one of every language (`templating.project.noqa.noqa_pattern`) with Go's
comment leader. A comment inside a raw string is text, not a comment: the syntax tree tells them apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.vocabulary import GO_COMMENT
from templating.project.noqa import noqa_codes, noqa_pattern
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from templating.project.treesitter.parsing import ParsedText

__all__ = ["noqa_lines"]


def noqa_lines(parsed: ParsedText) -> dict[int, frozenset[str]]:
    """The codes each 1-based line's ``// noqa`` comment names (``{"ALL"}`` for a bare one)."""
    found: dict[int, frozenset[str]] = {}
    for match in matches(query("templating.project.go", "comments", "go"), parsed.root):
        comment = match["comment"][0]
        noqa = noqa_pattern(GO_COMMENT).match(parsed.text_of(comment))
        if noqa is not None:
            found[comment.start_point[0] + 1] = noqa_codes(noqa)
    return found

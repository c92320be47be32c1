"""``// noqa`` comments in Go: ``// noqa`` alone or ``// noqa: TPL001, TPL002``, by line.

The codes have the grammar of ``# noqa`` (`templating.project.noqa`); only the comment leader
differs. A comment inside a raw string is text, not a comment: the syntax tree tells them apart.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.noqa import noqa_codes

if TYPE_CHECKING:
    from templating.project.treesitter.parsing import ParsedText

__all__ = ["GO_NOQA", "noqa_lines"]

#: A Go noqa comment; the ``codes`` group as in `templating.project.noqa.NOQA`.
GO_NOQA = re.compile(r"//\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


def noqa_lines(parsed: ParsedText) -> dict[int, frozenset[str]]:
    """The codes each 1-based line's ``// noqa`` comment names (``{"ALL"}`` for a bare one)."""
    found: dict[int, frozenset[str]] = {}
    stack = [parsed.root]
    while stack:
        node = stack.pop()
        if node.type == "comment":
            match = GO_NOQA.match(parsed.text_of(node))
            if match is not None:
                found[node.start_point[0] + 1] = noqa_codes(match)
        elif node.type not in ("interpreted_string_literal", "raw_string_literal"):
            stack.extend(node.children)
    return found

"""Stage 2, fast lane: cut a template straight into static chunks and placeholders.

[`parse`][templating.parse] builds the full lossless AST, with a token, a span and a
node for every piece of text: right for tools, too slow for a megabyte instruction that is
only to be rendered. `split_chunks` lets the dialect's group pattern split the text in
C, reads each *distinct* brace group once with the parser's own group reader (so the two
cannot disagree on what a group is), and returns only what rendering needs: the N+1 static
strings around N placeholders.

The placeholders it returns are shared between equal groups and their spans are relative
to the group, not the template: they say what to look up, not where. Positions for error
messages come from a full [`parse`][templating.parse], done only when one is needed.
"""

from __future__ import annotations

import re

from templating.dialects import Dialect
from templating.dialects.dialect import compiled
from templating.errors import TemplateSyntaxError
from templating.nodes import Escape, Node, Placeholder, Template, Text
from templating.parser import parse, read_group

__all__ = ["split_chunks", "split_template"]


def split_chunks(text: str, dialect: Dialect) -> tuple[tuple[str, ...], tuple[Placeholder, ...]]:
    """Return the static strings around ``text``'s placeholders, and the placeholders.

    There is always one more static string than placeholders. A text without any brace
    group is returned as its own single static string (the same object). Raises what
    [`parse`][templating.parse] raises for a text the dialect rejects.
    """
    try:
        return _split(text, dialect)
    except TemplateSyntaxError:
        parse(text, dialect=dialect.name)  # raises the error with its position in the template
        raise


def _split(text: str, dialect: Dialect) -> tuple[tuple[str, ...], tuple[Placeholder, ...]]:
    pieces = _capturing_pattern(dialect).split(text)
    if len(pieces) == 1:
        return (text,), ()
    statics: list[str] = []
    placeholders: list[Placeholder] = []
    pending = [pieces[0]]
    groups: dict[str, Node] = {}
    for index in range(1, len(pieces), 2):
        source = pieces[index]
        node = groups.get(source)
        if node is None:
            node = groups[source] = read_group(source, dialect)
        if type(node) is Placeholder:
            statics.append("".join(pending))
            placeholders.append(node)
            pending = [pieces[index + 1]]
        else:
            pending.append(node.text if type(node) is Escape else source)
            pending.append(pieces[index + 1])
    statics.append("".join(pending))
    return tuple(statics), tuple(placeholders)


def _capturing_pattern(dialect: Dialect) -> re.Pattern[str]:
    """A capturing copy of the dialect's group pattern, so `re.split` keeps the groups."""
    return compiled(f"({dialect.pattern})")


def split_template(template: Template) -> tuple[tuple[str, ...], tuple[Placeholder, ...]]:
    """Return the N+1 static strings around the template's N placeholders."""
    statics: list[str] = []
    placeholders: list[Placeholder] = []
    pending: list[str] = []
    for node in template.nodes:
        if isinstance(node, Placeholder):
            statics.append("".join(pending))
            placeholders.append(node)
            pending = []
        elif isinstance(node, Escape):
            pending.append(node.text)
        else:
            pending.append(node.source)
    if not placeholders and len(pending) == 1 and isinstance(template.nodes[0], Text):
        statics.append(template.text)  # the very same object, as google-adk returns it
    else:
        statics.append("".join(pending))
    return tuple(statics), tuple(placeholders)

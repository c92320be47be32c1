"""Split an instruction into the static text for ``static_instruction=`` and the dynamic
template for ``instruction=``.

google-adk 2.13.0 sends ``static_instruction`` as the system instruction, never injected, and
moves ``instruction`` into ``contents`` (introduced as the agent's own instruction for the
turn): a value that changes every turn then no longer changes the system instruction, which
ADK's context cache fingerprints whole. See the caching page.

Lines are the unit: a line with a placeholder is dynamic, every other line static, each part
keeping its order. A tag alone on its line (``<page>``, ``</page>``) right around dynamic lines
goes with them. A sentence cannot be cut in two: a static line and a dynamic line next to each
other, in one paragraph, with no sentence end between them, is a `SplitError`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from templating.errors import TemplateError
from templating.nodes import Escape, Placeholder
from templating.parser import parse
from templating.source import Span

__all__ = ["SplitError", "StaticSplit", "split_static"]

# The end of a sentence: `.`, `!`, `?`, `:` or `;`, then closing quotes or brackets.
_SENTENCE_END = re.compile("[.!?:;][\"')\\]\u00bb\u201d\u2019]*\\Z")
# A line that starts a new item whatever came before: a list marker, a heading, a table row,
# a fence, a quote, or markup.
# (`(?<!\d)` keeps a search from rescanning a run of digits from each of its digits.)
_ITEM_START = re.compile(r"(?:[-*+•] |(?<!\d)\d+[.)] |#|\||```|>|<)")
_OPENING_TAG = re.compile(r"<[A-Za-z_][\w.:-]*(?:\s[^<>]*)?>\Z")
_CLOSING_TAG = re.compile(r"</[A-Za-z_][\w.:-]*\s*>\Z")


class SplitError(TemplateError, ValueError):
    """A sentence would be cut between the static and the dynamic part; ``line`` is the
    1-based line of its second half."""

    def __init__(self, message: str, *, line: int) -> None:
        super().__init__(message, line=line, column=1)

    def __str__(self) -> str:
        return f"{self.message} (at line {self.line})"

    def __reduce__(self) -> tuple[Callable[[str], SplitError], tuple[str], dict[str, object]]:
        return (_rebuilt, (self.message,), {"line": self.line})


def _rebuilt(message: str) -> SplitError:
    return SplitError(message, line=0)


class StaticSplit(NamedTuple):
    """The two parts: ``static`` text (already rendered: escapes undone) and the ``dynamic``
    template, empty if the template has no placeholder."""

    static: str
    dynamic: str


def split_static(template: str, *, dialect: str = "adk") -> StaticSplit:
    """Split ``template`` into its static text and its dynamic template (see the module
    docstring). Raises `SplitError` where a sentence spans both parts, and what
    [`parse`][templating.parse] raises."""
    parsed = parse(template, dialect=dialect)
    lines = _lines(template)
    dynamic = _dynamic_lines(lines, parsed.placeholders)
    _hug_tags(template, lines, dynamic)
    _check_sentences(template, lines, dynamic)
    escapes = [node for node in parsed.nodes if isinstance(node, Escape)]
    static_lines = [span for index, span in enumerate(lines) if not dynamic[index]]
    static_text = _rendered(template, static_lines, escapes)
    dynamic_text = "".join(span.slice(template) for index, span in enumerate(lines) if dynamic[index])
    return StaticSplit(static_text, dynamic_text)


def _lines(text: str) -> list[Span]:
    """Each line's span, its line ending included."""
    spans = []
    start = 0
    for line in text.splitlines(keepends=True):
        spans.append(Span(start, start + len(line)))
        start += len(line)
    return spans


def _dynamic_lines(lines: list[Span], placeholders: tuple[Placeholder, ...]) -> list[bool]:
    """Which lines a placeholder touches (one may span lines in ``adk``). Linear: both lists
    are in text order."""
    dynamic = [False] * len(lines)
    index = 0
    for placeholder in placeholders:
        while lines[index].end <= placeholder.span.start:
            index += 1
        last = index
        while last < len(lines) and lines[last].start < placeholder.span.end:
            dynamic[last] = True
            last += 1
    return dynamic


def _hug_tags(template: str, lines: list[Span], dynamic: list[bool]) -> None:
    """Mark as dynamic a tag alone on its line right before or after dynamic lines."""
    for index in range(1, len(lines)):
        if dynamic[index - 1] and not dynamic[index] and _CLOSING_TAG.match(lines[index].slice(template).strip()):
            dynamic[index] = True
    for index in range(len(lines) - 2, -1, -1):
        if dynamic[index + 1] and not dynamic[index] and _OPENING_TAG.match(lines[index].slice(template).strip()):
            dynamic[index] = True


def _rendered(template: str, lines: list[Span], escapes: list[Escape]) -> str:
    """The text of ``lines`` as the template renders it: each escape as its text. Static
    lines hold no placeholder, and ADK never injects ``static_instruction``, so this is final."""
    parts = []
    index = 0
    for line in lines:
        position = line.start
        while index < len(escapes) and escapes[index].span.start < line.end:
            escape = escapes[index]
            if escape.span.start >= position:
                parts += [template[position : escape.span.start], escape.text]
                position = escape.span.end
            index += 1
        parts.append(template[position : line.end])
    return "".join(parts)


def _check_sentences(template: str, lines: list[Span], dynamic: list[bool]) -> None:
    for index in range(1, len(lines)):
        if dynamic[index] == dynamic[index - 1]:
            continue
        before, after = lines[index - 1].slice(template).strip(), lines[index].slice(template).strip()
        if not before or not after or _SENTENCE_END.search(before) or _ITEM_START.match(after):
            continue
        if _OPENING_TAG.match(before) or _CLOSING_TAG.match(before):
            continue
        raise SplitError(
            "A sentence runs from a line without placeholders into one with them (or back): "
            "end the sentence or move the placeholder, so that each part reads whole",
            line=index + 1,
        )

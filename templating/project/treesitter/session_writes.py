"""A direct write to a session's state found by a tree-sitter front end, as rule TPL016's record.

All three JVM and Go in-memory session services hand out copies: adk-go's ``Create`` and
``Get`` clone the state (``session/inmemory.go``, ``maps.Clone``), adk-java's
``createSession``/``getSession`` return ``copySession(...)`` (``InMemorySessionService.java:111,
134, 308-316``), adk-kotlin's ``copySession`` (``InMemorySessionService.kt:62, 75``). A write to
the state of the session returned is therefore lost: the runner reads the stored session by id.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.model.facts import SessionWrite

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.model.instruction import SourceFile
    from templating.project.treesitter.parsing import ParsedText

__all__ = ["session_write"]


def session_write(
    source: SourceFile, parsed: ParsedText, node: Node, key: str | None, noqa: dict[int, frozenset[str]]
) -> SessionWrite:
    """The TPL016 record of the write ``node`` (a statement or call) of ``key``."""
    start, end = parsed.span(node)
    line, column = source.position(start)
    end_line, end_column = source.position(end)
    text = source.line_text(line)
    last = end_column if end_line == line else len(text) + 1
    return SessionWrite(key, source.path, line, column, last, text, noqa.get(line, frozenset()))

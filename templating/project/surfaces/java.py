"""The Java surface: adk-java (and Java on adk-kotlin) programs, in ``.java`` files.

A file is read only if its bytes name an ADK package (``com.google.adk``); the reader then
checks its imports. A ``// noqa`` on any line from the call to the end of an instruction
argument silences that instruction.
tree-sitter-java is imported only when a Java file is read.
"""

from __future__ import annotations

from pathlib import Path

from templating.project.frontend import Found, Spelling
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Surface
from templating.project.treesitter.text import line_end_commentable

__all__ = ["JAVA", "SPELLING"]

_HINT = b"com.google.adk"
#: adk-java's names for the ADK words findings quote.
SPELLING = Spelling(
    (
        ("output_key", "outputKey"),
        ("state_delta", "stateDelta"),
        ("Event(state=...)", "EventActions.builder().stateDelta(...)"),
        ("tool_context.state[...]", "toolContext.state().put(...)"),
        ("create_session(state=...)", "createSession(app, user, state, id)"),
        ("before_agent_callback", "beforeAgentCallback"),
    )
)


def _may_hold(name: str, data: bytes) -> bool:
    return _HINT in data


def _read(source: SourceFile, path: Path, modules: SourceCache) -> Found:
    if _HINT.decode() not in source.text:
        return Found()
    from templating.project.java.reader import read_java  # loads the grammar: only for Java files

    return read_java(source, path, modules)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    """The line the instruction's argument ends on, when a comment can end it."""
    return line_end_commentable(source, instruction.source_offset(len(instruction.text)), "java")


def _is_valid(text: str) -> bool:
    from templating.project.treesitter.parsing import parse

    return not parse("java", text).root.has_error


JAVA = Surface(
    name="java",
    suffixes=frozenset({".java"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    comment="//",
    spelling=SPELLING,
)

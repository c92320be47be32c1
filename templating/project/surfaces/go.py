"""The Go surface: adk-go programs in ``.go`` files.

A file is read only if its bytes name ``google.golang.org/adk``; the Go grammar is imported
the first time one is. A ``// noqa`` goes on the line the instruction's value ends on (one on any
line from the line before the value to the line after it counts); a fixed file must still parse without an error node.
"""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.frontend import Spelling
from templating.project.go.vocabulary import ADK_IMPORT, GO_COMMENT, GO_HINT
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Problem, Surface

__all__ = ["GO"]


#: How findings about Go files spell ADK's words: as adk-go writes them.
GO_SPELLING = Spelling(
    (
        ("output_key", "OutputKey"),
        ("tool_context.state[...]", "ctx.State().Set(...)"),
        ("ctx.state[...]", "ctx.State().Set(...)"),
        ("state_delta", "Actions.StateDelta"),
        ("create_session(state=...)", "session.CreateRequest{State: ...}"),
        ("Event(state={...})", "ev.Actions.StateDelta"),
        ("before_agent_callback", "BeforeAgentCallbacks"),
    )
)


def _may_hold(name: str, data: bytes) -> bool:
    return not name.endswith("_test.go") and GO_HINT in data


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    if path.name.endswith("_test.go") or ADK_IMPORT not in source.text:
        return Found()
    # Imported here so that a project without Go files never loads the Go grammar.
    from templating.project.go.agents import GO_DIALECT
    from templating.project.go.reader import read_go

    instructions, facts = read_go(source, path, cache)
    return Found(instructions, (facts,) if facts is not None else (), GO_DIALECT if facts is not None else None)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    if instruction.source.path != source.path:
        return None  # an embedded prompt file: its text reaches the model, it holds no comments
    from templating.project.treesitter.text import line_end_commentable

    # The line the value ends on (a comment there is outside any raw string of it), else one
    # from the line before the value, which the reader reads too; never a line ending inside
    # another raw string or block comment that goes on, where the comment would be text.
    first, _ = source.position(instruction.offsets[0])
    last, _ = source.position(instruction.offsets[-1])
    lines = [last, *range(last - 1, first - 2, -1)]
    return next(
        (line for line in lines if line >= 1 and line_end_commentable(source, source.line_starts[line - 1], "go")), None
    )


def _lend(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    from templating.project.go.lending import lent_instructions

    return lent_instructions(path, text, cache)


def _is_valid(text: str) -> bool:
    from templating.project.treesitter.parsing import parse

    return not parse("go", text).root.has_error


GO = Surface(
    name="go",
    suffixes=frozenset({".go"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    import_hint=re.compile(re.escape(GO_HINT)),
    comment=GO_COMMENT,
    spelling=GO_SPELLING,
    lend=_lend,
    literal_braces=("give the agent an `InstructionProvider` returning the text: adk-go does not fill it"),
)

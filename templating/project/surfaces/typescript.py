"""The TypeScript/JavaScript surface: adk-js and ADK-TS agents in ``.ts .tsx .mts .cts .js .jsx .mjs .cjs``.

A file is read only if its bytes name a port, an agent or an instruction (`HINT`); tree-sitter
and the grammars are imported only then. A file that imports neither port and builds no agent
gives nothing: it is never linted as prompt text. A ``// noqa`` goes on the line an
instruction's literal starts on, or, when a template literal runs on past it, on the line it
ends on.
"""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.frontend import Found, Problem, Spelling
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Surface
from templating.project.typescript.vocabulary import GRAMMAR_BY_SUFFIX, HINT, grammar_for

__all__ = ["TYPESCRIPT"]

_HINT = re.compile(HINT)
_TEXT_HINT = re.compile(HINT.decode())


def _may_hold(name: str, data: bytes) -> bool:
    return _HINT.search(data) is not None


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    if _TEXT_HINT.search(source.text) is None:
        return Found()
    # Imported here so that a project without TypeScript never loads tree-sitter.
    from templating.project.treesitter.parsing import MissingGrammarError
    from templating.project.typescript.surface_reading import read_source

    try:
        return read_source(source, path, cache)
    except MissingGrammarError as error:
        return Problem("unreadable", str(error))


def _lend(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    from templating.project.typescript.surface_reading import lent_instructions

    return lent_instructions(path, text, cache)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    """The line the instruction's value starts on, or, when it runs on past it, the line it
    ends on (the reader reads a ``// noqa`` on either); never a line that ends inside a
    string or a comment going on to the next line (a template literal), where the comment
    would change the text: then the other line, else none."""
    from templating.project.treesitter.text import line_end_commentable

    first_line, _ = instruction.position(0)
    last_line, _ = instruction.source.position(instruction.offsets[-1])
    lines = (
        [first_line] if first_line == last_line or instruction.source.path != source.path else [last_line, first_line]
    )
    grammar = grammar_for(Path(source.path).name)
    return next((line for line in lines if line_end_commentable(source, source.line_starts[line - 1], grammar)), None)


def _is_valid(text: str) -> bool:
    from templating.project.treesitter.parsing import parse

    return not parse("typescript", text).root.has_error


TYPESCRIPT = Surface(
    name="typescript",
    suffixes=frozenset(GRAMMAR_BY_SUFFIX),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    import_hint=_HINT,
    comment="//",
    lend=_lend,
    literal_braces=("give the agent an instruction function returning the text: neither adk-js nor ADK-TS fills it"),
    spelling=Spelling(
        (
            ("output_key", "outputKey"),
            ("tool_context.state[...]", "context.state.set(...)"),
            ("state_delta", "stateDelta"),
            ("create_session(state=...)", "createSession({state})"),
            ("Event(state=...)", "createEvent({actions: {stateDelta}})"),
            ("Event(state={...})", "createEvent({actions: {stateDelta}})"),
            ("ctx.state[...]", "ctx.state.set(...)"),
            ("before_agent_callback", "beforeAgentCallback"),
        )
    ),
)

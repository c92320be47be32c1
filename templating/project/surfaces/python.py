"""The Python surface: instructions passed to agents and the state code writes, in ``.py``.

A module is read only if it says something the project needs (`INSTRUCTION_HINT` or
`FACT_HINT`); an ``__init__.py`` always, for the names it re-exports. A ``# noqa`` goes on
the line the instruction's literal starts on, when no string runs on past that line.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.python.adk_vocabulary import FACT_HINT, INSTRUCTION_HINT
from templating.project.python.agents import python_facts
from templating.project.python.python_source import (
    ModuleCache,
    find_python_instructions,
    load_module,
)
from templating.project.surfaces.surface import Found, Surface

__all__ = ["PYTHON"]

_INSTRUCTIONS = re.compile(INSTRUCTION_HINT)
_FACTS = re.compile(FACT_HINT)
_BYTES = re.compile(f"{INSTRUCTION_HINT}|{FACT_HINT}".encode())
_PACKAGE_FILE = "__init__.py"


def _may_hold(name: str, data: bytes) -> bool:
    return name == _PACKAGE_FILE or _BYTES.search(data) is not None


def _read(source: SourceFile, path: Path, modules: ModuleCache) -> Found:
    """Raises ``SyntaxError`` for invalid code; the front door reports it."""
    has_instructions = _INSTRUCTIONS.search(source.text) is not None
    if not (path.name == _PACKAGE_FILE or has_instructions or _FACTS.search(source.text) is not None):
        return Found()
    module = load_module(path, source.text, source.path, modules)
    instructions = tuple(find_python_instructions(module, modules)) if has_instructions else ()
    return Found(instructions, (python_facts(module, modules),))


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    first_line, _ = instruction.position(0)
    return first_line if is_commentable(source.text, first_line) else None


def is_commentable(text: str, line: int) -> bool:
    """Whether a comment can end ``line``: no string literal runs on past it."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.start[0] <= line < token.end[0] and token.type != tokenize.NL:
                return False
            if token.start[0] > line:
                return True
    except (tokenize.TokenError, SyntaxError):
        return False
    return True


def _is_valid(text: str) -> bool:
    try:
        ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


PYTHON = Surface(
    name="python",
    suffixes=frozenset({".py", ".pyi"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    coding_line=True,
    import_hint=re.compile(INSTRUCTION_HINT.encode()),
)

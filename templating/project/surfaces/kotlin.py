"""The Kotlin surface: adk-kotlin (and Kotlin on adk-java) programs, in ``.kt`` and ``.kts`` files.

A file is read only if its bytes name an ADK package (``com.google.adk``); the reader then
checks its imports. A ``// noqa`` on any line from the call to the end of an instruction
argument silences that instruction.
tree-sitter-kotlin is imported only when a Kotlin file is read.
"""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.python.python_source import ModuleCache
from templating.project.surfaces.surface import Found, Surface

__all__ = ["KOTLIN"]

_HINT = b"com.google.adk"


def _may_hold(name: str, data: bytes) -> bool:
    return _HINT in data


def _read(source: SourceFile, path: Path, modules: ModuleCache) -> Found:
    if _HINT.decode() not in source.text:
        return Found()
    from templating.project.kotlin.reader import read_kotlin  # loads the grammar: only for Kotlin files

    return read_kotlin(source, path, modules)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    return None  # the fix writes Python comments; a Kotlin one is written by hand


def _is_valid(text: str) -> bool:
    from templating.project.treesitter.parsing import parse

    return not parse("kotlin", text).root.has_error


KOTLIN = Surface(
    name="kotlin",
    suffixes=frozenset({".kt", ".kts"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
)

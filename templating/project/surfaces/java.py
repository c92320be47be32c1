"""The Java surface: adk-java (and Java on adk-kotlin) programs, in ``.java`` files.

A file is read only if its bytes name an ADK package (``com.google.adk``); the reader then
checks its imports. A ``// noqa`` on any line from the call to the end of an instruction
argument silences that instruction.
tree-sitter-java is imported only when a Java file is read.
"""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.python.python_source import ModuleCache
from templating.project.surfaces.surface import Found, Surface

__all__ = ["JAVA"]

_HINT = b"com.google.adk"


def _may_hold(name: str, data: bytes) -> bool:
    return _HINT in data


def _read(source: SourceFile, path: Path, modules: ModuleCache) -> Found:
    if _HINT.decode() not in source.text:
        return Found()
    from templating.project.java.reader import read_java  # loads the grammar: only for Java files

    return read_java(source, path, modules)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    return None  # the fix writes Python comments; a Java one is written by hand


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
)

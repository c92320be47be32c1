"""What the Java and Kotlin surfaces share: both read files that name ``com.google.adk``,
parse them with their tree-sitter grammar only when such a file is read, and take a
``// noqa`` where an instruction's argument ends.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from templating.project.frontend import Found, Problem, Reader, Spelling
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Surface
from templating.project.treesitter.jvm_ports import ADK_JAVA_PACKAGE
from templating.project.treesitter.text import line_end_commentable

__all__ = ["jvm_surface"]

_HINT = ADK_JAVA_PACKAGE.encode()


def jvm_surface(
    name: str, suffixes: frozenset[str], spelling: Spelling, load_reader: Callable[[], Reader], literal_braces: str
) -> Surface:
    """The surface of a JVM language whose grammar is ``name``; ``load_reader`` imports the
    reader (and so the grammar) the first time a file that names an ADK package is read;
    ``literal_braces`` is how its port keeps ``{name}`` as text (see `Surface`)."""

    def read(source: SourceFile, path: Path, modules: SourceCache) -> Found | Problem:
        if ADK_JAVA_PACKAGE not in source.text:
            return Found()
        return load_reader()(source, path, modules)

    def noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
        """The line the instruction's argument ends on, when a comment can end it."""
        return line_end_commentable(source, instruction.source_offset(len(instruction.text)), name)

    def is_valid(text: str) -> bool:
        from templating.project.treesitter.parsing import parse

        return not parse(name, text).root.has_error

    return Surface(
        name=name,
        suffixes=suffixes,
        names=frozenset(),
        walked=True,
        may_hold=lambda _name, data: _HINT in data,
        read=read,
        noqa_line=noqa_line,
        is_valid=is_valid,
        comment="//",
        spelling=spelling,
        literal_braces=literal_braces,
    )

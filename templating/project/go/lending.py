"""What a Go file lends to the other files of its package: the instructions they take from it.

A file of prompt constants (``prompts.go``) holds instructions only as the agents of other files
of its package use them (``Instruction: RootPrompt``): reading it alone finds none. The language
server asks for them while the file is edited (the Go surface's ``lend``).
"""

from __future__ import annotations

import os
from pathlib import Path

from templating.project.go.package import MAX_SIBLINGS
from templating.project.go.reader import read_go
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.regular_file import read_regular

__all__ = ["lent_instructions"]


def lent_instructions(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    """The instructions of the Go file ``path`` (its text ``text``, an editor's buffer perhaps)
    that other files of its package give their agents."""
    display = cache.display(path)
    try:
        names = sorted(name for name in os.listdir(path.parent or ".") if name.endswith(".go"))
    except OSError:
        return []
    if len(names) > MAX_SIBLINGS:
        return []
    buffers = {**cache.buffers, cache.key(path): text}
    lending = SourceCache(Path(cache.root), buffers)
    found: list[Instruction] = []
    for name in names:
        sibling = path.parent / name
        if name == path.name or name.endswith("_test.go"):
            continue
        try:
            source = lending.buffers.get(lending.key(sibling)) or read_regular(sibling).decode("utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        source = source.replace("\r\n", "\n").replace("\r", "\n")
        instructions, _ = read_go(SourceFile(lending.display(sibling), source), sibling, lending)
        found.extend(instruction for instruction in instructions if instruction.source.path == display)
    return found

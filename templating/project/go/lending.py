"""What a Go file lends to the other files of its package: the instructions they take from it.

A file of prompt constants (``prompts.go``) holds instructions only as the agents of other files
of its package use them (``Instruction: RootPrompt``): reading it alone finds none. The language
server asks for them while the file is edited (the Go surface's ``lend``).
"""

from __future__ import annotations

from pathlib import Path

from templating.project.go.package import MAX_SIBLINGS, package_files
from templating.project.go.reader import read_go
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache

__all__ = ["lent_instructions"]


def lent_instructions(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    """The instructions of the Go file ``path`` (its text ``text``, an editor's buffer perhaps)
    that other files of its package give their agents."""
    display = cache.display(path)
    names = package_files(path.parent, cache)
    if len(names) > MAX_SIBLINGS:
        return []
    buffers = {**cache.buffers, cache.key(path): text}
    lending = SourceCache(Path(cache.root), buffers, project=Path(cache.project))
    found: list[Instruction] = []
    for name in names:
        sibling = path.parent / name
        if name == path.name:
            continue
        try:
            source = lending.read_text(sibling)  # a link out of the project is never opened
        except (OSError, UnicodeDecodeError):
            continue
        instructions, _ = read_go(SourceFile(lending.display(sibling), source), sibling, lending)
        found.extend(instruction for instruction in instructions if instruction.source.path == display)
    return found

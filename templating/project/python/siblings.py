"""What a Python module lends to its siblings, and where a ``# noqa`` for it goes there.

A constants module (``prompt.py``) holds instructions only as the modules beside it pass them
to agents (``instruction=prompt.ROOT``): reading it alone finds none. The language server asks
for them while the module is edited (`lent_instructions`, the Python surface's ``lend``), and
for the line in the module itself where a ``# noqa`` can go (`comment_elsewhere`).
"""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import Instruction
from templating.project.python.module import load_module, python_modules
from templating.project.python.python_source import find_python_instructions
from templating.project.python.suppression import call_line, closing_line
from templating.project.sources import SourceCache

__all__ = ["comment_elsewhere", "lent_instructions"]

# Siblings are read to find the instructions of a constants module; a package folder with more
# Python files than this is not searched (each change would read them all).
_MAX_SIBLINGS = 50


def lent_instructions(path: Path, text: str, cache: SourceCache) -> list[Instruction]:
    """The instructions in the Python module ``path`` (its text ``text``, an editor's buffer
    perhaps) that sibling modules pass to agents (``prompt.ROOT``): a constants module alone
    has none. Siblings that do not name the module are not read."""
    if path.stem == "__init__":
        return []
    display = cache.display(path)
    modules = python_modules(cache)
    loaded = modules.get(cache.key(path))
    if loaded is None or loaded.source.text != text:
        try:
            load_module(path, text, display, cache)  # the buffer stands in for the file on disk
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
    found: list[Instruction] = []
    for sibling in _siblings_naming(path, cache):
        key = cache.key(sibling)
        module = modules.get(key)
        try:
            if module is None:
                # An editor's unsaved text stands in for the file; else it is read from disk,
                # a regular file of the project only, never a FIFO, a device or a link out.
                module = load_module(sibling, cache.read_text(sibling), cache.display(sibling), cache)
            instructions = find_python_instructions(module, cache)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        found.extend(instruction for instruction in instructions if instruction.source.path == display)
    return found


def comment_elsewhere(
    instruction: Instruction, path: Path, text: str, cache: SourceCache
) -> tuple[Path, str, int] | None:
    """The file, its text and the 1-based line where a ``# noqa`` for a triple-quoted
    ``instruction`` (whose text lies in ``path``, now ``text``) can go: the line of the call
    passing it in this module, else after its closing quotes (a constant that another module
    passes); ``None`` if there is none. Always this module: an editor's quick fix edits the
    file it shows, never another file's hidden buffer, and its diagnostic refreshes."""
    place = call_line(instruction, path, text, [], cache)
    if place is not None:
        return place
    line = closing_line(instruction, path, text, cache)
    return (path, text, line) if line is not None else None


def _siblings_naming(path: Path, cache: SourceCache) -> list[Path]:
    """The Python modules beside ``path`` that may pass its constants to agents, in name order."""
    names = cache.listing(path.parent)
    modules = [path.parent / name for name in names if name.endswith(".py") and not name.startswith(".")]
    if len(modules) > _MAX_SIBLINGS:
        return []
    return [sibling for sibling in modules if sibling != path and _names(sibling, path.stem, cache)]


def _names(sibling: Path, stem: str, cache: SourceCache) -> bool:
    try:
        text = cache.read_text(sibling, decode=lambda data: data.decode("utf-8", errors="replace"))
    except OSError:
        return False
    return stem in text and "instruction" in text

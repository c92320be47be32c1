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
from templating.regular_file import read_regular

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
    for sibling in _siblings_naming(path):
        key = cache.key(sibling)
        module = modules.get(key)
        try:
            if module is None:
                # An editor's unsaved text stands in for the file; else it is read from disk,
                # a regular file only, never a FIFO or a device.
                source = cache.buffers.get(key)
                if source is None:
                    source = _normalize(read_regular(sibling).decode("utf-8"))
                module = load_module(sibling, source, cache.display(sibling), cache)
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


def _folder(path: Path) -> list[Path]:
    """The Python modules of ``path``'s folder (``path`` among them if it is on disk), in name
    order."""
    try:
        return sorted(path.parent.glob("*.py"))
    except OSError:
        return []


def _siblings_naming(path: Path) -> list[Path]:
    modules = _folder(path)
    if len(modules) > _MAX_SIBLINGS:
        return []
    return [sibling for sibling in modules if sibling != path and _names(sibling, path.stem)]


def _names(sibling: Path, stem: str) -> bool:
    try:
        text = read_regular(sibling).decode("utf-8", errors="replace")
    except OSError:
        return False
    return stem in text and "instruction" in text


def _text_of(path: Path, cache: SourceCache) -> str | None:
    key = cache.key(path)
    if key in cache.buffers:
        return cache.buffers[key]
    try:
        return _normalize(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def _normalize(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")

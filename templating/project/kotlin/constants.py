"""Top-level ``const val``s of the other Kotlin files of a folder (one package, as a rule).

Kotlin code names a constant of its package without an import (``"Use $TOOL"`` where
``TOOL`` is declared in a sibling file). The first time a folder is asked, each of its
``.kt`` files is searched once for ``const val NAME``; a file that declares the name asked
for is parsed, once per run.
"""

from __future__ import annotations

import os
import re
import weakref
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile

if TYPE_CHECKING:
    from templating.project.kotlin.evaluate import KotlinScope
    from templating.project.python.python_source import ModuleCache

__all__ = ["folder_constants"]

_CONST = re.compile(r"\bconst\s+val\s+(\w+)")
#: Per run (a `ModuleCache`): each folder's constant names and the files declaring them, and
#: the scopes of the files read for them.
_FOLDERS: weakref.WeakKeyDictionary[ModuleCache, dict[str, dict[str, Path]]] = weakref.WeakKeyDictionary()
_SCOPES: weakref.WeakKeyDictionary[ModuleCache, dict[str, KotlinScope | None]] = weakref.WeakKeyDictionary()


def folder_constants(path: Path, modules: ModuleCache):
    """A function from a name to the scope of the other file of ``path``'s folder declaring
    it as a top-level ``const val`` (``None`` when none does)."""

    def find(name: str) -> KotlinScope | None:
        declared = _declared(path.parent, modules).get(name)
        if declared is None or declared == path:
            return None
        key = modules.key(declared)
        modules.looked_up.add(key)
        scopes = _SCOPES.setdefault(modules, {})
        if key not in scopes:
            scopes[key] = _scope(declared, key, modules)
        return scopes[key]

    return find


def _declared(folder: Path, modules: ModuleCache) -> dict[str, Path]:
    folders = _FOLDERS.setdefault(modules, {})
    key = os.fspath(folder)
    if key not in folders:
        found: dict[str, Path] = {}
        try:
            names = sorted(entry.name for entry in os.scandir(folder) if entry.name.endswith(".kt"))
        except OSError:
            names = []
        for name in names:
            try:
                text = (folder / name).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue
            for match in _CONST.finditer(text):
                found.setdefault(match.group(1), folder / name)
        folders[key] = found
    return folders[key]


def _scope(path: Path, key: str, modules: ModuleCache) -> KotlinScope | None:
    from templating.project.kotlin.scope import kotlin_file

    text = modules.buffers.get(key)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        except (OSError, UnicodeDecodeError):
            return None
    return kotlin_file(SourceFile(str(path), text), key).scope

"""Top-level ``const val``s of the other Kotlin files of a folder (one package, as a rule).

Kotlin code names a constant of its package without an import (``"Use $TOOL"`` where
``TOOL`` is declared in a sibling file). The first time a folder is asked, each of its
``.kt`` files is searched once for ``const val NAME``; a file that declares the name asked
for is parsed, once per run.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile

if TYPE_CHECKING:
    from templating.project.kotlin.evaluate import KotlinScope
    from templating.project.sources import SourceCache

__all__ = ["folder_constants"]

_CONST = re.compile(r"\bconst\s+val\s+(\w+)")
#: The run's memo of the Kotlin front end (`SourceCache.parsed`) holds, by file key, the scope
#: of each file read for its constants, and by ``folder:`` and the folder's path the constant
#: names of that folder and the files declaring them.
_FOLDER = "folder:"


def folder_constants(path: Path, modules: SourceCache):
    """A function from a name to the scope of the other file of ``path``'s folder declaring
    it as a top-level ``const val`` (``None`` when none does)."""

    def find(name: str) -> KotlinScope | None:
        declared = _declared(path.parent, modules).get(name)
        if declared is None or declared == path:
            return None
        key = modules.key(declared)
        modules.looked_up.add(key)
        scopes = modules.parsed("kotlin")
        if key not in scopes:
            scopes[key] = _scope(declared, key, modules)
        return scopes[key]

    return find


def _declared(folder: Path, modules: SourceCache) -> dict[str, Path]:
    folders = modules.parsed("kotlin")
    key = _FOLDER + os.fspath(folder)
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


def _scope(path: Path, key: str, modules: SourceCache) -> KotlinScope | None:
    from templating.project.kotlin.scope import kotlin_file

    text = modules.buffers.get(key)
    if text is None:
        try:
            text = path.read_text(encoding="utf-8").replace("\r\n", "\n")
        except (OSError, UnicodeDecodeError):
            return None
    return kotlin_file(SourceFile(str(path), text), key).scope

"""``const val``s of other Kotlin files: of the file's folder, and of the packages it imports.

Kotlin code names a constant of its package without an import (``"Use $TOOL"`` where
``TOOL`` is declared in a sibling file), and a constant of another package through an import:
``import com.example.prompts.GREETING`` (top level), ``import com.example.prompts.Texts`` then
``Texts.CRITIC`` (an ``object``'s), or ``import com.example.prompts.*``. The compiler inlines a
``const val`` where it is used, so the text ADK sees is the constant's, as for Java's
``static final`` fields. A package's files are looked for where the build keeps them: under the
source root (the file's folder less its own package's path) at the package's path. The first
time a folder is asked, each of its ``.kt`` files is searched once for ``const val NAME``; a
file that declares the name asked for is parsed, once per run.
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


def folder_constants(path: Path, modules: SourceCache, imports: list[str] | None = None, package: str = ""):
    """A function from a name to the scope of the other file declaring it as a ``const val``:
    in ``path``'s folder, or in a package ``imports`` names (``None`` when none does)."""
    root = _source_root(path.parent, package)

    def find(name: str) -> KotlinScope | None:
        folders = [path.parent, *(root / p.replace(".", "/") for p in _imported_packages(imports or (), name))]
        declared = next((d for folder in folders if (d := _declared(folder, modules).get(name)) not in (None, path)),
                        None)  # fmt: skip
        if declared is None:
            return None
        key = modules.key(declared)
        modules.looked_up.add(key)
        scopes = modules.parsed("kotlin")
        if key not in scopes:
            scopes[key] = _scope(declared, key, modules)
        return scopes[key]

    return find


def _imported_packages(imports, name: str) -> list[str]:
    """The packages whose constants ``name`` may be: of an import of ``name`` itself, of an
    imported class or ``object`` (its constants are named through it), or a wildcard import."""
    found = []
    for imported in imports:
        parts = imported.split(".")
        if parts[-1] == name:
            parts = parts[:-1]
        while parts and parts[-1][:1].isupper():
            parts = parts[:-1]  # an object or a class (nested ones too): its package is before it
        if parts and ".".join(parts) not in found:
            found.append(".".join(parts))
    return found


def _source_root(folder: Path, package: str) -> Path:
    """The folder the file's package path starts in; the file's folder when it is not there."""
    parts = [p for p in package.split(".") if p]
    if parts and folder.parts[-len(parts) :] == tuple(parts):
        return Path(*folder.parts[: -len(parts)]) if len(folder.parts) > len(parts) else Path(".")
    return folder


def _declared(folder: Path, modules: SourceCache) -> dict[str, Path]:
    folders = modules.parsed("kotlin")
    key = _FOLDER + os.fspath(folder)
    if key not in folders:
        found: dict[str, Path] = {}
        names = [name for name in modules.listing(folder) if name.endswith(".kt")]
        for name in names:
            try:
                text = modules.read_text(folder / name)  # a link out of the project is never opened
            except (OSError, UnicodeDecodeError):
                continue
            for match in _CONST.finditer(text):
                found.setdefault(match.group(1), folder / name)
        folders[key] = found
    return folders[key]


def _scope(path: Path, key: str, modules: SourceCache) -> KotlinScope | None:
    from templating.project.kotlin.scope import kotlin_file

    try:
        text = modules.read_text(path)  # a link out of the project is never opened
    except (OSError, UnicodeDecodeError):
        return None
    return kotlin_file(SourceFile(str(path), text), key).scope

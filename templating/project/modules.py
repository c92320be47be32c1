"""Resolve a module's imports to files of the same package, by path only (nothing is imported).

Relative imports (``from . import prompt``, ``from .prompts import ROOT``,
``from ..shared import prompts``) resolve against the importing file's folder; absolute
imports resolve against the folder holding the top package (the first parent folder without
an ``__init__.py``). Anything else, such as an installed library, is not followed.
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["resolve_import"]


def resolve_import(path: Path, statement: ast.Import | ast.ImportFrom, alias: ast.alias) -> tuple[Path, str | None] | None:
    """Where the name ``alias`` binds comes from: ``(module file, None)`` for a module, or
    ``(module file, symbol)`` for a name defined in a module; ``None`` if not in the package."""
    if isinstance(statement, ast.Import):
        if alias.asname is None and "." in alias.name:
            return None
        module = _module_file(_package_root(path), alias.name.split("."))
        return (module, None) if module else None
    base = _import_base(path, statement.level)
    parts = statement.module.split(".") if statement.module else []
    submodule = _module_file(base, [*parts, alias.name])
    if submodule is not None:
        return submodule, None
    module = _module_file(base, parts) if parts else None
    return (module, alias.name) if module else None


def _import_base(path: Path, level: int) -> Path:
    if level == 0:
        return _package_root(path)
    base = path.parent
    for _ in range(level - 1):
        base = base.parent
    return base


def _package_root(path: Path) -> Path:
    """The folder that holds the top package ``path`` belongs to (its parent if none)."""
    folder = path.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        folder = folder.parent
    return folder


def _module_file(base: Path, parts: list[str]) -> Path | None:
    if not parts:
        return None
    candidate = base.joinpath(*parts)
    for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
        if file.is_file():
            return file
    return None

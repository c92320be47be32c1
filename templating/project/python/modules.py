"""Resolve a module's imports to files of the same package, by path only (nothing is imported).

Relative imports (``from . import prompt``, ``from .prompts import ROOT``,
``from ..shared import prompts``) resolve against the importing file's folder; absolute
imports resolve against the folder holding the top package (the first parent folder without
an ``__init__.py``). Anything else, such as an installed library, is not followed.
"""

from __future__ import annotations

import ast
import functools
import os
from pathlib import Path

from templating.project.edge import is_inside
from templating.project.encoding import read_source
from templating.project.python.parsing import parse_python

__all__ = ["module_file", "resolve_import"]


def resolve_import(
    path: Path, statement: ast.Import | ast.ImportFrom, alias: ast.alias, project: str | None = None
) -> tuple[Path, str | None] | None:
    """Where the name ``alias`` binds comes from: ``(module file, None)`` for a module, or
    ``(module file, symbol)`` for a name defined in a module; ``None`` if not in the package.
    A package's ``__init__.py`` out of the resolved folder ``project`` is never read for the
    names it binds."""
    if isinstance(statement, ast.Import):
        if alias.asname is None and "." in alias.name:
            return None
        module = module_file(_package_root(path), alias.name.split("."))
        return (module, None) if module else None
    parts = statement.module.split(".") if statement.module else []
    for base in _import_bases(path, statement.level, parts[0] if parts else alias.name):
        submodule = module_file(base, [*parts, alias.name])
        module = module_file(base, parts) if parts else None
        # `from package import name` takes what the package's `__init__.py` binds to `name`
        # (`from .name import name` re-exports an agent) over the submodule of that name.
        if submodule is not None and (module is None or not _binds(module, alias.name, project)):
            return submodule, None
        if module is not None:
            return module, alias.name
    return None


def _binds(module: Path, name: str, project: str | None) -> bool:
    """Whether the package file ``module`` binds ``name`` at its top level."""
    if module.name != "__init__.py" or (project is not None and not is_inside(os.path.realpath(module), project)):
        return False
    try:
        stat = module.stat()
    except OSError:
        return False
    return name in _bound_names(module, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=256)
def _bound_names(module: Path, modified: int, size: int) -> frozenset[str]:
    """The names ``module`` binds at its top level (cached by its time and size: an edit
    reads it again)."""
    try:
        tree = parse_python(read_source(module), str(module))
    except (OSError, SyntaxError, ValueError, RecursionError, MemoryError):
        return frozenset()
    names: set[str] = set()
    for statement in tree.body:
        if isinstance(statement, ast.ImportFrom) and statement.module is None:
            continue  # `from . import name` binds the submodule itself
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in statement.names)
        elif isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, (ast.Assign, ast.AnnAssign)):
            targets = statement.targets if isinstance(statement, ast.Assign) else [statement.target]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


def _import_bases(path: Path, level: int, top: str) -> list[Path]:
    """Where an import is looked for: a relative one in its package; an absolute one at the
    top package's folder, then, for a project whose packages have no ``__init__.py``
    (``from app.agents.steps import x`` in ``app/agents/flow.py``, run from the project's
    root), above the file's own ancestor folder named like the import's first part. Found
    from the path alone: most imports are of other libraries, and a look-up costs a stat."""
    base = _import_base(path, level)
    if level != 0:
        return [base]
    above = [folder.parent for folder in path.parents[:_ABSOLUTE_FOLDERS] if folder.name == top]
    return [base, *(folder for folder in above if folder != base)]


_ABSOLUTE_FOLDERS = 4


def _import_base(path: Path, level: int) -> Path:
    if level == 0:
        return _package_root(path)
    base = path.parent
    for _ in range(level - 1):
        base = base.parent
    return base


def _package_root(path: Path) -> Path:
    """The folder that holds the top package ``path`` belongs to (its parent if none). A
    relative path climbs above the current folder (``..``): a file named from its own package's
    folder imports its project's other packages from there."""
    folder = path.parent
    while (folder / "__init__.py").is_file() and os.path.dirname(os.path.abspath(folder)) != os.path.abspath(folder):
        folder = Path(os.path.normpath(folder / os.pardir))
    return folder


def module_file(base: Path, parts: list[str]) -> Path | None:
    """The file of the module ``parts`` (``["package", "module"]``) under ``base``: the module
    itself or the package's ``__init__``; ``None`` when neither exists."""
    if not parts:
        return None
    candidate = base.joinpath(*parts)
    for file in (candidate.with_suffix(".py"), candidate / "__init__.py"):
        if file.is_file():
            return file
    return None

"""Which files to lint: the paths given, and folders walked with ``.gitignore`` respected.

Python and YAML files are always linted; prompt files (``.prompt``, ``.txt``, ``.md``) are
linted when named on the command line or matched by the ``include`` globs of the config.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pathspec

if TYPE_CHECKING:
    from templating.lint.settings import Settings

__all__ = ["PROMPT_SUFFIXES", "PYTHON_SUFFIXES", "YAML_SUFFIXES", "collect_files"]

PYTHON_SUFFIXES = frozenset({".py", ".pyi"})
YAML_SUFFIXES = frozenset({".yaml", ".yml"})
PROMPT_SUFFIXES = frozenset({".prompt", ".txt", ".md"})
_SKIPPED_FOLDERS = frozenset(
    {".git", ".hg", ".venv", "venv", "__pycache__", "node_modules", ".tox", ".nox", "site-packages", ".mypy_cache"}
)


def collect_files(paths: Sequence[Path], settings: Settings) -> list[Path]:
    """The files to lint, in a stable order; raises ``FileNotFoundError`` for a missing path."""
    include = pathspec.GitIgnoreSpec.from_lines(settings.include)
    exclude = pathspec.GitIgnoreSpec.from_lines(settings.exclude)
    found: dict[Path, None] = {}
    for path in paths:
        if path.is_file():
            found[path] = None
        elif path.is_dir():
            found.update(dict.fromkeys(_walk(path, settings.root, include, exclude)))
        else:
            raise FileNotFoundError(f"{path}: no such file or folder")
    return list(found)


def _walk(folder: Path, root: Path, include: pathspec.PathSpec, exclude: pathspec.PathSpec) -> list[Path]:
    inherited = {folder: _ancestor_ignores(folder)}
    files = []
    for current, folders, names in os.walk(folder):
        here = Path(current)
        ignores = [*inherited.pop(here), *_ignore_file(here)]
        folders[:] = sorted(f for f in folders if f not in _SKIPPED_FOLDERS and not _ignored(here / f, ignores, True))
        inherited.update({here / f: ignores for f in folders})
        for name in sorted(names):
            file = here / name
            if not _ignored(file, ignores, False) and _wanted(file, root, include, exclude):
                files.append(file)
    return files


def _wanted(file: Path, root: Path, include: pathspec.PathSpec, exclude: pathspec.PathSpec) -> bool:
    relative = _relative(file, root)
    if relative is not None and exclude.match_file(relative):
        return False
    suffix = file.suffix.lower()
    if suffix in PYTHON_SUFFIXES or suffix in YAML_SUFFIXES:
        return True
    return relative is not None and include.match_file(relative)


def _ancestor_ignores(folder: Path) -> list[tuple[Path, pathspec.PathSpec]]:
    """The ``.gitignore`` files above ``folder``, up to the repository root."""
    ignores: list[tuple[Path, pathspec.PathSpec]] = []
    for parent in folder.resolve().parents:
        ignores = [*_ignore_file(parent), *ignores]
        if (parent / ".git").exists():
            break
    return ignores


def _ignore_file(folder: Path) -> list[tuple[Path, pathspec.PathSpec]]:
    file = folder / ".gitignore"
    if not file.is_file():
        return []
    lines = file.read_text(encoding="utf-8", errors="replace").splitlines()
    return [(folder.resolve(), pathspec.GitIgnoreSpec.from_lines(lines))]


def _ignored(path: Path, ignores: list[tuple[Path, pathspec.PathSpec]], is_folder: bool) -> bool:
    resolved = path.resolve()
    for base, spec in ignores:
        relative = _relative(resolved, base)
        if relative is not None and spec.match_file(relative + ("/" if is_folder else "")):
            return True
    return False


def _relative(path: Path, base: Path) -> str | None:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return None

"""Which files to read: the paths given, and folders walked with ``.gitignore`` respected.

A walk lists the files of every surface the registry marks as walked (Python, ADK Agent
Config YAML, an evaluation's ``initial.session.json``); prompt files are read when named on
the command line or matched by the ``include`` globs of the config.

Paths are handled as strings while walking: each folder is resolved once, and a file's real
path is its folder's plus its name (a symbolic link is resolved on its own). Globs are
matched on paths relative to the config's folder or to a ``.gitignore``'s folder.

Only regular files are listed: a FIFO, a socket or a device named ``x.py`` is skipped without
being opened (reading a FIFO blocks forever). A symbolic link whose target is missing is
listed under its own name, so that the linter reports it there.
"""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.paths import relative
from templating.project.surfaces import is_walked
from templating.regular_file import read_regular

if TYPE_CHECKING:
    import pathspec

__all__ = [
    "collect_files", "compile_globs", "is_excluded",
]  # fmt: skip

_SKIPPED_FOLDERS = frozenset(
    {
        ".git",
        ".hg",
        ".venv",
        "venv",
        "__pycache__",
        "node_modules",
        ".tox",
        ".nox",
        "site-packages",
        ".mypy_cache",
        ".templating_cache",
    }
)

_Ignores = list[tuple[str, "pathspec.PathSpec"]]


def collect_files(
    paths: Sequence[Path], root: Path, include: Sequence[str], exclude: Sequence[str], *, force_exclude: bool = False,
    outside: list[Path] | None = None, base: Path | None = None,
) -> list[Path]:  # fmt: skip
    """The files to read, in a stable order; raises ``FileNotFoundError`` for a missing path.

    ``include`` and ``exclude`` are ``.gitignore``-style globs relative to ``base`` (the config's
    folder; default: ``root``): ``include`` adds prompt files, ``exclude`` removes any file found
    in a folder, and a file named in ``paths`` too when ``force_exclude`` is set (pre-commit
    names every file). A symbolic link found in a folder (or a folder named) whose target is
    outside the project ``root`` is not read, whatever its depth: it is added to ``outside``,
    for a note.
    """
    walk = _Walk(os.path.realpath(root), include, exclude, os.path.realpath(base) if base is not None else None)
    walk.outside = outside if outside is not None else []
    found: dict[Path, None] = {}
    for path in paths:
        if _is_listed_file(path):
            if not (force_exclude and walk.excluded(os.path.join(os.path.realpath(path.parent), path.name))):
                found[path] = None
        elif _is_special(path):
            continue  # a FIFO, socket or device named on the command line: never opened
        elif path.is_dir():
            files: list[Path] = []
            real = os.path.realpath(path)
            if not _inside(real, walk.root):
                walk.outside.append(path)
                continue
            walk.folder(os.fspath(path), real, _ancestor_ignores(real), files)
            found.update(dict.fromkeys(files))
        else:
            raise FileNotFoundError(f"{path}: no such file or folder")
    return list(found)


def is_excluded(path: Path, root: Path, exclude: Sequence[str]) -> bool:
    """Whether the ``exclude`` globs (relative to the folder ``root``) match the file ``path``."""
    walk = _Walk(os.path.realpath(root), (), exclude)
    return walk.excluded(os.path.join(os.path.realpath(path.parent), path.name))


def _is_listed_file(path: Path) -> bool:
    """A regular file, or a symbolic link whose target is missing (reported where it is)."""
    return path.is_file() or (path.is_symlink() and not path.exists())


def _is_special(path: Path) -> bool:
    return path.exists() and not path.is_dir()


def compile_globs(lines: Sequence[str]) -> pathspec.PathSpec | None:
    """A ``.gitignore``-style spec of ``lines``, or ``None`` when there are none.

    pathspec matches through Python regular expressions, which backtrack: a glob with many
    wildcards in one name (``*a*a*a*a*a*b``) takes exponential time on a long file name that
    does not match. A repository's ``.gitignore`` or config is not to be trusted with that, so
    a line with more than `MAX_WILDCARDS` runs of ``*`` in one path segment, or more than
    `MAX_WILDCARDS` ``**`` segments, is left out: the files it would have matched are read
    (or, for ``include``, not), which costs a finding at most, never the run.
    """
    lines = [line for line in lines if _is_tame(line)]
    if not lines:
        return None
    # Imported here so that a tree without globs or .gitignore files never loads pathspec.
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(lines)


#: The most ``*`` runs a glob may have in one path segment (and ``**`` segments in all).
MAX_WILDCARDS = 2
_STARS = re.compile(r"\*+")


def _is_tame(line: str) -> bool:
    segments = line.strip().split("/")
    if sum(segment == "**" for segment in segments) > MAX_WILDCARDS:
        return False
    return all(len(_STARS.findall(segment)) <= MAX_WILDCARDS for segment in segments if segment != "**")


class _Walk:
    """Walks folders in sorted order, depth first, skipping ignored and unwanted files.

    The globs are compiled on first use: files named on the command line alone (a pre-commit
    run, an editor) are listed without loading pathspec."""

    def __init__(self, root: str, include: Sequence[str], exclude: Sequence[str], base: str | None = None) -> None:
        self.root, self._include_globs, self._exclude_globs = root, include, exclude
        self.base = base if base is not None else root  # what the globs are relative to
        self.outside: list[Path] = []  # links found that lead out of the project

    @functools.cached_property
    def include(self) -> pathspec.PathSpec | None:
        """The compiled ``include`` globs, or ``None`` when there are none."""
        return compile_globs(self._include_globs)

    @functools.cached_property
    def exclude(self) -> pathspec.PathSpec | None:
        """The compiled ``exclude`` globs, or ``None`` when there are none."""
        return compile_globs(self._exclude_globs)

    def folder(self, folder: str, real: str, ignores: _Ignores, files: list[Path]) -> None:
        try:
            with os.scandir(folder) as scan:
                entries = sorted(scan, key=lambda entry: entry.name)
        except OSError:
            return  # as os.walk does: an unreadable folder is skipped
        ignores = [*ignores, *_ignore_file(real, entries)]
        subfolders = []
        for entry in entries:
            child = os.path.realpath(entry.path) if entry.is_symlink() else os.path.join(real, entry.name)
            if _is_folder(entry):
                if not entry.is_symlink() and entry.name not in _SKIPPED_FOLDERS and not _ignored(child, ignores, True):
                    subfolders.append((entry.path, child))
            elif _is_listed_entry(entry) and not _ignored(child, ignores, False) and self.wanted(child, entry.name):
                if entry.is_symlink() and not _inside(child, self.root):
                    self.outside.append(Path(entry.path))  # never read: it is not the project's
                else:
                    files.append(Path(entry.path))
        for path, child in subfolders:
            self.folder(path, child, ignores, files)

    def excluded(self, real: str) -> bool:
        """Whether the ``exclude`` globs match the resolved path ``real``."""
        if self.exclude is None:
            return False
        path = relative(real, self.base)
        return path is not None and self.exclude.match_file(path)

    def wanted(self, real: str, name: str) -> bool:
        known = is_walked(name)
        if not known and self.include is None:
            return False  # the common case, decided without a relative path
        path = relative(real, self.base)
        if path is not None and self.exclude is not None and self.exclude.match_file(path):
            return False
        return known or (path is not None and self.include is not None and self.include.match_file(path))


def _inside(real: str, root: str) -> bool:
    """Whether the resolved path ``real`` is ``root`` or under it."""
    return real == root or real.startswith(os.path.join(root, ""))


def _is_listed_entry(entry: os.DirEntry) -> bool:
    """A regular file, or a dangling symbolic link; never a FIFO, socket or device."""
    try:
        return entry.is_file() or (entry.is_symlink() and not os.path.exists(entry.path))
    except OSError:
        return False


def _is_folder(entry: os.DirEntry) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _ancestor_ignores(real: str) -> _Ignores:
    """The ``.gitignore`` files above the resolved folder ``real``, up to the repository root."""
    ignores: _Ignores = []
    for parent in Path(real).parents:
        ignores = [*_read_ignore_file(str(parent), parent / ".gitignore"), *ignores]
        if (parent / ".git").exists():
            break
    return ignores


def _ignore_file(real: str, entries: list[os.DirEntry]) -> _Ignores:
    for entry in entries:
        if entry.name == ".gitignore":
            return _read_ignore_file(real, Path(entry.path))
    return []


def _read_ignore_file(real: str, file: Path) -> _Ignores:
    try:
        data = read_regular(file)  # never a FIFO or a device: reading one blocks or never ends
    except OSError:
        return []
    spec = compile_globs(data.decode("utf-8", errors="replace").splitlines())
    return [(real, spec)] if spec is not None else []


def _ignored(real: str, ignores: _Ignores, is_folder: bool) -> bool:
    for base, spec in ignores:
        path = relative(real, base)
        if path is not None and spec.match_file(path + ("/" if is_folder else "")):
            return True
    return False

"""Which project a path belongs to: one answer for every command and for the language server.

A project's root is the nearest folder at or above a path that holds a project file
(`MARKERS`: ``pyproject.toml``, ``package.json``, ``go.mod``, ``pom.xml``, a Gradle build or
settings file) or is a repository's root (it holds ``.git``); no ``[tool.templating]`` table
is needed. A folder with none of them above it is its own project (a file's folder, when a
file is named). Projects nest: in a repository holding several ``package.json`` folders,
each of them is a project of its own, and the files between them belong to the repository's.

The user's home folder and the file system's root are never a project because of a ``.git``
alone: a home folder kept in git would otherwise make every stray file there a project of
thousands of files.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from templating.project.files import collect_files

__all__ = ["MARKERS", "ProjectRoots", "common_root", "is_project_root", "project_root", "rest_of_projects"]

#: The files whose folder is a project's root (besides a repository's ``.git``).
MARKERS = (
    "pyproject.toml", "package.json", "go.mod", "pom.xml",
    "build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts",
)  # fmt: skip


def is_project_root(folder: str) -> bool:
    """Whether the folder ``folder`` (a path as text) is a project's root."""
    for name in MARKERS:
        if os.path.isfile(os.path.join(folder, name)):
            return True
    return os.path.exists(os.path.join(folder, ".git")) and not _too_wide(folder)


def _too_wide(folder: str) -> bool:
    """A folder never taken for a repository's root (see the module's docstring)."""
    real = os.path.realpath(folder)
    return real == os.path.realpath(Path.home()) or real == os.path.dirname(real)


def project_root(path: Path) -> Path:
    """The root of the project ``path`` (a file or a folder, which need not exist) is in,
    absolute and without ``..`` parts: found lexically, so that a folder named through a
    symbolic link is in the link's project, not its target's."""
    absolute = Path(os.path.normpath(path.absolute()))
    start = absolute if absolute.is_dir() else absolute.parent
    for folder in (start, *start.parents):
        # A linked folder's project files are its target's: the link is in the project around it.
        if is_project_root(os.fspath(folder)) and not folder.is_symlink():
            return folder
    return start


def common_root(paths: Sequence[Path]) -> Path:
    """The root of the project every one of ``paths`` is in: the first's, when they all are in
    its project or in projects nested in it; else the project around the folder they share."""
    roots = [project_root(path) for path in paths]
    first = roots[0]
    if all(root == first or root.is_relative_to(first) for root in roots):
        return first
    return project_root(Path(os.path.commonpath([os.fspath(root) for root in roots])))


class ProjectRoots:
    """The project of each file under ``top`` (a project's root), asked of many files: each
    folder is looked at once. A file's project is the nearest root at or below ``top``."""

    def __init__(self, top: Path) -> None:
        self.top = os.path.normpath(os.fspath(top.absolute()))
        self._known: dict[str, str] = {self.top: self.top}

    def of(self, file: Path) -> str:
        """The root of ``file``'s project, as text; ``top`` for a file outside it."""
        return self._of(os.path.dirname(os.path.normpath(os.fspath(file.absolute()))))

    def of_folder(self, folder: Path) -> str:
        """The root of the project the folder ``folder`` is in (itself, when it is a root)."""
        return self._of(os.path.normpath(os.fspath(folder.absolute())))

    def _of(self, folder: str) -> str:
        if not (folder == self.top or folder.startswith(os.path.join(self.top, ""))):
            return self.top
        pending = []
        while folder not in self._known:
            pending.append(folder)
            folder = os.path.dirname(folder)
        found = self._known[folder]
        for below in reversed(pending):  # from the top down: a nearer root takes over
            if is_project_root(below) and not os.path.islink(below):
                found = below
            self._known[below] = found
        return found


def rest_of_projects(
    paths: Sequence[Path], listed: Sequence[Path], *, root: Path, include: Sequence[str], exclude: Sequence[str],
    base: Path | None = None,
) -> list[Path]:  # fmt: skip
    """The files of the projects of ``paths`` (named files and folders) that ``listed`` (the
    files found under ``paths``) lacks: what a command reads besides what it was named, so
    that a file named alone is judged as its whole project sees it. A project nested in one
    of those is not part of it. ``root`` is the run's project root; the globs are relative
    to ``base`` (default: ``root``), as for `collect_files`."""
    named = [path for path in paths if str(path) != "-" and path.exists()]
    projects = ProjectRoots(root)
    roots = {projects.of_folder(path) if path.is_dir() else projects.of(path) for path in named}
    if roots <= {os.path.normpath(path.absolute()) for path in named if path.is_dir()}:
        return []  # the projects themselves were named: every file of them is listed already
    seen = {os.path.realpath(file) for file in listed}
    rest: dict[str, Path] = {}  # by resolved path: a link and its target are one file
    for folder in sorted(roots):
        for file in collect_files([_shown(folder)], root, include, exclude, base=base):
            real = os.path.realpath(file)
            if real not in seen and projects.of(file) == folder:
                rest.setdefault(real, file)
    return list(rest.values())


def _shown(folder: str) -> Path:
    """``folder`` (absolute) as findings show paths: relative to the working folder when in it."""
    here = os.getcwd()
    inside = folder == here or folder.startswith(os.path.join(here, ""))
    return Path(os.path.relpath(folder, here)) if inside else Path(folder)

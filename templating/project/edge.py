"""The project's edge: the one rule for which files the linter may open or write.

A project is a folder; its files are those whose resolved path (every symbolic link followed)
lies under the folder's resolved path. The rule is applied where a file is opened, not where
a folder is walked, so that every way code names a file obeys it alike: a relative import
(``'../outside/secret/a'``), a ``tsconfig.json`` ``extends`` or ``paths``, a package under
``node_modules``, a sibling module's constants, a Go ``//go:embed``, a Java or Kotlin class of
another folder, a committed prompt file. A symbolic link is judged by its target: one inside the
project is read, one leading out is never opened, whatever name reached it.

The project's folder itself is judged by where it was reached: a configuration found through a
folder link below the working folder (``outlink/pyproject.toml``, where ``outlink`` leads out of
the folder you work in) does not make the link's target a project of yours (`project_edge`).
"""

from __future__ import annotations

import errno
import os

from templating.regular_file import MAX_FILE_BYTES, read_regular

__all__ = ["OUTSIDE", "OutsideProjectError", "is_inside", "project_edge", "read_inside"]

#: Why a file was not opened, as a message says it.
OUTSIDE = "outside the project"


class OutsideProjectError(OSError):
    """A file that lies outside the project (or leads out of it through a symbolic link)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__(errno.EACCES, OUTSIDE, os.fspath(path))


def is_inside(real: str, project: str) -> bool:
    """Whether the resolved path ``real`` is the resolved folder ``project`` or lies under it."""
    return real == project or real.startswith(os.path.join(project, ""))


def read_inside(path: str | os.PathLike[str], project: str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path`` (see `read_regular`), when its resolved path lies in
    the resolved folder ``project``; raises `OutsideProjectError` otherwise, without opening it. The
    resolved path is what is opened: the name that was judged is the name that is read."""
    real = os.path.realpath(path)
    if not is_inside(real, project):
        raise OutsideProjectError(path)
    return read_regular(real, limit)


def project_edge(root: str | os.PathLike[str], working: str | os.PathLike[str] | None = None) -> str:
    """The resolved folder a project found at ``root`` may read and write in.

    That is ``root`` resolved, unless the way to it passes a symbolic link to a folder that
    lies outside the folder you work in (``outlink/`` in ``lint outlink/agent.py``, where the
    target holds a ``pyproject.toml`` of its own): such a root belongs to the link's target,
    not to your project, so the edge is then the folder holding that link, and nothing
    through the link is inside. The links judged are those below the folder both the working
    folder and ``root`` lie in: links above it (a home folder that is a link, macOS's
    ``/var``) are where you work, and count as such."""
    lexical = os.path.abspath(root)
    working = os.path.abspath(working if working is not None else os.getcwd())
    base = os.path.commonpath([lexical, working])
    real_base = os.path.realpath(base)
    folder = base
    for part in os.path.relpath(lexical, base).split(os.sep):
        if part in ("", os.curdir):
            continue
        folder = os.path.join(folder, part)
        if os.path.islink(folder) and not is_inside(os.path.realpath(folder), real_base):
            return os.path.realpath(os.path.dirname(folder))
    return os.path.realpath(root)

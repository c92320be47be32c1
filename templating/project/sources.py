"""The texts of one run, shared by every front end: paths resolved once, an editor's buffers
in place of their files, and one memo per language for what its reader parsed.

A front end keeps its parsed files in `SourceCache.parsed` under its own language name (the
Python front end: ``cache.parsed("python")``), so the cache never names a language's types.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from templating.project.edge import OutsideProjectError, is_inside, project_edge
from templating.project.paths import real_path, relative
from templating.regular_file import MAX_FILE_BYTES, read_regular

__all__ = ["SourceCache"]


class SourceCache:
    """What one run (a lint worker, the graph, one request of the language server) has read,
    by resolved path; paths display relative to ``root`` (the working folder). ``project``
    (default: ``root``) is the folder no file is read out of when code names a path: every
    front end opens the files code names through `read_text`, which applies the
    project's edge (`templating.project.edge`)."""

    def __init__(self, root: Path, buffers: Mapping[str, str] | None = None, *, project: Path | None = None) -> None:
        self.root = os.path.realpath(root)
        self.project = project_edge(project if project is not None else root)
        #: An editor's unsaved texts by resolved path (line breaks read as ``\\n``): a file
        #: looked up through an import is read from its buffer when it has one.
        self.buffers: Mapping[str, str] = buffers or {}
        #: The resolved paths of the files looked up through imports since it was last
        #: cleared: what a file's instructions depend on besides the file itself.
        self.looked_up: set[str] = set()
        self._folders: dict[str, str] = {}
        self._parsed: dict[str, dict[str, Any]] = {}

    def key(self, path: Path) -> str:
        """The resolved path files are cached by (each folder is resolved once per run)."""
        return real_path(os.fspath(path), self._folders)

    def display(self, path: Path) -> str:
        """The path as findings show it: relative to the root when inside it. A symbolic link
        shows under its own name, not its target's (whose file may be missing)."""
        folder, name = os.path.split(os.fspath(path))
        real_folder = self._folders.get(folder) or self._folders.setdefault(folder, os.path.realpath(folder or "."))
        shown = relative(os.path.join(real_folder, name), self.root)
        return shown if shown is not None else path.as_posix()

    def read_text(
        self, path: Path, limit: int = MAX_FILE_BYTES, *, decode: Callable[[bytes], str] | None = None
    ) -> str:
        """The text of the project file at ``path``: an editor's unsaved buffer if it has one,
        else its bytes decoded by ``decode`` (default: as UTF-8, line breaks read as ``\\n``).
        Raises `OSError` (`OutsideProjectError` for a file out of the project, whose buffer is
        not read either) or `UnicodeDecodeError`."""
        key = self.key(path)
        if not is_inside(key, self.project):
            raise OutsideProjectError(path)
        text = self.buffers.get(key)
        if text is None:
            data = read_regular(key, limit)
            text = decode(data) if decode is not None else _utf8(data)
        return text

    def listing(self, folder: Path) -> tuple[str, ...]:
        """The names in ``folder``, sorted, listed once per run (every file of a package may ask
        for its siblings): empty for a folder that cannot be listed."""
        key = self.key(folder)
        memo = self.parsed("listing")
        names = memo.get(key)
        if names is None:
            try:
                names = memo[key] = tuple(sorted(os.listdir(folder)))
            except OSError:
                names = memo[key] = ()
        return names

    def parsed(self, language: str) -> dict[str, Any]:
        """The memo of one language's front end: what it parsed, by `key` (``None`` for a
        file it could not read or parse)."""
        memo = self._parsed.get(language)
        if memo is None:
            memo = self._parsed[language] = {}
        return memo


def _utf8(data: bytes) -> str:
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")

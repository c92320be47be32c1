"""The lint cache: ``.templating_cache/`` at the project root, as ruff keeps ``.ruff_cache/``.

What is cached is each file's `FileResult` (its findings
and its facts, so project rules still see every file), never the findings alone. A result is
reused only when nothing it was computed from has changed:

- the cache file is chosen by the tool's version, a stamp of its own code, the Python
  version, the working folder (findings show paths relative to it) and the settings;
- the file itself: same size, modification time, status-change time and inode, or, when
  those differ, same content hash (a ``touch`` re-hashes, it does not re-lint). The
  status-change time is what catches a same-size edit whose modification time was put back
  (``tar``, ``rsync -t``, ``cp -p``): no tool can set it, every write moves it;
- the files its instructions were resolved through (a prompt constant imported from a sibling
  module), checked the same way, and, for a file that may hold instructions, the names in its
  folder (hidden ones aside): a sibling module created, renamed or deleted there is seen. A
  module that appears in another folder (``from ..shared import prompts`` before ``shared/``
  has ``prompts.py``) is not: edit the importing file, or run with ``--no-cache``.

A file modified in the last `RACY_SECONDS` before the run is linted but not stored: a
second change within the file system's timestamp granularity could leave its size and time
unchanged ("racy git"). The folder holds a ``.gitignore`` that ignores it; a cache that
cannot be read or written is ignored, never an error.

The cache lives in the project, which a cloned repository controls: nothing is read or written
through a symbolic link (the cache folder, its version folder, its ``.gitignore`` or the cache
file being a link turns the cache off for the run), only a regular file is read, and at most
`MAX_CACHE_BYTES` of it.

The linter never runs code from the project it reads, and unpickling runs code: so the cache
file is signed (HMAC-SHA256) with a key kept in the user's cache folder
(``$XDG_CACHE_HOME/templating/cache-key``, else ``~/.cache/...``), and a file without a valid
signature, such as one shipped inside a cloned repository, is never unpickled.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import pickle
import stat
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from templating import __version__
from templating.atomic_write import write_atomically
from templating.lint.file_result import FileResult
from templating.lint.finding import Finding
from templating.lint.settings import Settings
from templating.project.surfaces import claiming
from templating.regular_file import read_regular

__all__ = ["CACHE_FOLDER", "MAX_CACHE_BYTES", "RACY_SECONDS", "LintCache"]

#: The cache's folder name, under the project root (the folder of the config file).
CACHE_FOLDER = ".templating_cache"
#: Files modified this recently (in seconds) before the run are not stored.
RACY_SECONDS = 2.0
#: The largest cache file read, in bytes (10,000 files' results take a few megabytes).
MAX_CACHE_BYTES = 256 * 1024 * 1024
_KEY_SIZE = 32
_SIGNATURE_SIZE = 32
_PACKAGE = Path(__file__).resolve().parents[1]

# The entries of the project rules' findings start so (the project's root follows): no file
# path holds a NUL character.
_PROJECT_ENTRY = "\0project"
# One stored stamp: (size, modification time in ns, status-change time in ns, inode, content hash).
_Stamp = tuple[int, int, int, int, bytes]
_STATUS = 4  # how many leading fields of a stamp come from `os.stat`


class LintCache:
    """The stored results of one configuration, loaded at the start of a run, saved at its end."""

    def __init__(self, settings: Settings) -> None:
        folder = Path(settings.root) / CACHE_FOLDER
        self.file = folder / __version__ / f"{_fingerprint(settings)}.pickle"
        # A cache folder that is a link (or not a folder) is someone else's: not ours to use.
        self._key = _secret() if _is_own_folder(folder) and _is_own_folder(self.file.parent) else None
        self.entries: dict[str, tuple] = _load(self.file, self._key)
        self.changed = False
        self._cwd = os.getcwd()
        self._limit = time.time_ns() - int(RACY_SECONDS * 1e9)
        self._stamps: dict[str, _Stamp | None] = {}
        self._hinted: set[str] = set()
        self._folders: dict[str, bytes | None] = {}
        #: How many lookups found nothing valid: with none, the project is as last stored.
        self.misses = 0

    def lookup(self, path: Path) -> FileResult | None:
        """The stored result of ``path``, if nothing it depends on has changed."""
        result = self._lookup(path)
        if result is None:
            self.misses += 1
        return result

    def project_findings(self, root: str, files: tuple[str, ...]) -> tuple[Finding, ...] | None:
        """The project rules' findings stored for the project at ``root`` made of exactly
        ``files`` (their display paths, in order), when every lookup of this run was a hit:
        then no file the project model is built from has changed since they were stored."""
        entry = self.entries.get(_PROJECT_ENTRY + root)
        if self.misses or entry is None or entry[0] != files:
            return None
        return entry[1]

    def store_project(self, root: str, files: tuple[str, ...], findings: Sequence[Finding]) -> None:
        """Remember the project rules' findings of the project at ``root`` for ``files`` (see
        `project_findings`)."""
        entry = (files, tuple(findings))
        if self.entries.get(_PROJECT_ENTRY + root) != entry:
            self.entries[_PROJECT_ENTRY + root] = entry
            self.changed = True

    def _lookup(self, path: Path) -> FileResult | None:
        key = self._key_of(path)
        entry = self.entries.get(key)
        if entry is None:
            return None
        stamp, dependencies, folder, result = entry
        if not self._unchanged(key, stamp):
            return None
        if self._status(key) != stamp[:_STATUS]:
            self._refresh(key, entry)  # same content, new times: compare by times again next run
        if any(not self._unchanged(name, stamp) for name, stamp in dependencies):
            return None
        if folder is not None and self._listing(folder[0]) != folder[1]:
            return None
        return result if isinstance(result, FileResult) else FileResult(result)

    def store(self, path: Path, result: FileResult) -> None:
        """Remember ``result`` for ``path``, unless a file it depends on is too fresh to trust."""
        key = self._key_of(path)
        stamp = self._stamp(key)
        dependencies = [(name, self._stamp(name)) for name in result.dependencies]
        stamps = [stamp, *(dependency for _, dependency in dependencies)]
        if any(item is None or item[1] > self._limit for item in stamps):
            return
        folder = None
        if key in self._hinted:
            parent = os.path.dirname(key)
            folder = (parent, self._listing(parent))
        trivial = not result.findings and result.facts is None and not result.dependencies
        self.entries[key] = (stamp, tuple(dependencies), folder, result.path if trivial else result)
        self.changed = True

    def save(self) -> None:
        """Write the cache if anything was stored; failing to write it is not an error."""
        if not self.changed or self._key is None:
            return
        payload = pickle.dumps(self.entries, protocol=pickle.HIGHEST_PROTOCOL)
        try:
            _write(self.file, _sign(self._key, payload) + payload)
        except OSError:
            pass  # a read-only checkout lints as well without a cache

    def _key_of(self, path: Path) -> str:
        # Joined, not normalized (``os.path.abspath`` costs more than the lookup): a path
        # spelled two ways is two entries, never a wrong one.
        return os.path.join(self._cwd, path)

    def _refresh(self, key: str, entry: tuple) -> None:
        stamp = self._stamp(key)
        if stamp is not None and stamp[1] <= self._limit:
            self.entries[key] = (stamp, *entry[1:])
            self.changed = True

    def _unchanged(self, name: str, stored: _Stamp) -> bool:
        """Whether ``name`` still has the ``stored`` content: by size, times and inode, else
        by hash."""
        status = self._status(name)
        if status is None:
            return False
        if status == stored[:_STATUS]:
            return True
        current = self._stamp(name)
        return current is not None and current[_STATUS] == stored[_STATUS]

    @staticmethod
    def _status(name: str) -> tuple[int, int, int, int] | None:
        try:
            status = os.stat(name)
        except OSError:
            return None
        return status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino

    def _stamp(self, name: str) -> _Stamp | None:
        if name not in self._stamps:
            try:
                status = os.stat(name)
                data = read_regular(name)  # bounded, and never blocked by a FIFO
            except OSError:
                self._stamps[name] = None
                return None
            digest = hashlib.blake2b(data, digest_size=16).digest()
            self._stamps[name] = (status.st_size, status.st_mtime_ns, status.st_ctime_ns, status.st_ino, digest)
            if _imports_matter(name, data):
                self._hinted.add(name)  # its imports matter: so does its folder's listing
        return self._stamps[name]

    def _listing(self, folder: str) -> bytes | None:
        """A hash of the names in ``folder``; hidden names (this cache, editors' and ``--fix``'s
        temporary files) are left out, as they never hold a module an agent imports."""
        if folder not in self._folders:
            try:
                names = sorted(name for name in os.listdir(folder) if not name.startswith("."))
                self._folders[folder] = hashlib.blake2b("\0".join(names).encode(), digest_size=16).digest()
            except OSError:
                self._folders[folder] = None
        return self._folders[folder]


def _fingerprint(settings: Settings) -> str:
    """A hash of everything besides the files that changes what linting a file gives."""
    parts = {
        "version": __version__,
        "code": _code_stamp(),
        "python": sys.version_info[:2],
        "cwd": os.getcwd(),
        "dialect": settings.dialect,
        "enabled": sorted(settings.enabled),
        "per_file_ignores": [(glob, sorted(codes)) for glob, codes in settings.per_file_ignores],
        "known_keys": sorted(settings.known_keys) if settings.known_keys is not None else None,
        "seed_keys": sorted(settings.seed_keys),
        "state": settings.state,
    }
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _code_stamp() -> list[int]:
    """The size and time of this package's files (its modules and tree-sitter queries): an
    edited checkout drops its cache even when its version number has not moved. Compiled
    bytecode is left out: Python rewrites it without any change to the package."""
    total_size = total_time = count = 0
    for folder, folders, names in os.walk(_PACKAGE):
        folders[:] = [name for name in folders if name != "__pycache__"]
        for name in names:
            status = os.stat(os.path.join(folder, name))
            total_size, total_time, count = total_size + status.st_size, total_time + status.st_mtime_ns, count + 1
    return [count, total_size, total_time]


def _secret() -> bytes | None:
    """The user's signing key, created on first use; ``None`` (no cache) if it cannot be."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "templating"
    file = folder / "cache-key"
    try:
        key = read_regular(file, _KEY_SIZE)
        if len(key) == _KEY_SIZE:
            return key
    except OSError:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(file, os.urandom(_KEY_SIZE))
        return read_regular(file, _KEY_SIZE)
    except OSError:
        return None


def _imports_matter(name: str, data: bytes) -> bool:
    """Whether the file ``name`` holding ``data`` may take instructions from sibling modules."""
    surface = claiming(os.path.basename(name))
    return surface is not None and surface.import_hint is not None and surface.import_hint.search(data) is not None


def _sign(key: bytes, payload: bytes) -> bytes:
    return hmac.new(key, payload, hashlib.sha256).digest()


def _load(file: Path, key: bytes | None) -> dict[str, tuple]:
    if key is None:
        return {}
    try:
        data = read_regular(file, MAX_CACHE_BYTES, follow=False)
    except OSError:
        return {}
    signature, payload = data[:_SIGNATURE_SIZE], data[_SIGNATURE_SIZE:]
    if not hmac.compare_digest(signature, _sign(key, payload)):
        return {}  # not written by this user's templating: never unpickled
    try:
        entries = pickle.loads(payload)
    except Exception:  # noqa: BLE001 - signed but unreadable (written by another version): start afresh
        return {}
    return entries if isinstance(entries, dict) else {}


def _is_own_folder(folder: Path) -> bool:
    """Whether ``folder`` is missing or a real folder: not a symbolic link, not a file."""
    try:
        mode = os.lstat(folder).st_mode
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return stat.S_ISDIR(mode)


def _make_folder(folder: Path) -> None:
    """Create ``folder`` (its parent exists), or check that it is a real folder, not a link."""
    try:
        os.mkdir(folder)
    except FileExistsError:
        if not _is_own_folder(folder):
            raise NotADirectoryError(f"{folder}: not a folder of its own (a link or a file)") from None


_IGNORE_TEXT = b"# Created by templating lint: the cache is not part of the project.\n*\n"


def _write_ignore_file(root: Path) -> None:
    """Create the cache's ``.gitignore``, never through a link (``O_EXCL`` creates a new file
    or fails); one that exists must be a regular file."""
    ignore = root / ".gitignore"
    try:
        descriptor = os.open(ignore, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except FileExistsError:
        if not stat.S_ISREG(os.lstat(ignore).st_mode):
            raise IsADirectoryError(f"{ignore}: not a regular file (a link?)") from None
        return
    with os.fdopen(descriptor, "wb") as stream:
        stream.write(_IGNORE_TEXT)


def _write(file: Path, data: bytes) -> None:
    """Write ``data`` atomically, creating the cache folder and its ``.gitignore`` first;
    nothing is written through a link (``os.replace`` replaces a link, never its target)."""
    root = file.parent.parent
    _make_folder(root)
    _write_ignore_file(root)
    _make_folder(file.parent)
    write_atomically(file, data)

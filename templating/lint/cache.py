"""The lint cache: ``.templating_cache/`` at the project root, as ruff keeps ``.ruff_cache/``.

What is cached is each file's `FileResult` (its findings
and its facts, so project rules still see every file), never the findings alone. A result is
reused only when nothing it was computed from has changed:

- the cache file is chosen by the tool's version, a stamp of its own code, the Python
  version, the working folder (findings show paths relative to it) and the settings;
- the file itself: same size and modification time, or, when those differ, same content
  hash (a ``touch`` re-hashes, it does not re-lint);
- the files its instructions were resolved through (a prompt constant imported from a sibling
  module), checked the same way, and, for a file that may hold instructions, the names in its
  folder (hidden ones aside): a sibling module created, renamed or deleted there is seen. A
  module that appears in another folder (``from ..shared import prompts`` before ``shared/``
  has ``prompts.py``) is not: edit the importing file, or run with ``--no-cache``.

A file modified in the last `RACY_SECONDS` before the run is linted but not stored: a
second change within the file system's timestamp granularity could leave its size and time
unchanged ("racy git"). The folder holds a ``.gitignore`` that ignores it; a cache that
cannot be read or written is ignored, never an error.

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
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from templating import __version__
from templating.lint.atomic_write import write_atomically
from templating.lint.file_result import FileResult
from templating.lint.finding import Finding
from templating.lint.settings import Settings
from templating.project.surfaces import claiming

__all__ = ["CACHE_FOLDER", "RACY_SECONDS", "LintCache"]

#: The cache's folder name, under the project root (the folder of the config file).
CACHE_FOLDER = ".templating_cache"
#: Files modified this recently (in seconds) before the run are not stored.
RACY_SECONDS = 2.0
_KEY_SIZE = 32
_SIGNATURE_SIZE = 32
_PACKAGE = Path(__file__).resolve().parents[1]

# The entry of the project rules' findings: no file path holds a NUL character.
_PROJECT_ENTRY = "\0project"
# One stored stamp: (size, modification time in ns, content hash).
_Stamp = tuple[int, int, bytes]


class LintCache:
    """The stored results of one configuration, loaded at the start of a run, saved at its end."""

    def __init__(self, settings: Settings) -> None:
        folder = Path(settings.root) / CACHE_FOLDER
        self.file = folder / __version__ / f"{_fingerprint(settings)}.pickle"
        self._key = _secret()
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

    def project_findings(self, files: tuple[str, ...]) -> tuple[Finding, ...] | None:
        """The project rules' findings stored for exactly ``files`` (their display paths, in
        order), when every lookup of this run was a hit: then no file the project model is
        built from has changed since they were stored."""
        entry = self.entries.get(_PROJECT_ENTRY)
        if self.misses or entry is None or entry[0] != files:
            return None
        return entry[1]

    def store_project(self, files: tuple[str, ...], findings: Sequence[Finding]) -> None:
        """Remember the project rules' findings for ``files`` (see `project_findings`)."""
        entry = (files, tuple(findings))
        if self.entries.get(_PROJECT_ENTRY) != entry:
            self.entries[_PROJECT_ENTRY] = entry
            self.changed = True

    def _lookup(self, path: Path) -> FileResult | None:
        key = self._key_of(path)
        entry = self.entries.get(key)
        if entry is None:
            return None
        stamp, dependencies, folder, result = entry
        if not self._unchanged(key, stamp):
            return None
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

    def _unchanged(self, name: str, stored: _Stamp) -> bool:
        """Whether ``name`` still has the ``stored`` content: by size and time, else by hash."""
        try:
            status = os.stat(name)
        except OSError:
            return False
        if (status.st_size, status.st_mtime_ns) == stored[:2]:
            return True
        current = self._stamp(name)
        return current is not None and current[2] == stored[2]

    def _stamp(self, name: str) -> _Stamp | None:
        if name not in self._stamps:
            try:
                with open(name, "rb") as stream:
                    status = os.fstat(stream.fileno())
                    data = stream.read()
                self._stamps[name] = (status.st_size, status.st_mtime_ns, hashlib.blake2b(data, digest_size=16).digest())
                if _imports_matter(name, data):
                    self._hinted.add(name)  # its imports matter: so does its folder's listing
            except OSError:
                self._stamps[name] = None
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
        "state": settings.state,
    }
    text = json.dumps(parts, sort_keys=True, default=str)
    return hashlib.blake2b(text.encode(), digest_size=12).hexdigest()


def _code_stamp() -> list[int]:
    """The size and time of this package's modules: an edited checkout drops its cache even
    when its version number has not moved."""
    total_size = total_time = count = 0
    for folder, _, names in os.walk(_PACKAGE):
        for name in names:
            if name.endswith(".py"):
                status = os.stat(os.path.join(folder, name))
                total_size, total_time, count = total_size + status.st_size, total_time + status.st_mtime_ns, count + 1
    return [count, total_size, total_time]


def _secret() -> bytes | None:
    """The user's signing key, created on first use; ``None`` (no cache) if it cannot be."""
    folder = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "templating"
    file = folder / "cache-key"
    try:
        key = file.read_bytes()
        if len(key) == _KEY_SIZE:
            return key
    except OSError:
        pass
    try:
        folder.mkdir(parents=True, exist_ok=True)
        write_atomically(file, os.urandom(_KEY_SIZE))
        return file.read_bytes()
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
        data = file.read_bytes()
    except OSError:
        return {}
    signature, payload = data[:_SIGNATURE_SIZE], data[_SIGNATURE_SIZE:]
    if not hmac.compare_digest(signature, _sign(key, payload)):
        return {}  # not written by this user's templating: never unpickled
    try:
        entries = pickle.loads(payload)
    except Exception:  # signed but unreadable (written by another version): start afresh
        return {}
    return entries if isinstance(entries, dict) else {}


def _write(file: Path, data: bytes) -> None:
    """Write ``data`` atomically, creating the cache folder and its ``.gitignore`` first."""
    root = file.parent.parent
    file.parent.mkdir(parents=True, exist_ok=True)
    ignore = root / ".gitignore"
    if not ignore.exists():
        ignore.write_text("# Created by templating lint: the cache is not part of the project.\n*\n")
    write_atomically(file, data)

"""Questions about state writers that every order asks: whether a key outlives a session, and
whether a seed that is not a literal reaches a file."""

from __future__ import annotations

import posixpath
from collections.abc import Iterable

from templating.project.model.facts import Writer

__all__ = ["is_seeded", "is_shared", "is_temporary", "seeds_any_key", "unknown_seed_homes"]


def is_shared(key: str | None) -> bool:
    """Whether ``key`` is shared beyond one session (``app:``, ``user:``): a write in an earlier
    session may serve a read, so an agent's own later write of it is not judged too late."""
    return key is not None and key.startswith(("app:", "user:"))


def is_temporary(key: str | None) -> bool:
    """Whether ``key`` lives for one invocation only (``temp:``): no later run sees it."""
    return key is not None and key.startswith("temp:")


def seeds_any_key(writers: Iterable[Writer], path: str) -> bool:
    """Whether an initial state that is not a literal is created in the folder of ``path`` or
    above it: a runner next to or above an agent or workflow may seed it with any key. One in
    an unrelated folder (another app, the tests) does not count. Asked for many paths, use
    `unknown_seed_homes` once and `is_seeded`."""
    return is_seeded(unknown_seed_homes(writers), path)


def unknown_seed_homes(writers: Iterable[Writer]) -> frozenset[str]:
    """The folders where an initial state that is not a literal is created."""
    return frozenset(posixpath.dirname(w.path) for w in writers if w.key is None and w.via == "initial")


def is_seeded(homes: frozenset[str], path: str) -> bool:
    """Whether one of ``homes`` (see `unknown_seed_homes`) is the folder of ``path`` or above
    it: one look-up per folder of the path, never a scan of the writers."""
    if not homes:
        return False
    folder = posixpath.dirname(path)
    if "" in homes or folder in homes:
        return True
    parent = posixpath.dirname(folder)
    while parent not in ("", "/") and parent != folder:
        if parent in homes:
            return True
        folder, parent = parent, posixpath.dirname(parent)
    return False

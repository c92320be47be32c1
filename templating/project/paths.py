"""Resolved paths as strings: cheap to compute for every file of a walk."""

from __future__ import annotations

import os

__all__ = ["real_path", "relative"]


def real_path(path: str, folders: dict[str, str]) -> str:
    """``os.path.realpath(path)``, resolving each folder once (``folders`` remembers them)."""
    folder, name = os.path.split(path)
    if name in ("", ".", "..") or os.path.islink(path):
        return os.path.realpath(path)
    real = folders.get(folder)
    if real is None:
        real = folders[folder] = os.path.realpath(folder)
    return os.path.join(real, name)


def relative(real: str, base: str) -> str | None:
    """``real`` relative to ``base`` (both resolved) with ``/`` separators; ``None`` if outside."""
    if real == base:
        return "."
    prefix = base if base.endswith(os.sep) else base + os.sep
    if not real.startswith(prefix):
        return None
    return real[len(prefix) :].replace(os.sep, "/")

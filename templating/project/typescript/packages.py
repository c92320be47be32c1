"""Which port a folder's ``package.json`` depends on, and which folders hold copies of a
port rather than the user's agents (installed, or a port's repository vendored inside a project)."""

from __future__ import annotations

import functools
import json
from pathlib import Path

from templating.project.edge import read_inside
from templating.project.typescript.vocabulary import PORT_DIALECTS, SKIPPED_FOLDERS, port_of_specifier

__all__ = ["is_vendored", "package_port", "vendored_port"]

_MAX_PACKAGE_LEVELS = 8
#: Where a port's repository keeps the package: IQAI's monorepo, and adk-js's.
_PORT_PACKAGES = ("packages/adk", "core")


def is_vendored(path: Path, project: str) -> bool:
    """Whether ``path`` lies in an installed or vendored copy of a package: under
    ``node_modules`` (and the like), or in a copy of a port's own repository kept inside
    another project (`vendored_port`). Only manifests in the resolved folder ``project`` are read."""
    if any(part in SKIPPED_FOLDERS for part in path.parts[:-1]):
        return True
    return any(vendored_port(folder, project) for folder in list(path.parents)[:_MAX_PACKAGE_LEVELS])


@functools.lru_cache(maxsize=4096)
def vendored_port(folder: Path, project: str) -> bool:
    """Whether ``folder`` is a copy of a port's repository (its ``packages/adk`` is
    ``@iqai/adk``, or its ``core`` is ``@google/adk``) inside another project (a folder above
    it has a ``package.json`` or is a git repository's root): its examples are the port's, not
    the project's agents. The port's own repository, linted as itself, is read."""
    if not any(_package_name(folder / inner, project) in PORT_DIALECTS for inner in _PORT_PACKAGES):
        return False
    return any((above / "package.json").is_file() or (above / ".git").exists() for above in folder.parents)


def _package_name(folder: Path, project: str) -> str | None:
    try:
        data = json.loads(read_inside(folder / "package.json", project))
    except (OSError, ValueError):
        return None
    return data.get("name") if isinstance(data, dict) and isinstance(data.get("name"), str) else None


def package_port(folder: Path, project: str) -> str | None:
    """The port the nearest ``package.json`` in the resolved folder ``project`` depends on, if
    exactly one."""
    for _ in range(_MAX_PACKAGE_LEVELS):
        manifest = folder / "package.json"
        try:
            data = json.loads(read_inside(manifest, project))
        except (OSError, ValueError):
            data = None
        if isinstance(data, dict):
            names = {name for group in ("dependencies", "devDependencies", "peerDependencies")
                     for name in (data.get(group) or {})}  # fmt: skip
            ports = {port for name in names if (port := port_of_specifier(name)) is not None}
            return ports.pop() if len(ports) == 1 else None
        if folder.parent == folder:
            return None
        folder = folder.parent
    return None

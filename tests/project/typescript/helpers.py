"""Write a small TypeScript project into a folder and read or lint it."""

from __future__ import annotations

import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.registry import select_rules
from templating.lint.settings import Settings
from templating.project.reading import Reading, read_file
from templating.project.sources import SourceCache


def write(root: Path, files: dict[str, str]) -> None:
    """Write ``files`` (relative path: text, dedented) under ``root``."""
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text), encoding="utf-8")


def read(root: Path, files: dict[str, str], name: str) -> Reading:
    """Write ``files`` and read the one called ``name``."""
    write(root, files)
    return read_file(root / name, "adk", SourceCache(root))


def findings(root: Path, files: dict[str, str], *, select: str | None = None) -> list[tuple[str, int, int, str]]:
    """Write ``files`` and lint the folder: (file, line, column, code) of each finding."""
    write(root, files)
    settings = (
        Settings(root=root) if select is None else Settings(root=root, enabled=select_rules(select.split(","), ()))
    )
    result = lint_paths([root], settings)
    return sorted((Path(f.path).name, f.line, f.column, f.code) for f in result.findings)


def messages(root: Path, files: dict[str, str]) -> dict[str, str]:
    """Write ``files`` and lint the folder: each finding's message by code."""
    write(root, files)
    return {f.code: f.message for f in lint_paths([root], Settings(root=root)).findings}

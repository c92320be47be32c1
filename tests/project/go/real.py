"""The judged adk-go programs (``tests/data/go/real/judged.json``), re-created from a mirror."""

from __future__ import annotations

import json
from pathlib import Path

from tests.mirror import checkout

REAL = Path(__file__).resolve().parents[2] / "data" / "go" / "real"
JUDGED = json.loads((REAL / "judged.json").read_text(encoding="utf-8"))


def real_file(path: str, into: Path) -> Path:
    """``path`` (``owner+name/path in the repository``) with the rest of its source's linted
    files at the judged commit, written under ``into``; skips the test without a mirror."""
    folder, _, inside = path.partition("/")
    source = JUDGED["sources"][folder]
    root = checkout(source["repository"], source["commit"], source["paths"], into / folder)
    return root / inside

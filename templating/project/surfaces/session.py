"""The evaluation session surface: the state an ADK evaluation's ``initial.session.json``
seeds. It holds no instruction, only facts (initial state writers)."""

from __future__ import annotations

import json
from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.session_file import session_facts
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Problem, Surface

__all__ = ["SESSION"]

#: The name of the session google-adk's `AgentEvaluator` seeds an evaluation from, found in
#: the agent's test folder.
SESSION_FILE = "initial.session.json"


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    try:
        facts = session_facts(source, cache.key(path))
    except json.JSONDecodeError as error:
        return Problem("invalid", f"invalid JSON: {error.msg}", error.lineno, error.colno)
    return Found((), (facts,) if facts is not None else ())


def _no_noqa(instruction: Instruction, source: SourceFile) -> None:
    return None  # JSON has no comments, and the file holds no instruction


SESSION = Surface(
    name="session",
    suffixes=frozenset(),
    names=frozenset({SESSION_FILE}),
    walked=True,
    may_hold=lambda name, data: True,
    read=_read,
    noqa_line=_no_noqa,
    is_valid=lambda text: True,
)

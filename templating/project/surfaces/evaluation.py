"""The eval file surface: the eval sets ``adk eval``, ``adk web`` and ``AgentEvaluator`` run
(``*.evalset.json``, ``*.test.json``). It holds no instruction, only facts: the state each eval
case starts its run with (`templating.project.eval_file`)."""

from __future__ import annotations

import json
from pathlib import Path

from templating.project.eval_file import eval_facts
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Problem, Surface

__all__ = ["EVALUATION"]


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    if "eval_cases" not in source.text:
        return Found((), ())  # another tool's `*.test.json` (the pre-filter sees only ASCII files)
    try:
        facts = eval_facts(source, cache.key(path))
    except json.JSONDecodeError as error:
        return Problem("invalid", f"invalid JSON: {error.msg}", error.lineno, error.colno)
    return Found((), (facts,) if facts is not None else ())


def _no_noqa(instruction: Instruction, source: SourceFile) -> None:
    return None  # JSON has no comments, and the file holds no instruction


def _may_hold(name: str, data: bytes) -> bool:
    # Many tools name their JSON fixtures `*.test.json`: only an eval set is read (and only
    # one that is not JSON but names eval cases is reported as unreadable).
    return b"eval_cases" in data


EVALUATION = Surface(
    name="evaluation",
    suffixes=frozenset({".evalset.json", ".test.json"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_no_noqa,
    is_valid=lambda text: True,
)

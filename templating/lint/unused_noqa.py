"""TPL100 `unused-noqa`: a ``# noqa`` naming a rule that silences nothing.

The run is made once more with ``# noqa`` comments ignored; the findings that appear only then
are the silenced ones. A comment in a file is in use for a code when a silenced finding of that
code lies in the file or in a file it reads its instructions from (the prompt module whose
constant an agent passes, where a comment on the call silences it). Only this linter's codes
and names are checked, and only rules that are selected: a bare ``# noqa`` and other tools'
codes are never reported, and neither is a rule that was not run.
"""

from __future__ import annotations

import dataclasses
import io
import os
import tokenize
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Protocol

from templating.lint.file_result import FileResult
from templating.lint.finding import Finding
from templating.lint.registry import find_rule
from templating.lint.settings import Settings
from templating.project.noqa import noqa_pattern
from templating.project.surfaces import claiming
from templating.regular_file import read_regular

__all__ = ["UNUSED_NOQA", "unused_noqa"]

UNUSED_NOQA = "TPL100"

# Surfaces without comments of their own (the whole text reaches the model, or JSON).
_NO_COMMENTS = frozenset({"prompt", "skill", "session"})


class _Findings(Protocol):
    findings: dict[tuple, Finding]


@dataclasses.dataclass(frozen=True, slots=True)
class _Comment:
    """One noqa comment naming codes of this linter: where it is and, per code as written, the
    rule code it names."""

    line: int
    column: int
    end_column: int
    text: str
    codes: tuple[tuple[str, str], ...]


def unused_noqa(
    results: list[FileResult],
    findings: dict[tuple, Finding],
    settings: Settings,
    rerun: Callable[[Settings], _Findings],
) -> list[Finding]:
    """The TPL100 findings of the files linted (``results``), whose run found ``findings``;
    ``rerun`` runs again with other settings."""
    comments = {result.path: found for result in results if (found := _comments(result.path, settings))}
    if not comments:
        return []
    quiet = dataclasses.replace(settings, respect_noqa=False, enabled=settings.enabled - {UNUSED_NOQA})
    loud = rerun(quiet).findings
    used: dict[str, set[str]] = {}
    for key in loud.keys() - findings.keys():
        used.setdefault(os.path.realpath(loud[key].path), set()).add(loud[key].code)
    dependencies = {result.path: result.dependencies for result in results}
    reported = []
    for path, found in comments.items():
        files = {os.path.realpath(path), *dependencies.get(path, ())}
        in_use = set().union(*(used.get(file, set()) for file in files))
        for comment in found:
            unused = [written for written, code in comment.codes if code not in in_use]
            if unused:
                reported.append(_finding(path, comment, unused))
    return reported


def _finding(path: str, comment: _Comment, unused: list[str]) -> Finding:
    rule = find_rule(UNUSED_NOQA)
    assert rule is not None
    names = ", ".join(f"`{code}`" for code in unused)
    return Finding(
        path, rule.code, rule.name, rule.severity, f"Unused `noqa` directive (unused: {names})",
        "remove the unused codes (or the whole comment)", comment.line, comment.column, comment.line,
        comment.end_column, comment.text,
    )  # fmt: skip


def _comments(path: str, settings: Settings) -> list[_Comment]:
    """The noqa comments of the file ``path`` that name selected rules of this linter."""
    surface = claiming(path.rpartition("/")[2])
    if surface is None or surface.name in _NO_COMMENTS:
        return []
    try:
        text = read_regular(Path(path)).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return []
    if "noqa" not in text.lower():
        return []
    pattern = noqa_pattern(surface.comment)
    lines = text.splitlines()
    found = []
    for line, column, comment in _comment_spans(text, lines, surface.name == "python", surface.comment):
        match = pattern.search(comment)
        if match is None or not match.group("codes"):
            continue  # a bare noqa is shared with other tools: never reported
        codes = tuple(
            (written, rule.code)
            for written in (code.strip() for code in match.group("codes").split(","))
            if (rule := find_rule(written)) is not None and rule.code in settings.enabled
        )
        if codes:
            start = column + match.start()
            found.append(_Comment(line, start + 1, column + match.end() + 1, lines[line - 1], codes))
    return found


def _comment_spans(text: str, lines: list[str], tokenized: bool, leader: str) -> Iterator[tuple[int, int, str]]:
    """Each comment: its 1-based line, 0-based column and text."""
    if not tokenized:
        for number, line in enumerate(lines, start=1):
            index = line.find(leader)
            if index >= 0 and "noqa" in line.lower():
                yield number, index, line[index:]
        return
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.COMMENT and "noqa" in token.string.lower():
                yield token.start[0], token.start[1], token.string
    except (tokenize.TokenError, SyntaxError):
        return

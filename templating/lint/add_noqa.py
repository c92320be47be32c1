"""``templating lint --add-noqa``: a ``noqa`` comment for each current finding.

Each comment goes where the linter reads it for that finding: the line the surface names for
the instruction the finding lies in (the literal's first line, a YAML key's line), else a line
of the same file (the call passing it, after a multi-line string's closing quotes), never a
line inside a string and never another file. A finding outside any instruction (a state write,
a workflow node) takes it on its own line in Python. Codes already named are not added again,
so a second run adds nothing. A file whose whole text reaches the model (a prompt file) cannot
hold a comment: its findings are counted as left.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from templating.lint.finding import Finding
from templating.lint.fixes import FileFix
from templating.project.encoding import file_encoding
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.noqa import with_noqa
from templating.project.reading import SourceCache, lent_instructions, read_text
from templating.project.surfaces import claiming
from templating.project.surfaces.surface import Surface
from templating.regular_file import read_regular

__all__ = ["NoqaPlan", "plan_noqa"]

# Surfaces without comments of their own (the whole text reaches the model, or JSON).
_NO_COMMENTS = frozenset({"prompt", "skill", "session"})
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True, slots=True)
class NoqaPlan:
    """The files to write and how many findings could not take a comment."""

    files: list[FileFix]
    left: int


def plan_noqa(findings: Sequence[Finding]) -> NoqaPlan:
    """The files with a noqa comment for each of ``findings`` (nothing is written)."""
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    files, left = [], 0
    for path, found in by_path.items():
        planned, unplaced = _plan_file(Path(path), path, found)
        left += unplaced
        if planned is not None:
            files.append(planned)
    return NoqaPlan(files, left)


def _plan_file(path: Path, display: str, findings: list[Finding]) -> tuple[FileFix | None, int]:
    surface = claiming(path.name)
    if surface is None or surface.name in _NO_COMMENTS:
        return None, len(findings)
    try:
        data = read_regular(path)
        encoding = file_encoding(data, coding_line=surface.coding_line)
        before = data.decode(encoding)
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None, len(findings)
    pieces = _LINE_BREAK.split(before)
    text = "\n".join(pieces)  # line breaks as the readers see them
    cache = SourceCache(Path.cwd())
    instructions = [*read_text(text, path, display, cache).instructions, *lent_instructions(path, text, cache)]
    source = SourceFile(display, text)
    codes: dict[int, list[str]] = {}
    unplaced = 0
    for finding in findings:
        line = _line_for(finding, instructions, source, surface, path, cache)
        if line is None:
            unplaced += 1
        else:
            codes.setdefault(line, []).append(finding.code)
    breaks = _LINE_BREAK.findall(before)
    for line, named in codes.items():
        pieces[line - 1] = with_noqa(pieces[line - 1], named, surface.comment)
    after = "".join(piece + (breaks[index] if index < len(breaks) else "") for index, piece in enumerate(pieces))
    if after == before or not surface.is_valid(after):
        return None, unplaced if after == before else len(findings)
    return FileFix(path, before, after, sum(len(set(named)) for named in codes.values()), encoding), unplaced


def _line_for(
    finding: Finding, instructions: list[Instruction], source: SourceFile, surface: Surface, path: Path, cache
) -> int | None:
    """The 1-based line where a noqa comment silences ``finding``, if there is one."""
    instruction = _instruction_of(finding, instructions, source)
    if instruction is None:
        if surface.name != "python":  # a YAML key's line belongs to an instruction
            return None
        # A state write or a workflow node: its own line, if a comment can end it (asked of the
        # surface as for a one-character instruction there).
        start = source.line_starts[finding.line - 1] + finding.column - 1
        return surface.noqa_line(Instruction(source, " ", (start, start + 1), "instruction"), source)
    line = surface.noqa_line(instruction, source)
    if line is not None or surface.comment_elsewhere is None:
        return line
    place = surface.comment_elsewhere(instruction, path, source.text, cache)
    return place[2] if place is not None and place[0] == path else None


def _instruction_of(finding: Finding, instructions: list[Instruction], source: SourceFile) -> Instruction | None:
    if not 1 <= finding.line <= len(source.line_starts):
        return None
    start = source.line_starts[finding.line - 1] + finding.column - 1
    for instruction in instructions:
        offsets = instruction.offsets
        if instruction.source.path == source.path and offsets and offsets[0] <= start <= offsets[-1]:
            return instruction
    return None

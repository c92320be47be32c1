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

__all__ = ["INVALID", "NO_LINE_END", "UNREADABLE", "WHOLE_TEXT", "NoqaPlan", "plan_noqa"]

# Surfaces without comments of their own (the whole text reaches the model, or JSON).
_NO_COMMENTS = frozenset({"prompt", "skill", "session"})
_LINE_BREAK = re.compile(r"\r\n|\r|\n")


#: Why findings could not take a comment, as the warning says it.
WHOLE_TEXT = "a prompt file's text reaches the model"
NO_LINE_END = (
    "each line that would silence it ends inside a string or comment that goes on: a comment there would be text"
)
UNREADABLE = "the file cannot be read"
INVALID = "the file would no longer parse"


@dataclass(frozen=True, slots=True)
class NoqaPlan:
    """The files to write and how many findings could not take a comment, by why."""

    files: list[FileFix]
    unplaced: dict[str, int]

    @property
    def left(self) -> int:
        """How many findings could not take a comment."""
        return sum(self.unplaced.values())


def plan_noqa(findings: Sequence[Finding], project: Path | None = None) -> NoqaPlan:
    """The files with a noqa comment for each of ``findings`` (nothing is written); files are
    read as the linter read them, in the project at ``project`` (default: the working folder)."""
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    files: list[FileFix] = []
    unplaced: dict[str, int] = {}
    for path, found in by_path.items():
        planned, reasons = _plan_file(Path(path), path, found, SourceCache(Path.cwd(), project=project))
        for reason, count in reasons.items():
            unplaced[reason] = unplaced.get(reason, 0) + count
        if planned is not None:
            files.append(planned)
    return NoqaPlan(files, unplaced)


def _plan_file(
    path: Path, display: str, findings: list[Finding], cache: SourceCache
) -> tuple[FileFix | None, dict[str, int]]:
    surface = claiming(path.name)
    if surface is None or surface.name in _NO_COMMENTS:
        return None, {WHOLE_TEXT: len(findings)}
    try:
        data = read_regular(path)
        encoding = file_encoding(data, coding_line=surface.coding_line)
        before = data.decode(encoding)
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None, {UNREADABLE: len(findings)}
    pieces = _LINE_BREAK.split(before)
    text = "\n".join(pieces)  # line breaks as the readers see them
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
    left = {NO_LINE_END: unplaced} if unplaced else {}
    breaks = _LINE_BREAK.findall(before)
    for line, named in codes.items():
        pieces[line - 1] = with_noqa(pieces[line - 1], named, surface.comment)
    after = "".join(piece + (breaks[index] if index < len(breaks) else "") for index, piece in enumerate(pieces))
    if after == before:
        return None, left
    if not surface.is_valid(after):
        return None, {INVALID: len(findings)}
    return FileFix(path, before, after, sum(len(set(named)) for named in codes.values()), encoding), left


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

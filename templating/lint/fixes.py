"""Apply the safe fixes findings carry to the files they came from (``templating lint --fix``).

A `Fix` replaces a range of source characters. The linter
only offers one where the template text maps one-to-one onto source characters on one line
(always in prompt files; in Python and YAML literals only where no escape, quote doubling or
folding sits in the range), so replacing source characters changes the template exactly.

Files are never corrupted: the text is read in the file's own encoding (see
`encoding`) with its own line breaks kept, edited, checked (a Python
file must still parse, a YAML file still load), and written back in that encoding through a
temporary file in the same folder that then replaces the original.
"""

from __future__ import annotations

import bisect
import difflib
import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from templating.atomic_write import write_atomically
from templating.lint.finding import Finding, Fix
from templating.project.edge import OUTSIDE, is_inside, project_edge
from templating.project.encoding import file_encoding
from templating.project.surfaces import surface_for
from templating.regular_file import read_regular

__all__ = [
    "FileFix", "FixNotWritten", "apply_fixes", "choose_fixes", "fix_file", "format_diff", "plan_fixes", "write_fix",
]  # fmt: skip


class FixNotWritten(Exception):  # noqa: N818 - it says what happened to the fix, as its message goes on to
    """A planned fix was not written; the message says why (a hard link, a link leading out
    of the project, a file that cannot be written)."""


@dataclass(frozen=True, slots=True)
class FileFix:
    """One file before and after its fixes, and how many fixes were applied."""

    path: Path
    before: str
    after: str
    applied: int
    encoding: str = "utf-8"


def plan_fixes(findings: Sequence[Finding]) -> list[FileFix]:
    """The fixed text of every file with a fixable finding (nothing is written)."""
    by_file: dict[str, list[Fix]] = {}
    for finding in findings:
        if finding.fix is not None:
            by_file.setdefault(finding.path, []).append(finding.fix)
    planned = [fix_file(Path(path), fixes) for path, fixes in by_file.items()]
    return [file for file in planned if file is not None and file.applied]


def fix_file(path: Path, fixes: Sequence[Fix]) -> FileFix | None:
    """``path`` with ``fixes`` applied, or ``None`` if it cannot be read or would break."""
    try:
        data = read_regular(path)
        encoding = file_encoding(data, coding_line=surface_for(path.name).coding_line)
        before = data.decode(encoding)
    except (OSError, UnicodeDecodeError, SyntaxError):
        return None
    after, applied = apply_fixes(before, fixes)
    if applied and not (surface_for(path.name).is_valid(after) and _is_encodable(after, encoding)):
        return None
    return FileFix(path, before, after, applied, encoding)


def _is_encodable(text: str, encoding: str) -> bool:
    # A replacement is made of the file's own characters, but a file that cannot hold the
    # fixed text is left as it is rather than written in another encoding.
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def apply_fixes(text: str, fixes: Sequence[Fix]) -> tuple[str, int]:
    """Apply non-overlapping ``fixes`` to ``text``; return the new text and how many applied.

    Fix offsets count a line break as one character, as the linter reads files; ``text``
    keeps its own line breaks (``\\r\\n`` included), which are mapped back here.
    """
    to_raw = _raw_offsets(text)
    chosen = choose_fixes(fixes)
    for fix in reversed(chosen):
        start, end = to_raw(fix.start), to_raw(fix.end)
        text = text[:start] + fix.content + text[end:]
    return text, len(chosen)


def choose_fixes(fixes: Sequence[Fix]) -> list[Fix]:
    """The fixes one round applies: in source order, each one that overlaps none before it."""
    chosen: list[Fix] = []
    for fix in sorted(fixes, key=lambda f: (f.start, f.end)):
        if fix.end > fix.start and (not chosen or fix.start >= chosen[-1].end):
            chosen.append(fix)
    return chosen


def _raw_offsets(text: str):
    """Map an offset in ``text`` with ``\\r\\n`` read as one character to an offset in ``text``."""
    collapsed = [match.start() - index for index, match in enumerate(re.finditer("\r\n", text))]
    return lambda offset: offset + bisect.bisect_left(collapsed, offset)


def write_fix(file: FileFix, root: Path | None = None) -> None:
    """Write the fixed text atomically: a temporary file in the same folder replaces the file.

    A symbolic link (the file's, or a folder's on its way) is fixed in its target, which
    must lie inside the project found at ``root``:
    replacing the link itself would leave the target, the file that is read, with its
    hazard. A file with several hard links is refused: replacing one name would split it
    from the others. Raises `FixNotWritten` saying why a file was not written.
    """
    target = _fix_target(file.path, root)
    try:
        write_atomically(target, file.after.encode(file.encoding), mode=target.stat().st_mode, sync=True)
    except OSError as error:
        raise FixNotWritten(f"cannot write it ({error.strerror or error})") from None


def _fix_target(path: Path, root: Path | None) -> Path:
    """The file to write for ``path``: itself, or the target of a link (of the file or of a
    folder on its way) when it lies inside the project found at ``root`` (judged by its edge,
    `templating.project.edge.project_edge`: a project found through a folder link out of the
    working folder is not the link's target)."""
    try:
        target = Path(os.path.realpath(path, strict=True))
        status = os.stat(target)
    except OSError as error:
        raise FixNotWritten(f"cannot read it ({error.strerror or error})") from None
    through_link = str(target) != os.path.abspath(path)
    if through_link and root is not None and not is_inside(str(target), project_edge(root)):
        raise FixNotWritten(f"a symbolic link to {target}, {OUTSIDE}: fix that file itself")
    if status.st_nlink > 1:
        raise FixNotWritten(f"a file with {status.st_nlink} hard links: replacing it would split it from the others")
    return target


def format_diff(file: FileFix) -> str:
    """A unified diff from the file as it is to the file as fixed."""
    name = file.path.as_posix()
    lines = difflib.unified_diff(
        file.before.splitlines(keepends=True), file.after.splitlines(keepends=True), f"a/{name}", f"b/{name}"
    )
    return "".join(line if line.endswith("\n") else line + "\n\\ No newline at end of file\n" for line in lines)

"""Code actions: each safe fix, each unsafe one (a reading of an ambiguous text, never
preferred), a ``# noqa: CODE`` comment, and "fix all safe" for the file.

A fix's offsets count a line break as one character (the linter's reading of the file); a
single-fix edit is placed by line and column, and "fix all" rewrites the buffer with
`apply_fixes`, which keeps the buffer's own line breaks.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from lsprotocol import types

from templating.lint.finding import Finding
from templating.lint.fixes import apply_fixes
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.noqa import noqa_pattern
from templating.project.surfaces import surface_for
from templating.server.diagnostics import Encode, to_diagnostic

__all__ = [
    "FIX_ALL_KIND", "fix_all_action", "instruction_of", "noqa_action", "noqa_at", "quick_fix_action",
    "reading_actions", "unique",
]  # fmt: skip

#: The kind of the "fix all safe" source action (a ``source.fixAll`` kind, as ruff's).
FIX_ALL_KIND = "source.fixAll.templating"


def quick_fix_action(finding: Finding, uri: str, source: SourceFile, encode: Encode) -> types.CodeAction | None:
    """The ``quickfix`` applying ``finding``'s safe fix, if it has one."""
    if finding.fix is None:
        return None
    start = _zero(source.position(finding.fix.start))
    end = _zero(source.position(finding.fix.end))
    edit = types.TextEdit(range=encode(start, end), new_text=finding.fix.content)
    return types.CodeAction(
        title=f"{finding.code}: {finding.fix.message}",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[to_diagnostic(finding, encode)],
        is_preferred=True,
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def reading_actions(finding: Finding, uri: str, source: SourceFile, encode: Encode) -> list[types.CodeAction]:
    """A ``quickfix`` for each unsafe fix of ``finding`` (one per reading of an ambiguous
    text), none preferred: the author chooses."""
    found = []
    for fix in finding.suggestions:
        edits = [
            types.TextEdit(
                range=encode(_zero(source.position(edit.start)), _zero(source.position(edit.end))),
                new_text=edit.content,
            )
            for edit in fix.edits
        ]
        found.append(
            types.CodeAction(
                title=f"{finding.code}: {fix.message} (unsafe)",
                kind=types.CodeActionKind.QuickFix,
                diagnostics=[to_diagnostic(finding, encode)],
                edit=types.WorkspaceEdit(changes={uri: edits}),
            )
        )
    return found


def noqa_action(
    finding: Finding, instructions: Sequence[Instruction], uri: str, source: SourceFile, encode: Encode
) -> types.CodeAction | None:
    """The ``quickfix`` adding ``# noqa: CODE`` where the linter reads it for this finding.

    Python reads it on the line the instruction's literal starts on, YAML on the line of its
    key; a prompt file has no comments (the text reaches the model), so it gets none.
    """
    line = _comment_line(finding, instructions, source)
    if line is None:
        return None
    return noqa_at(finding, uri, source, line, encode, encode)


def noqa_at(
    finding: Finding, uri: str, target: SourceFile, line: int, encode: Encode, encode_finding: Encode
) -> types.CodeAction:
    """The ``quickfix`` adding ``# noqa: CODE`` at the end of ``line`` of ``target`` (the file
    at ``uri``, placed with ``encode``); ``encode_finding`` places the finding in its own file."""
    text = target.line_text(line)
    comment = surface_for(target.path.rpartition("/")[2]).comment
    new_text, column = _with_code(text, finding.code, comment)
    edit = types.TextEdit(range=encode((line - 1, column), (line - 1, len(text))), new_text=new_text)
    return types.CodeAction(
        title=f"{finding.code}: add `{comment} noqa: {finding.code}`",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[to_diagnostic(finding, encode_finding)],
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def fix_all_action(findings: Sequence[Finding], uri: str, text: str, encode: Encode) -> types.CodeAction | None:
    """The source action applying every safe fix of the file, if there is one."""
    fixes = [finding.fix for finding in findings if finding.fix is not None]
    after, applied = apply_fixes(text, fixes)
    if not applied:
        return None
    # The range's end lies past the last line: the encoder clamps it to the document's end.
    edit = types.TextEdit(range=encode((0, 0), (len(text) + 1, 0)), new_text=after)
    return types.CodeAction(
        title=f"templating: fix all safe ({applied})",
        kind=FIX_ALL_KIND,
        edit=types.WorkspaceEdit(changes={uri: [edit]}),
    )


def unique(found: Iterable[types.CodeAction]) -> list[types.CodeAction]:
    """``found`` without repeats: two findings of one code on one line make one ``# noqa``
    action, and one fix reached by two findings one quick fix."""
    seen: dict[tuple[str, str | None, str], types.CodeAction] = {}
    for action in found:
        seen.setdefault((action.title, action.kind, repr(action.edit)), action)
    return list(seen.values())


def _comment_line(finding: Finding, instructions: Sequence[Instruction], source: SourceFile) -> int | None:
    instruction = instruction_of(finding, instructions, source)
    if instruction is None:
        return None
    return surface_for(source.path.rpartition("/")[2]).noqa_line(instruction, source)


def instruction_of(finding: Finding, instructions: Sequence[Instruction], source: SourceFile) -> Instruction | None:
    """The instruction of ``source`` that ``finding`` lies in, if any."""
    start = source.line_starts[finding.line - 1] + finding.column - 1
    for instruction in instructions:
        if instruction.offsets and instruction.offsets[0] <= start <= instruction.offsets[-1]:
            return instruction
    return None


def _with_code(line_text: str, code: str, comment: str) -> tuple[str, int]:
    """The replacement for the end of ``line_text`` and the column it starts at; ``comment``
    is the leader of the file's comments (``#``, ``//``)."""
    match = noqa_pattern(comment).search(line_text)
    if match is None:
        stripped = line_text.rstrip()
        return f"  {comment} noqa: {code}", len(stripped)
    codes = match.group("codes")
    merged = f"{comment} noqa: {codes}, {code}" if codes else match.group(0)
    return merged + line_text[match.end() :], match.start()


def _zero(position: tuple[int, int]) -> tuple[int, int]:
    return position[0] - 1, position[1] - 1

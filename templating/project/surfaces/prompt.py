"""The prompt file surface: a whole file that is one instruction (``.prompt``, ``.txt``,
``.md``), read when named or matched by the ``include`` globs; any other file named
explicitly is read the same way."""

from __future__ import annotations

from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile, plain_instruction
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Surface

__all__ = ["PROMPT"]


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found:
    return Found((plain_instruction(source),))


def _no_noqa(instruction: Instruction, source: SourceFile) -> None:
    return None  # the text reaches the model: a comment in it would too


PROMPT = Surface(
    name="prompt",
    suffixes=frozenset({".prompt", ".txt", ".md"}),
    names=frozenset(),
    walked=False,
    may_hold=lambda name, data: True,
    read=_read,
    noqa_line=_no_noqa,
    is_valid=lambda text: True,
    literal_braces=(
        'compile it where the code reads it, with `compile_template(TEXT, dialect="strict")`, where '
        "`{{name}}` is the text `{name}`"
    ),
)

"""TPL027: a constant spelled like a state key, put into an instruction where its placeholder
was meant (``f"...{STATE_CURRENT_DOC}..."`` gives the words ``current_document``).

The front ends record each key-shaped constant an interpolation splices into an instruction
(`templating.project.model.instruction.Splice`); this rule reports one only where the
project shows the text is a key and a placeholder was meant: the key is written or read as a
placeholder somewhere, and the instruction uses placeholders elsewhere (or another instruction
reads this very key as one). Braces right around it make it a placeholder after all (``{{{K}}}``,
``{${K}}``); quotes right around it are the author naming the key.
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.lint.hazard import Hazard, shorten
from templating.project.model.instruction import Instruction, Splice
from templating.project.model.project_model import ProjectModel

__all__ = ["find_swallowed_placeholders"]

_QUOTES = frozenset("'\"`")
_TEMPLATE_LITERALS = ("adk-js", "adk-ts")


def find_swallowed_placeholders(model: ProjectModel) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL027 on every agent instruction of ``model``."""
    spliced = [i for agent in model.agents for i in agent.instructions if i.splices and i.injected]
    if not spliced:
        return
    written = {writer.key for writer in model.writers if writer.key is not None}
    readers: dict[str, set[int]] = {}  # the instructions reading each key as a placeholder, by id
    for agent in model.agents:
        for read in agent.reads:
            readers.setdefault(read.key, set()).add(id(read.instruction))
    with_placeholders = {found for ids in readers.values() for found in ids}
    seen: set[int] = set()
    for instruction in spliced:
        if id(instruction) in seen:
            continue
        seen.add(id(instruction))
        for splice in instruction.splices:
            key = instruction.text[splice.start : splice.end]
            reading = readers.get(key, set())
            if not _is_bare(instruction.text, splice) or (key not in written and not reading):
                continue
            if id(instruction) in with_placeholders or reading - {id(instruction)}:
                yield instruction, _hazard(instruction, splice, key)


def _is_bare(text: str, splice: Splice) -> bool:
    """Whether the spliced text stands alone: not inside braces (a placeholder after all) nor
    quotes (the author naming the key)."""
    before = text[splice.start - 1] if splice.start > 0 else ""
    after = text[splice.end] if splice.end < len(text) else ""
    if before == "{" and after in ("}", "?"):
        return False
    return not (before in _QUOTES and after == before)


def _hazard(instruction: Instruction, splice: Splice, key: str) -> Hazard:
    name = shorten(splice.expression)
    if instruction.dialect in _TEMPLATE_LITERALS:
        written, meant = f"${{{name}}}", f"{{${{{name}}}}}"
    else:
        written, meant = f"{{{name}}}", f"{{{{{{{name}}}}}}}"
    return Hazard(
        "TPL027", splice.start, splice.end,
        f"`{written}` puts the key's name `{shorten(key)}` into the instruction, not its value: "
        "the braces that would make it a placeholder are gone",
        f"write `{meant}` for the placeholder `{{{shorten(key)}}}`, or leave the name out if the model needs the value",
    )  # fmt: skip

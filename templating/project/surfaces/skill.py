"""The skill file surface: a skill folder's ``SKILL.md`` (or ``skill.md``), found when walking.

Its body is an instruction only when its frontmatter sets ``metadata: {adk_inject_state:
true}`` (google-adk then fills its placeholders when the model loads the skill); otherwise the
body reaches the model verbatim and holds nothing to check. The skill itself is a fact: the
project model gives its reads to every agent whose ``SkillToolset`` holds it. A skill google-adk
refuses is a fact too, reported (TPL013) only where some toolset of the project loads it: no
program reads a skill folder nothing loads.

A ``SKILL.md`` in the folder another tool keeps its skills in (``.gemini/skills/``,
``.claude/skills/``, ...) is that tool's, with that tool's rules: no ADK program loads it, so
it is not read (google-adk's rules would report it as a broken ADK skill).
"""

from __future__ import annotations

import os
from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.skills import SKILL_FILES, SkillError, refused_skill_facts, skill_facts
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Surface

__all__ = ["SKILL"]


#: The folders other agent tools keep their own skills under (Gemini CLI, Claude Code, Codex,
#: Cursor, GitHub Copilot, OpenCode and others): a skill there follows that tool's rules.
OTHER_TOOLS = frozenset({
    ".gemini", ".claude", ".codex", ".agents", ".cursor", ".github", ".opencode", ".windsurf", ".continue",
    ".kiro", ".roo", ".cline", ".amazonq", ".qwen", ".junie", ".goose",
})  # fmt: skip


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found:
    if OTHER_TOOLS.intersection(Path(cache.display(path)).parts[:-1]):
        return Found()
    location = os.path.abspath(path)  # names the skill's folders wherever the linter runs
    try:
        facts = skill_facts(source, cache.key(path), location)
    except SkillError as error:  # a fact: the project decides whether google-adk ever loads it
        return Found(facts=(refused_skill_facts(source, cache.key(path), error, location),))
    instructions = tuple(skill.instruction for skill in facts.skills if skill.instruction is not None)
    return Found(instructions, (facts,))


def _no_noqa(instruction: Instruction, source: SourceFile) -> None:
    return None  # the body reaches the model: a comment in it would too


def _is_valid(text: str) -> bool:
    try:
        skill_facts(SourceFile("SKILL.md", text), "")
    except SkillError:
        return False
    return True


SKILL = Surface(
    name="skill",
    suffixes=frozenset(),
    names=frozenset(SKILL_FILES),
    walked=True,
    may_hold=lambda name, data: True,
    read=_read,
    noqa_line=_no_noqa,
    is_valid=_is_valid,
    literal_braces="set `adk_inject_state: false`: ADK then fills no placeholder of the skill",
)

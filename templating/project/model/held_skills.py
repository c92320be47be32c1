"""Which skill files a ``SkillToolset`` holds: the project model asks once per agent tool.

A toolset names a skill by its folder (``load_skill_from_dir(.../"greeter")``, the folder
google-adk requires to equal the skill's ``name``) or names a parent folder whose every skill
it loads (``load_skills_from_dir(.../"skills")``). Two samples of one repository may each have
a ``skills/greeter``: of the skills a name matches, those nearest the toolset's module (the
longest common folder) are the ones it loads.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from templating.project.model.facts import SkillFacts, ToolsetFacts

__all__ = ["held_skills"]


def held_skills(toolset: ToolsetFacts, skills: Sequence[SkillFacts]) -> list[SkillFacts]:
    """The skills of ``skills`` that ``toolset`` loads, nearest first per name."""
    named = toolset.skills
    matching = [s for s in skills if s.folder in named or s.name in named or s.parent in toolset.folders]
    nearest: dict[str, tuple[int, SkillFacts]] = {}
    for skill in matching:
        closeness = _common_depth(skill.path, toolset.path)
        if skill.name not in nearest or closeness > nearest[skill.name][0]:
            nearest[skill.name] = (closeness, skill)
    return [skill for _, skill in nearest.values()]


def _common_depth(first: str, second: str) -> int:
    """How many leading folders two file paths share."""
    try:
        common = posixpath.commonpath([posixpath.dirname(first), posixpath.dirname(second)])
    except ValueError:  # one absolute, one relative
        return 0
    return len([part for part in common.split("/") if part])

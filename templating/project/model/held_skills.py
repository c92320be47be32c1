"""Which skill files a ``SkillToolset`` holds: the project model asks once per agent tool.

A toolset names a skill by its folder (``load_skill_from_dir(.../"greeter")``, the folder
google-adk requires to equal the skill's ``name``) or names a parent folder whose every skill
it loads (``load_skills_from_dir(.../"skills")``). Two samples of one repository may each have
a ``skills/greeter``: of the skills a name matches, those nearest the toolset's module (the
longest common folder) are the ones it loads.

A skill google-adk refuses stops the program that loads it, on import: `loaded_refusals` keeps
those some toolset of the project may load (by its folder, its parent folder, or a loader whose
folder is named only at run time). A refused skill nothing loads is never read by google-adk.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence

from templating.project.model.facts import FileFacts, SkillFacts, ToolsetFacts

__all__ = ["held_skills", "loaded_refusals"]


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


def loaded_refusals(files: Iterable[FileFacts]) -> tuple[SkillFacts, ...]:
    """The refused skills of ``files`` that some ``SkillToolset`` of ``files`` may load."""
    files = list(files)
    toolsets = [toolset for file in files for toolset in file.toolsets.values()]
    if not toolsets:
        return ()
    refused = [skill for file in files for skill in file.skills if skill.refusal is not None]
    return tuple(skill for skill in refused if any(_may_load(toolset, skill) for toolset in toolsets))


def _may_load(toolset: ToolsetFacts, skill: SkillFacts) -> bool:
    """Whether ``toolset`` may load ``skill``: it names it, its parent folder, or nothing it
    can read (a path known only at run time)."""
    if not toolset.skills and not toolset.folders:
        return True
    return skill.folder in toolset.skills or skill.name in toolset.skills or skill.parent in toolset.folders


def _common_depth(first: str, second: str) -> int:
    """How many leading folders two file paths share."""
    try:
        common = posixpath.commonpath([posixpath.dirname(first), posixpath.dirname(second)])
    except ValueError:  # one absolute, one relative
        return 0
    return len([part for part in common.split("/") if part])

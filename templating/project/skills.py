"""The per-file facts of an ADK skill file (``SKILL.md``): its name and, when google-adk fills
its placeholders, its body as an instruction.

google-adk 2.13.0 reads a skill folder's ``SKILL.md`` (or ``skill.md``) as YAML frontmatter
between ``---`` lines, then a body: the text after the second ``---``, stripped
(``google/adk/skills/_utils.py``, ``_parse_skill_md_content``). When the model calls the
``load_skill`` tool of a ``SkillToolset`` holding the skill, the body is returned to the model;
only if the frontmatter says ``metadata: {adk_inject_state: true}`` is it first passed through
``inject_session_state`` with the calling agent's context
(``google/adk/tools/skill_toolset.py``, ``LoadSkillTool.run_async``). A body without the flag
is sent verbatim: its braces are text, never placeholders.

`skill_facts` splits the file exactly as google-adk does, so the body's characters keep their
offsets in the file (a finding points at the line and column of the ``SKILL.md``), and refuses
what google-adk refuses when it loads the skill.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from pathlib import PurePosixPath

from templating.project.model.facts import FileFacts, SkillFacts
from templating.project.model.instruction import Instruction, SourceFile

__all__ = ["INJECT_FLAG", "SKILL_FILES", "SkillError", "refused_skill_facts", "skill_body", "skill_facts"]

#: The file names google-adk looks for in a skill folder, in the order it tries them.
SKILL_FILES = ("SKILL.md", "skill.md")
#: The ``metadata`` entry that makes google-adk fill the body's placeholders.
INJECT_FLAG = "adk_inject_state"
#: What separates the frontmatter from the body (google-adk splits the text on it).
_FENCE = "---"


@dataclass(frozen=True, slots=True)
class SkillError(Exception):
    """Why google-adk would refuse to load the skill, at a 1-based ``line`` and ``column``."""

    message: str
    line: int = 1
    column: int = 1


def skill_facts(source: SourceFile, key: str, location: str | None = None) -> FileFacts:
    """The skill ``source`` defines; raises `SkillError` where google-adk's loader raises.
    ``location`` is the file's full path, which names its folders (default: ``source.path``,
    which is relative to where the linter runs: ``SKILL.md`` when run from the skill's folder)."""
    frontmatter, body_start = _split(source)
    name, inject = _check(frontmatter)
    instruction = _body(source, body_start) if inject else None
    folder = _folder(location or source.path)
    skill = SkillFacts(name, folder.name, folder.parent.name, source.path, instruction)
    return FileFacts(key, source.path, skills=(skill,))


def refused_skill_facts(source: SourceFile, key: str, error: SkillError, location: str | None = None) -> FileFacts:
    """The skill ``source`` would define, refused for ``error``: named by its folder, with no
    body. Whether the refusal stops a program depends on whether the project loads the skill
    (`templating.project.model.held_skills.loaded_refusals`), not on the file alone."""
    folder = _folder(location or source.path)
    skill = SkillFacts(folder.name, folder.name, folder.parent.name, source.path, None,
                       error.message, error.line, error.column)  # fmt: skip
    return FileFacts(key, source.path, skills=(skill,))


def _folder(path: str) -> PurePosixPath:
    return PurePosixPath(path.replace("\\", "/")).parent


def skill_body(text: str) -> tuple[str, bool]:
    """The body google-adk sends when the skill is loaded, and whether it fills the body's
    placeholders first; raises `SkillError` where google-adk's loader raises."""
    source = SourceFile("SKILL.md", text)
    frontmatter, start = _split(source)
    _, inject = _check(frontmatter)
    return _body(source, start).text, inject


# A name google-adk 2.13.0 accepts: lowercase words joined by single hyphens, or (behind its
# snake-case feature flag) by single underscores; never both.
_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*|[a-z0-9]+(?:_[a-z0-9]+)*")
# The optional text fields of google-adk's `Frontmatter` and their longest length (None: any).
_TEXT_FIELDS = {"license": None, "compatibility": 500, "allowed-tools": None}


def _check(frontmatter: dict) -> tuple[str, bool]:
    """The skill's name and whether its body is injected; raises `SkillError` for what
    google-adk's `Frontmatter` model refuses (``google/adk/skills/models.py``)."""
    name = frontmatter.get("name")
    if not isinstance(name, str) or not name:
        raise SkillError("the frontmatter has no `name`: google-adk requires one")
    name = unicodedata.normalize("NFKC", name)
    if len(name) > 64:
        raise SkillError("the skill `name` is longer than 64 characters: google-adk refuses it")
    if _NAME.fullmatch(name) is None:
        raise SkillError(
            "the skill `name` must be lowercase words joined by single hyphens (kebab-case): google-adk refuses it"
        )
    description = frontmatter.get("description")
    if not isinstance(description, str) or not description:
        raise SkillError("the frontmatter has no `description` text: google-adk requires one")
    if len(description) > 1024:
        raise SkillError("the skill `description` is longer than 1,024 characters: google-adk refuses it")
    for field, longest in _TEXT_FIELDS.items():
        value = frontmatter.get(field)
        if value is not None and not isinstance(value, str):
            raise SkillError(f"`{field}` in the frontmatter must be text, not a {type(value).__name__}")
        if longest is not None and value is not None and len(value) > longest:
            raise SkillError(f"`{field}` in the frontmatter is longer than {longest} characters")
    metadata = frontmatter.get("metadata", {})
    if not isinstance(metadata, dict):
        raise SkillError("`metadata` in the frontmatter must be a mapping")
    if "adk_additional_tools" in metadata and not isinstance(metadata["adk_additional_tools"], list):
        raise SkillError("`metadata.adk_additional_tools` must be a list")
    inject = metadata.get(INJECT_FLAG, False)
    if not isinstance(inject, bool):
        raise SkillError(f"`metadata.{INJECT_FLAG}` must be `true` or `false`, not a {type(inject).__name__}")
    return name, inject


def _split(source: SourceFile) -> tuple[dict, int]:
    """The parsed frontmatter and the offset where the body's text starts, as
    ``text.split("---", 2)`` finds them."""
    text = source.text
    if not text.startswith(_FENCE):
        raise SkillError("a skill file must start with YAML frontmatter (`---`)")
    closing = text.find(_FENCE, len(_FENCE))
    if closing < 0:
        raise SkillError("the frontmatter is not closed with `---`")
    import yaml  # only a project with a skill file pays for importing PyYAML

    from templating.project.bounded_yaml import load_bounded

    try:
        frontmatter = load_bounded(text[len(_FENCE) : closing])
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        problem = getattr(error, "problem", None) or error
        raise SkillError(f"invalid YAML in the frontmatter: {problem}", line, column) from None
    if not isinstance(frontmatter, dict):
        raise SkillError("the frontmatter must be a YAML mapping")
    return frontmatter, closing + len(_FENCE)


def _body(source: SourceFile, start: int) -> Instruction:
    """The body google-adk injects: the text after the frontmatter, stripped as `str.strip`
    strips, each character at its offset in the file."""
    text = source.text
    end = len(text)
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return Instruction(source, text[start:end], range(start, end + 1), "skill")

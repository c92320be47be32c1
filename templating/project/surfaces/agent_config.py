"""The ADK Agent Config surface: ``instruction:`` scalars and the agent tree of YAML files.

A YAML file is read only if it names an instruction or an agent (`YAML_HINTS`); PyYAML is
imported only then. A ``# noqa`` goes on the line of the instruction's key.
"""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.model.instruction import Instruction, SourceFile
from templating.project.model.kinds import INSTRUCTION_FIELDS
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Found, Problem, Surface

__all__ = ["AGENT_CONFIG", "YAML_HINTS"]

#: Words an ADK Agent Config YAML file holds if it has an instruction or an agent.
YAML_HINTS = ("instruction", "agent_class", "sub_agents")

_HINT_BYTES = tuple(hint.encode() for hint in YAML_HINTS)
_KEY = re.compile(rf"^\s*(?:-\s+)?(?:{'|'.join(INSTRUCTION_FIELDS)})\s*:")


def _may_hold(name: str, data: bytes) -> bool:
    return any(hint in data for hint in _HINT_BYTES)


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    if not any(hint in source.text for hint in YAML_HINTS):
        return Found()
    # Imported here so that a tree without YAML instructions never loads PyYAML.
    import yaml

    from templating.project.agent_config.yaml_agents import yaml_facts
    from templating.project.agent_config.yaml_documents import compose_documents
    from templating.project.agent_config.yaml_source import find_yaml_instructions

    try:
        documents = compose_documents(source.text)  # once: composing is most of the reading
        instructions = find_yaml_instructions(source, documents)
        facts = yaml_facts(source, path, cache.key(path), documents, instructions)
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        line, column = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        return Problem("invalid", f"invalid YAML: {getattr(error, 'problem', None) or error}", line, column)
    return Found(tuple(instructions), (facts,))


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    first_line, _ = instruction.position(0)
    for line in range(first_line, 0, -1):
        if _KEY.match(source.line_text(line)):
            return line
    return None


def _is_valid(text: str) -> bool:
    # Imported here so that fixing Python files never loads PyYAML. PyYAML's own loader, at
    # any size (not `compose_documents`): a fix must never write a file ADK would refuse.
    import yaml

    try:
        list(yaml.compose_all(text, Loader=yaml.SafeLoader))
    except (ValueError, yaml.YAMLError, RecursionError, MemoryError):
        return False
    return True


AGENT_CONFIG = Surface(
    name="agent-config",
    suffixes=frozenset({".yaml", ".yml"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    literal_braces=(
        'build the agent in Python with `instruction=compile_template(TEXT, dialect="strict")`: '
        "ADK fills every group of an Agent Config instruction"
    ),
)

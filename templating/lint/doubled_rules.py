"""TPL001 in adk-js and adk-java, where the project decides it: ``{{name}}`` is a placeholder
there (both ports read brace runs as google-adk does; adk-java's injector strips every leading
and trailing brace, ``InstructionUtils.java:150``), so an author who wrote it for the value got
the value.

The adk-js codelabs and the adk-java docs' examples write ``{{draft}}`` meaning the state
value; where the key is written (or seeded) in the agent's app, the instruction works as meant
and the warning is noise. It stays where nothing writes the key, and where literal braces were
evidently meant: the same instruction doubles braces that are no placeholder (``{{"a": 1}}``),
the escape of ``str.format`` and f-strings.
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.errors import TemplateSyntaxError
from templating.lint.checks import DOUBLED_BY_PROJECT, doubled_brace_hazard
from templating.lint.hazard import Hazard
from templating.lint.project_rules import weakened_agents
from templating.nodes import Placeholder
from templating.project.model.apps import AppScopes
from templating.project.model.facts import Read
from templating.project.model.instruction import Instruction, parse_instruction_text
from templating.project.model.project_model import ProjectModel

__all__ = ["find_doubled_placeholders"]


def find_doubled_placeholders(
    model: ProjectModel, seed_keys: frozenset[str] = frozenset()
) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL001 on each doubled placeholder of an adk-js or adk-java agent whose key its app does
    not write, or in an instruction that doubles braces elsewhere."""
    doubled = [(a, r) for a in model.agents for r in a.reads if _is_doubled(r)]
    if not doubled:
        return
    apps = AppScopes(model)
    weakened = weakened_agents(model)
    reported: set[tuple[str, int, int]] = set()
    literal: dict[int, bool] = {}  # by instruction, whether its author doubles braces elsewhere
    for agent, read in doubled:
        if (read.path, read.line, read.column) in reported:
            continue
        written = (
            read.key in seed_keys
            or id(agent) in weakened
            or model.seeds_any_key(agent.path)
            or read.key in apps.written_keys(apps.agent_starts(agent))
        )
        if id(read.instruction) not in literal:
            literal[id(read.instruction)] = _doubles_elsewhere(read.instruction)
        if written and not literal[id(read.instruction)]:
            continue
        reported.add((read.path, read.line, read.column))
        text = read.instruction.text
        name = read.key + ("?" if read.optional else "")
        group = text[read.group_start : read.group_end]
        yield (
            read.instruction,
            doubled_brace_hazard(read.group_start, read.group_end, group, read.key, name, read.instruction),
        )


def _is_doubled(read: Read) -> bool:
    if read.instruction.dialect not in DOUBLED_BY_PROJECT:
        return False
    group = read.instruction.text[read.group_start : read.group_end]
    return group.startswith("{{") and group.endswith("}}")


def _doubles_elsewhere(instruction: Instruction) -> bool:
    """Whether ``instruction`` holds ``{{`` or ``}}`` outside its placeholders: its author
    doubles braces to write one."""
    try:
        template = parse_instruction_text(instruction.text, instruction.dialect or "adk-js")
    except TemplateSyntaxError:
        return True  # not read as the runtime reads it: nothing says the value was meant
    pieces, start = [], 0
    for node in template.nodes:
        if isinstance(node, Placeholder):
            pieces.append(instruction.text[start : node.span.start])
            start = node.span.end
    pieces.append(instruction.text[start:])
    return any("{{" in piece or "}}" in piece for piece in pieces)

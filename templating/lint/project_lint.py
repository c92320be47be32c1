"""Run the project rules on the model assembled from every linted file's facts.

The per-file rules run as each file is read; these run once, after: TPL014 and TPL015 on the
placeholders of agents' instructions, TPL016 on direct session-state writes. Rule selection,
per-file ignores and ``# noqa`` apply as for any other rule.
"""

from __future__ import annotations

from collections.abc import Sequence

from templating.lint.finding import Finding
from templating.lint.hazard import Hazard
from templating.lint.limits import limit_hazards
from templating.lint.instruction_lint import finding_for, silenced
from templating.lint.project_rules import (
    find_late_read_hazards,
    find_session_writes,
    find_unwritten_keys,
    session_write_message,
)  # fmt: skip
from templating.lint.registry import find_rule
from templating.lint.settings import Settings
from templating.project.facts import FileFacts
from templating.project.instruction import Instruction
from templating.project.model import ProjectModel, assemble

__all__ = ["PROJECT_CODES", "lint_model", "lint_project"]

#: The codes of the rules that need the whole project.
PROJECT_CODES = frozenset({"TPL014", "TPL015", "TPL016"})


def lint_project(facts: Sequence[FileFacts], settings: Settings) -> list[Finding]:
    """The project rules' findings on the model assembled from every file's ``facts``."""
    if not facts or not (PROJECT_CODES & settings.enabled):
        return []
    return lint_model(assemble(facts, settings.dialect), settings)


def lint_model(model: ProjectModel, settings: Settings) -> list[Finding]:
    """The project rules' findings on ``model``."""
    findings: list[Finding] = []
    pairs = [*find_unwritten_keys(model, settings.known_keys), *find_late_read_hazards(model)]
    by_instruction: dict[int, tuple[Instruction, list[Hazard]]] = {}
    for instruction, hazard in pairs:
        off = silenced(instruction.source.path, instruction.suppressed, settings)
        if settings.is_enabled(hazard.code) and hazard.code not in off:
            by_instruction.setdefault(id(instruction), (instruction, []))[1].append(hazard)
    for instruction, hazards in by_instruction.values():  # at most so many per instruction, as per file
        findings.extend(finding_for(instruction, hazard) for hazard in limit_hazards(hazards))
    rule = find_rule("TPL016")
    assert rule is not None
    for write in find_session_writes(model):
        if settings.is_enabled(rule.code) and rule.code not in silenced(write.path, write.suppressed, settings):
            message, help_line = session_write_message(write)
            findings.append(Finding(write.path, rule.code, rule.name, rule.severity, message, help_line,
                                    write.line, write.column, write.line, write.end_column, write.source_line))  # fmt: skip
    return findings

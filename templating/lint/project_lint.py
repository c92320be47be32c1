"""Run the project rules on the model assembled from every linted file's facts.

The per-file rules run as each file is read; these run once, after: TPL001 in adk-js and adk-java
(whether the key is written decides it), TPL013 on a skill google-adk refuses that the project
loads, TPL014 and TPL015 on the
placeholders of agents' instructions (and, in graph workflows, on function-node parameters),
TPL016 on direct session-state writes, TPL018 and TPL019 on workflow shapes, TPL020 on
``{Model.field}`` references, TPL021 to TPL024 on third-party values and caches, TPL027 on key
names f-strings put where a placeholder was meant, TPL028 to TPL033 on the state runs start with,
typed state and values rendered as Python's repr. Rule selection, per-file ignores and ``# noqa``
apply as for any other rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from templating.lint.cache_rules import find_cache_hazards, find_static_after_changing
from templating.lint.doubled_rules import find_doubled_placeholders
from templating.lint.finding import Finding
from templating.lint.hazard import Hazard
from templating.lint.instruction_lint import finding_for, silenced
from templating.lint.limits import limit_hazards
from templating.lint.project_rules import (
    find_late_read_hazards,
    find_session_writes,
    find_unwritten_keys,
    session_write_message,
)  # fmt: skip
from templating.lint.registry import find_rule
from templating.lint.settings import Settings
from templating.lint.splice_rules import find_swallowed_placeholders
from templating.lint.state_rules import run_state_findings, schema_findings, schema_read_hazards, value_read_hazards
from templating.lint.untrusted_rules import find_untrusted_reads
from templating.lint.workflow_rules import (
    find_schema_references,
    parameter_findings,
    shape_findings,
    workflow_read_hazards,
)  # fmt: skip
from templating.project.model.assembly import ProjectModel, assemble
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import Instruction

__all__ = ["PROJECT_CODES", "lint_model", "lint_project"]

#: The codes of the rules that need the whole project.
PROJECT_CODES = frozenset({
    "TPL001", "TPL013", "TPL014", "TPL015", "TPL016", "TPL018", "TPL019", "TPL020", "TPL021", "TPL022", "TPL023", "TPL024", "TPL025",
    "TPL026", "TPL027", "TPL028", "TPL029", "TPL030", "TPL031", "TPL032", "TPL033",
})  # fmt: skip
_SCHEMA_CODES = ("TPL029", "TPL030", "TPL031")
_SKILL_HELP = "fix the frontmatter: a `SkillToolset` of the project loads this skill, and google-adk stops on it"


def lint_project(facts: Sequence[FileFacts], settings: Settings) -> list[Finding]:
    """The project rules' findings on the model assembled from every file's ``facts``."""
    if not facts or not (PROJECT_CODES & settings.enabled):
        return []
    return lint_model(assemble(facts, settings.dialect), settings)


def lint_model(model: ProjectModel, settings: Settings) -> list[Finding]:
    """The project rules' findings on ``model``."""
    findings: list[Finding] = []
    order = _order(model, settings)
    misses = _schema_misses(model, settings)
    pairs = [*find_unwritten_keys(model, settings.known_keys, settings.seed_keys), *find_late_read_hazards(model),
             *(find_doubled_placeholders(model, settings.seed_keys) if settings.is_enabled("TPL001") else ()),
             *workflow_read_hazards(order), *find_schema_references(model), *schema_read_hazards(misses),
             *_untrusted_and_cache_hazards(model, settings)]  # fmt: skip
    by_instruction: dict[int, tuple[Instruction, list[Hazard]]] = {}
    for instruction, hazard in pairs:
        off = silenced(instruction.source.path, instruction.suppressed, settings)
        if settings.is_enabled(hazard.code) and hazard.code not in off:
            by_instruction.setdefault(id(instruction), (instruction, []))[1].append(hazard)
    for instruction, hazards in by_instruction.values():  # at most so many per instruction, as per file
        kept = limit_hazards(hazards) if settings.respect_noqa else hazards  # TPL100 asks of every hazard
        findings.extend(finding_for(instruction, hazard) for hazard in kept)
    located = [*parameter_findings(order), *shape_findings(order), *schema_findings(model, misses),
               *run_state_findings(model, settings.is_enabled)]  # fmt: skip
    for finding, suppressed in located:
        if settings.is_enabled(finding.code) and finding.code not in silenced(finding.path, suppressed, settings):
            findings.append(finding)
    rule = find_rule("TPL016")
    assert rule is not None
    for write in find_session_writes(model):
        if settings.is_enabled(rule.code) and rule.code not in silenced(write.path, write.suppressed, settings):
            message, help_line = session_write_message(write)
            findings.append(Finding(write.path, rule.code, rule.name, rule.severity, message, help_line,
                                    write.line, write.column, write.line, write.end_column, write.source_line))  # fmt: skip
    findings.extend(_trap_findings(model, settings))
    findings.extend(_refused_skill_findings(model, settings))
    return findings


def _untrusted_and_cache_hazards(model: ProjectModel, settings: Settings) -> list[tuple[Instruction, Hazard]]:
    """TPL021 to TPL024 and TPL027, each asked only when enabled."""
    pairs: list[tuple[Instruction, Hazard]] = []
    if settings.is_enabled("TPL021") or settings.is_enabled("TPL022"):
        pairs.extend(find_untrusted_reads(model, settings))
    if settings.is_enabled("TPL023"):
        pairs.extend(find_cache_hazards(model))
    if settings.is_enabled("TPL024"):
        pairs.extend(find_static_after_changing(model))
    if settings.is_enabled("TPL032"):
        pairs.extend(value_read_hazards(model, settings.dialect))
    if settings.is_enabled("TPL027"):
        pairs.extend(find_swallowed_placeholders(model))
    return pairs


def _schema_misses(model: ProjectModel, settings: Settings):
    """What the workflows' ``state_schema`` refuses (none without a schema: nothing to import)."""
    if not any(w.state_schema for w in model.workflows) or not any(map(settings.is_enabled, _SCHEMA_CODES)):
        return []
    from templating.project.model.typed_state import schema_misses

    return schema_misses(model)


def _trap_findings(model: ProjectModel, settings: Settings) -> Iterator[Finding]:
    """The port traps the front ends found (TPL025 on), as their rules are enabled."""
    for trap in model.port_traps:
        rule = find_rule(trap.code)
        if (
            rule is not None
            and settings.is_enabled(rule.code)
            and rule.code not in silenced(trap.path, trap.suppressed, settings)
        ):
            yield Finding(trap.path, rule.code, rule.name, rule.severity, trap.message, rule.summary,
                          trap.line, trap.column, trap.line, trap.end_column, trap.source_line)  # fmt: skip


def _refused_skill_findings(model: ProjectModel, settings: Settings) -> Iterator[Finding]:
    """TPL013 on each skill google-adk refuses that a toolset of the project loads (a skill
    file holds no ``# noqa``: its body reaches the model)."""
    rule = find_rule("TPL013")
    assert rule is not None
    if not settings.is_enabled(rule.code):
        return
    for skill in model.refused_skills:
        if rule.code not in silenced(skill.path, frozenset(), settings):
            line, column, message = skill.refusal_line, skill.refusal_column, skill.refusal or ""
            yield Finding(skill.path, rule.code, rule.name, rule.severity, message, _SKILL_HELP,
                          line, column, line, column)  # fmt: skip


def _order(model: ProjectModel, settings: Settings):
    """The order of the model's workflows (none without workflows: nothing to import)."""
    if not model.workflows:
        return None
    from templating.project.model.workflow_order import order_workflows

    return order_workflows(model, settings.known_keys, settings.seed_keys)

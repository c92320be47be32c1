"""The project rules on graph workflows: TPL014/TPL015 for reads in workflow nodes, TPL018
(fan-in without a join), TPL019 (a join a route keeps from firing) and TPL020 (a
``{Model.field}`` reference the agent's ``input_schema`` does not define).

The order comes from `templating.project.model.workflow_order`; this module words it. A placeholder
read is reported at its key (as TPL011 does), a function-node parameter at the parameter, and a
node's shape where the node first appears in the ``edges``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING

from templating.lint.finding import Finding
from templating.lint.hazard import Hazard, shorten
from templating.lint.port_words import words_for
from templating.lint.project_rules import DECLARE_HELP, unwritten_help
from templating.lint.registry import find_rule
from templating.project.model.assembly import ProjectModel
from templating.project.model.instruction import Instruction
from templating.project.surfaces import spelling_of

if TYPE_CHECKING:
    from templating.project.model.workflow_order import FanIn, LateNodeRead, WorkflowOrder

__all__ = ["find_schema_references", "parameter_findings", "shape_findings", "workflow_read_hazards"]

_SCHEMA_REFERENCE = re.compile(r"(?<![\$\{\\])\{+\s*([A-Za-z_]\w*)\.([A-Za-z_]\w*)\s*\}+")
_OUTPUT_HELP = (
    "node output is not state: write it with `{event}` or `{state}` in `{node}`, or `{output_key}` on an agent"
)
# A route, a later node or a loop leaves it unwritten: a `JoinNode` would not help (it waits for
# a skipped branch forever, TPL019); a concurrent writer is TPL018's, whose help names the join.
_LATE_HELP = (
    "write it on every path that reaches this node (a node on the path that skips its writer, or the "
    "initial state), or make the read optional (`{{{key}?}}`)"
)
# The node writes the key itself, after its first model call: no join or earlier path helps.
_OWN_HELP = (
    "give it a value before the agent's first model call (a node that runs before it on every path, "
    "or the initial state), or make the read optional (`{{{key}?}}`)"
)


def _words(late: LateNodeRead) -> tuple[str, str, str]:
    """The code, message and help line of a read that may fail."""
    what = (
        f"agent `{late.node.name}`"
        if late.read is not None
        else f"function node `{late.node.name}` (a parameter ADK binds from state)"
    )
    key = shorten(late.key)
    if late.kind == "unwritten":
        if late.why:
            message = (f"`{key}` is read by {what}, but nothing writes it to state: `{late.why}` returns it as node "
                       "output, which reaches only the next node's input")  # fmt: skip
            spell = spelling_of(late.workflow.path)
            help_line = _OUTPUT_HELP.format(
                event=spell("Event(state={...})"),
                state=spell("ctx.state[...]"),
                node=late.why,
                output_key=spell("output_key"),
            )
            return "TPL014", message, help_line
        outcome = words_for(late.read.instruction.dialect).missing if late.read is not None else ""
        return (
            "TPL014",
            f"`{key}` is read by {what}, but nothing in the project writes it" + (f": {outcome}" if outcome else ""),
            (unwritten_help(late.read) if late.read is not None else None) or DECLARE_HELP,
        )
    if late.kind == "race":
        return (
            "TPL018",
            f"{what} reads `{key}`, which may not be written yet: {late.why}",
            ("run the writer first: a `JoinNode` before this node, or await it before the reader"),
        )
    return (
        "TPL015",
        f"{what} in workflow `{late.workflow.name}` may read `{key}` before it is written: {late.why}",
        (_OWN_HELP if late.kind == "own" else _LATE_HELP).format(key=key),
    )


def workflow_read_hazards(order: WorkflowOrder | None) -> Iterator[tuple[Instruction, Hazard]]:
    """The placeholder reads of workflow nodes that may fail, as hazards of their instruction."""
    for late in order.reads if order is not None else ():
        if late.read is not None:
            code, message, help_line = _words(late)
            yield late.read.instruction, Hazard(code, late.read.start, late.read.end, message, help_line)


def parameter_findings(order: WorkflowOrder | None) -> Iterator[tuple[Finding, frozenset[str]]]:
    """The function-node parameters that may not be in state, with each line's ``# noqa`` codes."""
    for late in order.reads if order is not None else ():
        parameter = late.parameter
        if parameter is None:
            continue
        code, message, help_line = _words(late)
        rule = find_rule(code)
        assert rule is not None
        end = parameter.column + len(parameter.name)
        yield Finding(parameter.path, code, rule.name, rule.severity, message, help_line, parameter.line,
                      parameter.column, parameter.line, end, parameter.source_line), parameter.suppressed  # fmt: skip


def shape_findings(order: WorkflowOrder | None) -> Iterator[tuple[Finding, frozenset[str]]]:
    """TPL018 and TPL019 at the node, where it first appears in the workflow's edges."""
    for fan_in in order.fan_ins if order is not None else ():
        yield _shape_finding(fan_in), fan_in.node.suppressed


def _shape_finding(fan_in: FanIn) -> Finding:
    node, workflow = fan_in.node, fan_in.workflow
    if fan_in.join:
        code = "TPL019"
        message = (
            f"join `{node.name}` in workflow `{workflow.name}` may never fire: {fan_in.why}; then nothing after it runs"
        )
        help_line = (
            "join only branches that always run together, or give the skipped route a node that also leads to the join"
        )
    else:
        code = "TPL018"
        cost = " and it calls the model each time" if node.agent is not None else ""
        message = (f"node `{node.name}` in workflow `{workflow.name}` runs once per predecessor ({fan_in.why}): "
                   f"its reads of their keys race{cost}")  # fmt: skip
        help_line = "put a `JoinNode` between the predecessors and this node"
    rule = find_rule(code)
    assert rule is not None
    end = node.column + max(1, len(node.key))
    return Finding(workflow.path, code, rule.name, rule.severity, message, help_line, node.line, node.column,
                   node.line, end, node.source_line)  # fmt: skip


def find_schema_references(model: ProjectModel) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL020: ``{Model.field}`` in an agent without that ``input_schema`` or field."""
    for agent in model.agents:
        for instruction in agent.instructions:
            if not instruction.injected or "." not in instruction.text:
                continue
            for match in _SCHEMA_REFERENCE.finditer(instruction.text):
                schema, name = match.group(1), match.group(2)
                if schema == "artifact" or not schema[:1].isupper():
                    continue
                problem = _schema_problem(model, agent.input_schema, schema, name)
                if problem:
                    yield instruction, Hazard("TPL020", match.start(), match.end(),
                                              f"`{{{schema}.{name}}}` in agent `{agent.name}`: {problem}",
                                              "give the agent `input_schema=" + schema + "` and read a field it defines; "
                                              "ADK leaves the braces for the model to fill from its input")  # fmt: skip


def _schema_problem(model: ProjectModel, input_schema: str | None, schema: str, name: str) -> str:
    if input_schema != schema:
        having = f"its `input_schema` is `{input_schema}`" if input_schema else "it has no `input_schema`"
        return f"{having}, so nothing in its input is `{schema}`"
    fields = model.models.get(schema)
    if fields is not None and name not in fields:
        return f"`{schema}` has no field `{name}`"
    return ""

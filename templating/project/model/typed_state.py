"""ADK 2.x typed state: what a workflow's ``state_schema`` refuses, found without running it.

google-adk 2.13.0 checks a ``Workflow(state_schema=Model)`` in two places (the fixture project
`tests/data/contract` runs each case under it, `tests/project/model/test_contract_oracle.py`):

- **when the workflow is built**, every parameter of a function node other than ``ctx``,
  ``node_input`` and ``self`` must be a field of the model (by name only: a context parameter
  called ``context`` fails, so does a parameter with a default, and so does one the node binds
  from its input), or ``Workflow(...)`` raises ``StateSchemaError``;
- **when a node writes**, a key without a ``:`` that is not a field raises ``StateSchemaError``:
  ``ctx.state[...]`` and ``Event(state=...)`` in function nodes, and an agent node's own
  ``output_key``, tools and callbacks (all run). A node's context takes its schema from its
  parent's (``agents/context.py:172-182``), so nodes run with ``ctx.run_node`` and nested
  workflows without a schema of their own are checked against the outer one, and an
  ``AgentTool`` agent's writes reach the parent through ``tool_context.state.update``, checked
  too (``tools/agent_tool.py:391-393``): read in the source, reported the same way. The writes
  of the sub-agents an agent node transfers to are not reported (not run here). The initial
  state of the session is never checked (run).

So a placeholder of an agent node that reads an undeclared key can only be answered by the
initial state: `schema_misses` reports it too, and, in the ``strict`` dialect, a path into a
field (``{plan.days}``) whose model has no such field.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from templating.project.model.facts import Read, Writer
from templating.project.model.project_model import Node, ProjectModel, Workflow
from templating.project.model.workflow_facts import Parameter

__all__ = ["BOUND_BY_NAME", "SchemaMiss", "schema_misses"]

#: The parameters ADK's build-time check skips (``Workflow._validate_state_schema``).
BOUND_BY_NAME = ("ctx", "node_input", "self")


@dataclass(frozen=True, slots=True)
class SchemaMiss:
    """Something a workflow's ``state_schema`` does not declare: a ``write``, a function-node
    ``parameter``, a placeholder ``read`` of an undeclared key, or a ``step`` of a path into a
    declared one (``detail`` says which model lacks what)."""

    kind: str
    workflow: Workflow
    schema: str
    key: str
    fields: tuple[str, ...]
    node: Node | None = None
    writer: Writer | None = None
    parameter: Parameter | None = None
    read: Read | None = None
    detail: str = ""


def schema_misses(model: ProjectModel) -> list[SchemaMiss]:
    """Every write, parameter and read a ``state_schema`` of ``model`` does not declare; a
    workflow whose schema class is not a model of the project is not judged."""
    found: list[SchemaMiss] = []
    seen: set[tuple] = set()
    for workflow in model.workflows:
        fields = model.models.get(workflow.state_schema or "")
        if fields is None:
            continue
        assert workflow.state_schema is not None
        misses = _Misses(model, workflow, workflow.state_schema, fields)
        for miss in misses.run():
            identity = (miss.kind, miss.schema, miss.key, _where(miss))
            if identity not in seen:
                seen.add(identity)
                found.append(miss)
    return found


def _where(miss: SchemaMiss) -> tuple:
    thing = miss.writer or miss.parameter or miss.read
    return (thing.path, thing.line, thing.column) if thing is not None else ()


class _Misses:
    """The misses of one workflow with a schema: its nodes and those of the workflows nested
    in it that have no schema of their own."""

    def __init__(self, model: ProjectModel, workflow: Workflow, schema: str, fields: dict[str, dict]) -> None:
        self.model = model
        self.workflow = workflow
        self.schema = schema
        self.fields = fields
        self.names = tuple(fields)

    def run(self) -> Iterator[SchemaMiss]:
        for node in self.workflow.nodes.values():
            yield from self._parameters(node)
        scope = self._scope()
        checked = {w for node in scope for w in _checked_writes(node)}
        for node in scope:
            for writer in _checked_writes(node):
                if writer.key is not None and ":" not in writer.key and writer.key not in self.fields:
                    yield self._miss("write", writer.key, node, writer=writer)
            for read in node.agent.reads if node.agent is not None and node.agent.kind == "llm" else ():
                yield from self._read(node, read, checked)

    def _miss(self, kind: str, key: str, node: Node | None, **where) -> SchemaMiss:
        return SchemaMiss(kind, self.workflow, self.schema, key, self.names, node, **where)

    def _parameters(self, node: Node) -> Iterator[SchemaMiss]:
        """The parameters of a function node the build-time check refuses."""
        if node.kind != "function" or node.function is None:
            return
        for parameter in node.function.signature:
            if parameter.name not in BOUND_BY_NAME and parameter.name not in self.fields:
                yield self._miss("parameter", parameter.name, node, parameter=parameter)

    def _scope(self) -> list[Node]:
        """The nodes the schema checks the writes of, ``ctx.run_node`` children included."""
        nodes: list[Node] = []
        stack, seen = [self.workflow], {id(self.workflow)}
        while stack:
            for node in stack.pop().nodes.values():
                nodes.extend((node, *(child for _, child, _ in node.calls)))
                inner = node.workflow
                if inner is not None and inner.state_schema is None and id(inner) not in seen:
                    seen.add(id(inner))
                    stack.append(inner)
        return nodes

    def _read(self, node: Node, read: Read, checked: set[Writer]) -> Iterator[SchemaMiss]:
        if ":" in read.key:
            return
        if read.key not in self.fields:
            # A seed, or a write the schema does not check (a sub-agent's), may hold it: the
            # initial state is never checked, so a seeded undeclared key is read fine.
            if all(w in checked for w in self.model.writers_of(read.key)):
                yield self._miss("read", read.key, node, read=read)
            return
        detail = _missing_step(self.fields[read.key], read.steps, self.model.models)
        if detail:
            yield self._miss("step", read.key, node, read=read, detail=detail)


def _checked_writes(node: Node) -> list[Writer]:
    """The writes of ``node`` that its workflow's schema checks: a function's or tool's, an agent
    node's own (not its sub-agents'), never a custom agent's direct session writes."""
    if node.agent is not None:
        return [w for w in node.agent.writes if w.via != "agent"]
    return list(node.writes) if node.kind in ("function", "tool") else []


def _missing_step(schema: dict, steps: tuple[str | int, ...], models: dict[str, dict[str, dict]]) -> str:
    """Why the path ``steps`` cannot exist in a value of ``schema``, or ``""`` when it may."""
    for step in steps:
        choices = [each for each in schema.get("anyOf", ()) if each != {"type": "null"}]
        if len(choices) == 1:  # `Plan | None`: a path into it reads the plan
            schema = choices[0]
        reference = str(schema.get("$ref", ""))
        if reference.startswith("#/$defs/"):
            name = reference.removeprefix("#/$defs/")
            fields = models.get(name)
            if fields is None or not isinstance(step, str):
                return ""
            if step not in fields:
                return f"`{name}` has no field `{step}`"
            schema = fields[step]
            continue
        kind = schema.get("type")
        if kind == "array" and isinstance(step, int):
            schema = schema.get("items", {})
            continue
        if isinstance(kind, str) and kind not in ("object", "array"):
            return f"a `{kind}` value has no `{step}`"
        return ""
    return ""

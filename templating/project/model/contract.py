"""The state contract: per app, the state a run must start with.

An app is a root a run starts (`templating.project.model.apps.apps_of`). A key is **required**
when a required placeholder or a function-node parameter ADK binds from state reads it before
anything the program runs writes it, on some path: exactly the reads TPL014 and TPL015 report,
worked out on the program without its seeds (``create_session(state=...)``, ``state_delta=`` of
a run, ``initial.session.json``), since a seed is what the contract asks for. A key is
**optional** when an optional read (``{key?}``, a parameter with a default) reads it and nothing
the app runs writes it. Reads that race their writer (TPL018) are the graph's to fix: a run's
state does not answer them. Where an unknown writer (a key that is not a literal) may write any
key, the reads it may answer are not judged and the contract says it is not ``complete``.

The types of the keys come from what the program shows: the fields of the workflow's
``state_schema`` and the values the seeds write.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from templating.project.model.apps import App, AppScopes, apps_of
from templating.project.model.facts import RunStart, Writer
from templating.project.model.order import find_late_reads
from templating.project.model.project_model import ProjectModel, Workflow

__all__ = ["AppContract", "Reader", "run_targets", "state_contracts"]


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads a key first: an agent or a function node, and where."""

    name: str
    path: str
    line: int
    column: int


@dataclass
class AppContract:
    """The state a run of one app must start with."""

    app: App
    required: dict[str, Reader] = field(default_factory=dict)
    optional: dict[str, Reader] = field(default_factory=dict)
    #: Whether every read was judged (no unknown writer may have written what one reads).
    complete: bool = True
    #: What the program shows of each key's value: JSON Schema fragments, one per source.
    types: dict[str, list[dict]] = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The root's name: the agent's ``name=``, or the workflow's."""
        return self.app.root.name

    @property
    def state_schema(self) -> str | None:
        """The class a workflow app names as its ``state_schema``."""
        return self.app.root.state_schema if isinstance(self.app.root, Workflow) else None

    @property
    def calls_model(self) -> bool:
        """Whether a workflow app runs a model-calling agent as a node."""
        return any(agent.kind == "llm" and agent.workflow_node for agent in self.app.agents)


def state_contracts(model: ProjectModel) -> list[AppContract]:
    """The contract of every app of ``model``, by the file and line of its root."""
    bare = model.with_writers(w for w in model.writers if w.via != "initial")
    scopes = AppScopes(bare)
    contracts = [AppContract(app) for app in apps_of(bare)]
    late: dict[int, list] = {}
    for found in find_late_reads(bare):
        late.setdefault(id(found.agent), []).append(found)
    order = _workflow_reads(bare)
    seeds = [w for w in model.writers if w.via == "initial" and w.key is not None]
    for contract in contracts:
        _judge_agents(contract, scopes, late)
        if isinstance(contract.app.root, Workflow):
            _judge_workflow(contract, order, scopes)
        started = {w for index in contract.app.scope for w in model.starts[index].seeds}  # its runs' seeds
        _add_types(contract, model, [w for w in seeds if w in started])
    return sorted(contracts, key=lambda c: (c.app.root.path, c.app.root.line, c.app.root.column))


def _judge_agents(contract: AppContract, scopes: AppScopes, late: dict) -> None:
    """The reads of the app's agents that no workflow orders, as TPL014 and TPL015 judge them."""
    written = scopes.written_keys(contract.app.scope)
    prefixes = scopes.written_prefixes(contract.app.scope)
    unknown = any(agent.unknown for agent in contract.app.agents)
    contract.complete = contract.complete and not unknown
    for agent in contract.app.agents:
        if agent.workflow_node:
            continue  # judged over its workflow's order
        for read in agent.reads:
            if read.key in written or any(read.key.startswith(prefix) for prefix in prefixes):
                continue
            if read.optional:
                _add(contract.optional, read.key, Reader(agent.name, read.path, read.line, read.column))
            elif not unknown:
                _add(contract.required, read.key, Reader(agent.name, read.path, read.line, read.column))
        for found in late.get(id(agent), ()):
            read = found.read
            _add(contract.required, read.key, Reader(agent.name, read.path, read.line, read.column))


def _judge_workflow(contract: AppContract, order: dict[int, list], scopes: AppScopes) -> None:
    """The reads of a workflow app's nodes, as the workflow rules judge them."""
    workflow = contract.app.root
    assert isinstance(workflow, Workflow)
    inner = _nested(workflow)
    for late in order.get(id(workflow), ()):
        if late.kind != "race":
            where = late.read if late.read is not None else late.parameter
            _add(contract.required, late.key, Reader(late.node.name, where.path, where.line, where.column))
    written = scopes.written_keys(contract.app.scope)
    for each in inner:
        contract.complete = contract.complete and not each.unknown and not each.reason
        for node in each.nodes.values():
            contract.complete = contract.complete and not node.unknown
            for child in (node, *(child for _, child, _ in node.calls)):
                for key, where in _optional_reads(child):
                    if key not in written:
                        _add(contract.optional, key, Reader(child.name, where.path, where.line, where.column))
    for key in contract.required:
        contract.optional.pop(key, None)


def _optional_reads(node) -> list:
    """The optional reads of a workflow node: its agent's ``{key?}``, its parameters with a default."""
    if node.agent is not None and node.agent.kind == "llm":
        return [(read.key, read) for read in node.agent.reads if read.optional]
    if node.function is not None and node.kind == "function":
        return [(parameter.name, parameter) for parameter in node.function.parameters if parameter.optional]
    return []


def _workflow_reads(model: ProjectModel) -> dict[int, list]:
    """The reads the workflow order finds may fail, by the top-level workflow they are in."""
    if not model.workflows:
        return {}
    from templating.project.model.workflow_order import order_workflows  # only for workflows

    top = {id(inner): workflow for workflow in model.workflows if not workflow.nested for inner in _nested(workflow)}
    found: dict[int, list] = {}
    for late in order_workflows(model).reads:
        owner = top.get(id(late.workflow))
        if owner is not None:
            found.setdefault(id(owner), []).append(late)
    return found


def _nested(workflow: Workflow) -> list[Workflow]:
    """``workflow`` and every workflow nested in it, each once, without recursion."""
    found = [workflow]
    seen = {id(workflow)}
    for current in found:
        for node in current.nodes.values():
            if node.workflow is not None and id(node.workflow) not in seen:
                seen.add(id(node.workflow))
                found.append(node.workflow)
    return found


def _add_types(contract: AppContract, model: ProjectModel, seeds: list[Writer]) -> None:
    """What the program shows of each key's type: its ``state_schema`` field, its seeds' values."""
    fields = model.models.get(contract.state_schema or "", {})
    for key in (*contract.required, *contract.optional):
        found = [fields[key]] if fields.get(key) else []
        found += [{"type": w.value} for w in seeds if w.key == key and w.value]
        if found:
            contract.types[key] = found


def _add(keys: dict[str, Reader], key: str, reader: Reader) -> None:
    """Record ``reader`` for ``key`` unless an earlier read (by file and line) is known."""
    known = keys.get(key)
    if known is None or (reader.path, reader.line, reader.column) < (known.path, known.line, known.column):
        keys[key] = reader


def run_targets(contracts: list[AppContract], start: RunStart) -> list[AppContract]:
    """The apps whose run the state ``start`` gives may start: the apps in the nearest folder at
    or above the file that holds any (an eval set lives in its app's folder, or in a test
    folder beside it), narrowed to those running under the name the file gives, if any does;
    the apps running under that name when no folder holds one. Folders are compared as
    absolute paths: a file named from its own folder is shown without one."""
    named = [c for c in contracts if start.app_name in c.app.names]
    homes = [(c, os.path.abspath(c.app.folder)) for c in contracts]
    folder = os.path.dirname(os.path.abspath(start.path))
    while True:
        near = [c for c, home in homes if home == folder or home.startswith(folder.rstrip(os.sep) + os.sep)]
        if near:
            return [c for c in near if c in named] or near
        parent = os.path.dirname(folder)
        if parent == folder:
            return named
        folder = parent

"""What one file says about graph workflows, as every front end records it: each
``Workflow(...)`` with its nodes and edges, and what each function does when a workflow runs it
as a node (the state parameters it reads, the keys it writes, the nodes it runs).

Records only: the model resolves them across files (`templating.project.model.workflow_model`).
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.project.model.kinds import START_NODE
from templating.project.model.ref import Ref
from templating.project.pickling import rebuild_from_fields

__all__ = [
    "START", "NodeCall", "NodeFunction", "Parameter", "PartialWrite", "WorkflowEdge", "WorkflowFacts", "WorkflowNode",
]  # fmt: skip

#: The name of a workflow's start node.
START = START_NODE


@dataclass(frozen=True, slots=True)
class WorkflowNode:
    """One node of a workflow: its runtime name, how it was written and what it names.

    ``kind`` is ``start``, ``function``, ``agent``, ``join``, ``workflow``, ``tool``,
    ``agent_tool`` or ``unknown`` (a name this module cannot see into; the model resolves
    it); ``ref`` points at the function, agent or workflow variable.
    """

    name: str
    kind: str
    ref: Ref | None
    line: int
    column: int
    parallel_worker: bool = False
    #: The source line it is written on and the codes silenced there (for findings).
    source_line: str = ""
    suppressed: frozenset[str] = frozenset()

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class WorkflowEdge:
    """An edge between two nodes (by name); ``route`` is ``None`` when it always fires."""

    source: str
    target: str
    route: tuple[str, ...] | None = None

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class WorkflowFacts:
    """A ``Workflow(...)`` construction: its variable, name, nodes and edges."""

    variable: str
    name: str
    path: str
    line: int
    column: int
    nodes: tuple[WorkflowNode, ...]
    edges: tuple[WorkflowEdge, ...]
    unknown: bool = False

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class PartialWrite:
    """A key some returns of a node function write with ``Event(state=...)`` and others do
    not. ``routes``: the routes of the returns that write it, when every return names a
    constant route and no route both writes and skips it; ``None`` when that cannot be told
    (a *maybe* writer). ``lines``: the first and last lines of the writing returns."""

    key: str
    routes: tuple[str, ...] | None
    lines: tuple[tuple[int, int], ...]
    #: The routes of the returns that do not write it (``""``: a return without a route),
    #: when every return's route is a constant and none both writes and skips it.
    skipping: tuple[str, ...] | None = None

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class Parameter:
    """A function-node parameter ADK binds from state; ``optional`` when it has a default."""

    name: str
    optional: bool
    path: str
    line: int
    column: int
    suppressed: frozenset[str] = frozenset()
    source_line: str = ""

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class NodeCall:
    """A ``ctx.run_node(target)`` call at ``line`` of an orchestrating function; calls that
    share a nonzero ``together`` are arguments of one ``asyncio.gather(...)`` (concurrent)."""

    target: Ref | None
    line: int
    together: int = 0

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class NodeFunction:
    """What a module-level function does when a workflow runs it as a node."""

    name: str
    node_name: str
    parameters: tuple[Parameter, ...]
    outputs: tuple[str, ...]
    calls: tuple[NodeCall, ...] = ()
    parallel_worker: bool = False
    partial: tuple[PartialWrite, ...] = ()

    __reduce__ = rebuild_from_fields

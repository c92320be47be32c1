"""What one file says about graph workflows, as every front end records it: each
``Workflow(...)`` with its nodes and edges, and what each function does when a workflow runs it
as a node (the state parameters it reads, the keys it writes, the nodes it runs).

Records only: the model resolves them across files (`templating.project.model.workflow_model`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from templating.project.model.kinds import START_NODE
from templating.project.model.ref import Ref
from templating.project.pickling import rebuild_from_fields

__all__ = [
    "MAX_EDGES",
    "MAX_NODES",
    "START",
    "TOO_LARGE",
    "EdgeList",
    "NodeCall",
    "NodeFunction",
    "Parameter",
    "PartialWrite",
    "Routing",
    "WorkflowEdge",
    "WorkflowFacts",
    "WorkflowNode",
    "add_chain",
    "finish_facts",
]  # fmt: skip

#: The name of a workflow's start node.
START = START_NODE
#: The largest workflow whose order is followed: the order facts are sets per node (bit sets,
#: `bit_sets`), so a workflow past these sizes is read no further and left *unknown* (its
#: reads are not judged). Real workflows have tens of nodes; these bounds keep a hostile one to
#: about a second and tens of megabytes.
MAX_NODES = 2_500
MAX_EDGES = 5_000
#: Why such a workflow is unknown.
TOO_LARGE = f"it has more than {MAX_NODES:,} nodes or {MAX_EDGES:,} edges, more than the linter follows"


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
    #: Why the workflow was read no further (`TOO_LARGE`); empty when it was read whole.
    reason: str = ""
    #: The class named by ``state_schema=`` (ADK 2.x typed state), if any.
    state_schema: str | None = None

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
    #: Every parameter of the function, bound from state or not (``ctx``, ``node_input``,
    #: ``*args`` too): what a ``state_schema`` is checked against when the workflow is built.
    signature: tuple[Parameter, ...] = ()

    __reduce__ = rebuild_from_fields


class EdgeList(list):
    """The edges of a workflow being read, at most `MAX_EDGES` (and a graph of at most
    `MAX_NODES` nodes): past either, ``full`` is set and nothing more is added, so a cross
    product of two long groups costs the length of its source text, not its product."""

    def __init__(self, nodes: dict) -> None:
        super().__init__()
        self.nodes = nodes
        self.full = False

    def add(self, edges) -> None:
        """Append ``edges`` (any iterable) until the bounds are reached."""
        for edge in edges:
            if self.full or len(self) >= MAX_EDGES or len(self.nodes) > MAX_NODES:
                self.full = True
                return
            self.append(edge)


_Element = TypeVar("_Element")
#: The routes and target nodes of a routing map: ``[(("yes", "maybe"), ["approve"]), ...]``.
Routing = list[tuple[tuple[str, ...], list[str]]]


def add_chain(
    edges: EdgeList, elements: Sequence[_Element], is_routing: Callable[[_Element], bool],
    group: Callable[[_Element], list[str]], routing: Callable[[_Element], Routing],
) -> bool:  # fmt: skip
    """Add the edges of one chain of a workflow's edge list, as ADK reads it in every port:
    each element leads to the next; a group (``group`` gives its nodes) fans out or in; a
    routing map after an element takes each route to its targets, and before one, all its
    targets lead on. Returns ``False`` for a chain ADK rejects (two routing maps in a row)."""
    accepted = True
    for left, right in itertools.pairwise(elements):
        if edges.full:
            break
        if is_routing(left) and is_routing(right):
            accepted = False
            continue
        if is_routing(right):
            routes = routing(right)
            for source in group(left):
                for route, targets in routes:
                    edges.add(WorkflowEdge(source, target, route) for target in targets)
            continue
        sources = [t for _, targets in routing(left) for t in targets] if is_routing(left) else group(left)
        targets = group(right)
        for source in sources:
            edges.add(WorkflowEdge(source, target, None) for target in targets)
    return accepted


def finish_facts(variable: str, name: str, path: str, where: tuple[int, int], nodes: dict[str, WorkflowNode],
                 edges: EdgeList, unknown: bool, state_schema: str | None = None) -> WorkflowFacts:  # fmt: skip
    """The facts of a workflow read into ``nodes`` and ``edges``; one past the bounds keeps no
    edges (nothing is concluded from part of a graph) and says why."""
    if edges.full or len(nodes) > MAX_NODES:
        return WorkflowFacts(variable, name, path, *where, tuple(nodes.values()), (), True, TOO_LARGE, state_schema)
    return WorkflowFacts(variable, name, path, *where, tuple(nodes.values()), tuple(dict.fromkeys(edges)), unknown,
                         state_schema=state_schema)  # fmt: skip

"""Paths through a workflow's graph: what surely runs before a node, which routes guard it,
which predecessors run concurrently, which nodes lead to which and which write what.

``guards(N)`` are the routed edges on every path from START to ``N`` (a node behind route
``A`` of a router runs only when the router takes ``A``). Two predecessors whose guards take
different routes of the same router never both run in one pass: a node after both runs once.
Otherwise, unless one runs after the node (a loop's back edge), they are concurrent.
"""

from __future__ import annotations

from templating.project.model.bit_sets import Numbering
from templating.project.model.facts import Writer
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.route_choices import RouteSets
from templating.project.model.workflow_facts import START, WorkflowEdge
from templating.project.model.workflow_model import Node, Workflow, member_writes
from templating.project.model.workflow_walks import ancestors, forward_order

__all__ = ["LISTED", "Graph", "listed", "node_writes", "route_words"]


class Graph:
    """The order facts of one workflow, each worked out once."""

    def __init__(self, workflow: Workflow) -> None:
        self.workflow = workflow
        self.keys = list(workflow.nodes)
        self.incoming: dict[str, list[WorkflowEdge]] = {key: [] for key in self.keys}
        self.outgoing: dict[str, list[WorkflowEdge]] = {key: [] for key in self.keys}
        for edge in workflow.edges:
            if edge.source in self.outgoing and edge.target in self.incoming:
                self.outgoing[edge.source].append(edge)
                self.incoming[edge.target].append(edge)
        #: Each node's bit in the node sets below, and each distinct routed edge's in the route sets.
        self.numbers = {key: number for number, key in enumerate(self.keys)}
        self.routed: Numbering[WorkflowEdge] = Numbering(e for e in workflow.edges if e.route is not None)
        self.routes = RouteSets(self.routed)
        self._before: list[int] | None = None
        self._guards: list[int] | None = None
        self._concurrent: dict[str, list[str]] = {}
        self._fans_out: bool | None = None
        self._ancestors: tuple[dict[str, int], list[int]] | None = None
        self._writing: dict[Writer, list[int]] | None = None
        self._specific: dict[str, frozenset[str]] = {}
        self._ends: frozenset[str] | None = None
        #: The nodes in the order a fixpoint over them settles fastest: each after its
        #: predecessors but for back edges (reverse postorder from START), then the rest.
        self.order = forward_order(self.keys, self.outgoing)

    def runs_before(self, first: str, then: str) -> bool:
        """Whether node ``first`` has surely completed before node ``then`` starts."""
        if self._before is None:
            self._before = self._fixpoint(lambda edge, before: before | 1 << self.numbers[edge.source],
                                          (1 << len(self.keys)) - 1)  # fmt: skip
        return (self._before[self.numbers[then]] >> self.numbers[first]) & 1 == 1

    def guards(self, key: str) -> int:
        """The routed edges on every path to node ``key`` from START (a bit set of `routed`)."""
        if self._guards is None:
            routed = self.routed.numbers
            self._guards = self._fixpoint(
                lambda edge, guards: guards | 1 << routed[edge] if edge.route is not None else guards,
                self.routed.everything(),
            )
        return self._guards[self.numbers[key]]

    def _fixpoint(self, across, everything: int) -> list[int]:
        """The greatest fixpoint of "the intersection over the in-edges of ``across(edge,
        value of its source)``" (the union at a join, which has run every predecessor), from
        START's empty set, each node's value a set of numbers (`bit_sets`). A node not yet
        reached is *everything* (``None`` until the end); visiting in `order` settles a graph
        without loops in one round and each loop in a few."""
        numbers = self.numbers
        values: list[int | None] = [None] * len(self.keys)
        if START in numbers:
            values[numbers[START]] = 0
        changed = True
        while changed:
            changed = False
            for key in self.order:
                if key == START:
                    continue
                new = self._meet(key, [(e, values[numbers[e.source]]) for e in self.incoming[key]], across)
                if new is not None and new != values[numbers[key]]:
                    values[numbers[key]], changed = new, True
        return [everything if value is None else value for value in values]

    def _meet(self, key: str, arriving: list[tuple[WorkflowEdge, int | None]], across) -> int | None:
        """The value of ``key`` from its in-edges' sources' values (``None``: not known yet)."""
        if not arriving:
            return 0
        join = self.workflow.nodes[key].kind == "join"
        if join and any(value is None for _, value in arriving):
            return None  # a predecessor not reached: the join is still "everything"
        reached = [across(edge, value) for edge, value in arriving if value is not None]
        if not reached:
            return None
        meet = reached[0]
        for value in reached[1:]:
            meet = meet | value if join else meet & value
        return meet

    def specific_routes(self, key: str) -> frozenset[str]:
        """The routes of the routed edges out of ``key`` but ``DEFAULT_ROUTE``."""
        if key not in self._specific:
            self._specific[key] = frozenset(
                r for e in self.outgoing.get(key, ()) for r in e.route or () if r != DEFAULT_ROUTE
            )
        return self._specific[key]

    def end_points(self) -> list[str]:
        """Where a run can end: nodes without out-edges, and routers whose route may match none."""
        ends = []
        for key in self.keys:
            edges = self.outgoing[key]
            always = any(e.route is None or DEFAULT_ROUTE in e.route for e in edges)
            if key != START and (not edges or not always):
                ends.append(key)
        return ends

    def concurrent_predecessors(self, key: str) -> list[str]:
        """The predecessors of ``key`` that may complete in the same pass (each triggers a run)."""
        if not self.fans_out():
            return []  # one node runs at a time: its predecessors run one after another
        if key not in self._concurrent:
            candidates = list(dict.fromkeys(
                e.source for e in self.incoming[key]
                # A self-loop runs the node again after its own run, never beside it.
                if e.source not in (START, key) and not self.runs_before(key, e.source)
            ))  # fmt: skip
            # One predecessor is concurrent with none: its routes need not be looked at.
            self._concurrent[key] = (
                self.routes.concurrent(candidates, self._path_guards(key, candidates)) if len(candidates) > 1 else []
            )
        return self._concurrent[key]

    def fans_out(self) -> bool:
        """Whether one completion can start two nodes: START or a node with two edges that
        fire together (unrouted ones, two on one route, two ``DEFAULT_ROUTE`` ones). Without
        that, a run is a single chain of nodes however the edges loop back (a state machine),
        taking one route per run as everywhere in this model."""
        if self._fans_out is None:
            self._fans_out = any(_most_started(self.outgoing[key]) > 1 for key in self.keys)
        return self._fans_out

    def _path_guards(self, target: str, sources: list[str]) -> dict[str, int]:
        """For each of ``sources`` (predecessors of ``target``), the routes a run through it
        into ``target`` takes: its guards and, when every edge from it into ``target`` is
        routed, those edges."""
        edges: dict[str, list[WorkflowEdge]] = {source: [] for source in sources}
        for edge in self.incoming[target]:
            if edge.source in edges:
                edges[edge.source].append(edge)
        return {
            source: self.guards(source) | self.routed.mask(own)
            if all(e.route is not None for e in own) else self.guards(source)
            for source, own in edges.items()
        }  # fmt: skip

    def leads_to(self, source: str, target: str) -> bool:
        """Whether a path leads from ``source`` to ``target`` (or they are one node)."""
        if self._ancestors is None:
            self._ancestors = ancestors(self.keys, self.outgoing, self.numbers)
        component, sets = self._ancestors
        return (sets[component[target]] >> self.numbers[source]) & 1 == 1

    def racing_writer(self, key: str, state_key: str) -> str | None:
        """The name of a concurrent predecessor of ``key`` that writes ``state_key``."""
        for predecessor in self.concurrent_predecessors(key):
            node = self.workflow.nodes[predecessor]
            if any(w.key == state_key for w in node.writes):
                return node.name
        return None

    def join_blocker(self, key: str) -> str | None:
        """Why the join ``key`` may never fire: a predecessor behind a route that another
        predecessor, which always reaches the join when it runs, does not need. (When every
        predecessor reaches the join only by a route of its own, the code may choose those
        routes together; that is not judged.)"""
        predecessors = list(dict.fromkeys(e.source for e in self.incoming[key]))
        sets = self._path_guards(key, predecessors)
        always = list(dict.fromkeys(e.source for e in self.incoming[key] if e.route is None))
        # An edge every one of `always` took is a choice each of them takes: not looked at.
        shared = -1
        for q in always:
            shared &= sets[q]
        for p in predecessors:
            for edge in sorted(self.routes.edges(sets[p] & ~shared), key=lambda e: (e.source, e.route or ())):
                if self._retried(edge, key):
                    continue  # the router's other routes only run it again: it takes this one in the end
                if any(not self.routes.takes(sets[q], edge) for q in always if q != p):
                    name = self.workflow.nodes[p].name
                    return f"`{name}` runs only on {route_words(edge)} of `{self.name(edge.source)}`"
        return None

    def _retried(self, edge: WorkflowEdge, join: str) -> bool:
        """Whether every other route of ``edge``'s router leads back to it (a retry loop:
        ``review`` routes ``retry`` to ``fix``, which runs ``review`` again) before any end of
        the run or ``join``: the router runs until it takes ``edge`` (adk-go's scheduler
        records each node's last completion, ``workflow/scheduler.go`` `aggregatePredecessorOutputs`)."""
        router = edge.source
        others = [e for e in self.outgoing[router] if e is not edge and e.target != edge.target]
        if not others or any(e.route is None for e in others):
            return False
        if self._ends is None:
            self._ends = frozenset(self.end_points())
        ends = self._ends | {join}
        seen = {router}
        stack = [e.target for e in others]
        while stack:
            node = stack.pop()
            if node in seen:
                continue
            if node in ends:
                return False
            seen.add(node)
            stack.extend(e.target for e in self.outgoing.get(node, ()))
        return True

    def writing(self, writers: tuple[Writer, ...]) -> list[str]:
        """The nodes that may write one of ``writers``, in the workflow's order (each node's
        writes are indexed once, not scanned again for every read)."""
        if self._writing is None:
            self._writing = {}
            for number, node in enumerate(self.workflow.nodes.values()):
                for writer in node_writes(node):
                    self._writing.setdefault(writer, []).append(number)
        numbers = sorted({number for writer in writers for number in self._writing.get(writer, ())})
        return [self.keys[number] for number in numbers]

    def mask(self, keys) -> int:
        """The bit set of the nodes ``keys``."""
        mask = 0
        for key in keys:
            mask |= 1 << self.numbers[key]
        return mask

    def has(self, mask: int, key: str) -> bool:
        """Whether node ``key`` is in the bit set ``mask``."""
        return (mask >> self.numbers[key]) & 1 == 1

    def name(self, key: str) -> str:
        """The name ADK gives node ``key`` (``key`` itself for a node not in the workflow)."""
        node = self.workflow.nodes.get(key)
        return node.name if node is not None else key


#: How many names a message lists before it says how many more there are.
LISTED = 10


def listed(names: list[str], count: int) -> str:
    """The first `LISTED` of ``names`` (``count`` in all), then how many more: a message
    about a node with thousands of writers or predecessors stays one short line."""
    shown = ", ".join(names[:LISTED])
    return shown if count <= LISTED else f"{shown} and {count - LISTED:,} more"


def node_writes(node: Node) -> set[Writer]:
    """What ``node`` may write: its own writes, its ``run_node`` children's, a nested workflow's."""
    if node.workflow is not None:
        return member_writes(node.workflow)
    return {*node.writes, *(w for _, child, _ in node.calls for w in child.writes)}


def route_words(edge: WorkflowEdge | tuple[str, ...]) -> str:
    routes = edge if isinstance(edge, tuple) else edge.route or ()
    if routes == (DEFAULT_ROUTE,):
        return "the default route"
    return "route " + "/".join(f"`{r}`" for r in routes)


def _most_started(edges: list[WorkflowEdge]) -> int:
    """How many nodes one completion through ``edges`` can start at most: every unrouted
    edge, plus the routed edges of the one route taken (``DEFAULT_ROUTE`` ones when no other
    matched)."""
    per_route: dict[str, int] = {}
    for edge in edges:
        for route in set(edge.route or ()):
            per_route[route] = per_route.get(route, 0) + 1
    return sum(1 for e in edges if e.route is None) + max(per_route.values(), default=0)

"""Paths through a workflow's graph: what surely runs before a node, which routes guard it,
which predecessors run concurrently, and, for a message, the route or path that misses a
writer.

``guards(N)`` are the routed edges on every path from START to ``N`` (a node behind route
``A`` of a router runs only when the router takes ``A``). Two predecessors whose guards take
different routes of the same router never both run in one pass: a node after both runs once.
Otherwise, unless one runs after the node (a loop's back edge), they are concurrent.
"""

from __future__ import annotations

from collections import deque

from templating.project.model.facts import Writer
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.workflow_facts import START, WorkflowEdge
from templating.project.model.workflow_model import Node, Workflow, member_writes

__all__ = ["Graph", "describe_miss"]


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
        self._before: dict[str, set[str]] | None = None
        self._guards: dict[str, frozenset[WorkflowEdge]] | None = None

    def must_run_before(self) -> dict[str, set[str]]:
        """For each node, the nodes that have surely completed before it starts."""
        if self._before is None:
            everything = set(self.keys)
            before = {key: set() if key == START else set(everything) for key in self.keys}
            changed = True
            while changed:
                changed = False
                for key in self.keys:
                    if key == START:
                        continue
                    sets = [before[e.source] | {e.source} for e in self.incoming[key]]
                    join = self.workflow.nodes[key].kind == "join"
                    new = (set.union(*sets) if join else set.intersection(*sets)) if sets else set()
                    if new != before[key]:
                        before[key], changed = new, True
            self._before = before
        return self._before

    def guards(self) -> dict[str, frozenset[WorkflowEdge]]:
        """For each node, the routed edges on every path to it from START."""
        if self._guards is None:
            routed = frozenset(e for e in self.workflow.edges if e.route is not None)
            guards = {key: frozenset() if key == START else routed for key in self.keys}
            changed = True
            while changed:
                changed = False
                for key in self.keys:
                    if key == START or not self.incoming[key]:
                        continue
                    sets = [guards[e.source] | ({e} if e.route is not None else set()) for e in self.incoming[key]]
                    # A join has run every predecessor: it took all their routes.
                    join = self.workflow.nodes[key].kind == "join"
                    new = frozenset.union(*sets) if join else frozenset.intersection(*sets)
                    if new != guards[key]:
                        guards[key], changed = new, True
            self._guards = guards
        return self._guards

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
        before = self.must_run_before()
        candidates = []
        for edge in self.incoming[key]:
            # A self-loop runs the node again after its own run, never beside it.
            if edge.source in (START, key) or key in before[edge.source] or edge.source in candidates:
                continue
            candidates.append(edge.source)
        guards = self.guards()
        return [p for p in candidates if any(not _exclusive(_path_guards(guards, p, key, self), _path_guards(guards, q, key, self))
                                             for q in candidates if q != p)]  # fmt: skip

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
        guards = self.guards()
        predecessors = [e.source for e in self.incoming[key]]
        sets = {p: _path_guards(guards, p, key, self) for p in predecessors}
        always = [q for q in predecessors if any(e.source == q and e.route is None for e in self.incoming[key])]
        for p in predecessors:
            for edge in sorted(sets[p], key=lambda e: (e.source, e.route or ())):
                if any(not _takes(sets[q], edge) for q in always if q != p):
                    name = self.workflow.nodes[p].name
                    return f"`{name}` runs only on {_route_words(edge)} of `{self._name(edge.source)}`"
        return None

    def reaches(self, source: str, target: str, avoid: set[str]) -> list[str] | None:
        """A path from ``source`` to ``target`` that passes no node in ``avoid``."""
        parents: dict[str, str | None] = {source: None}
        queue = deque([source])
        while queue:
            current = queue.popleft()
            if current == target:
                path = [current]
                while parents[path[-1]] is not None:
                    path.append(parents[path[-1]])  # type: ignore[arg-type]
                return path[::-1]
            for edge in self.outgoing[current]:
                if edge.target not in parents and edge.target not in avoid:
                    parents[edge.target] = current
                    queue.append(edge.target)
        return None

    def _name(self, key: str) -> str:
        node = self.workflow.nodes.get(key)
        return node.name if node is not None else key


def describe_miss(graph: Graph, reader: str, node: Node, state_key: str, writers: tuple[Writer, ...]) -> str:
    """Why no writer of ``state_key`` surely runs before ``reader``: its own later write, a
    loop's first iteration, the route that skips the writer, or a path that misses it."""
    nodes = graph.workflow.nodes
    writing = [k for k, n in nodes.items() if any(w in writers for w in _writes(n))]
    if (reader in writing and all(k == reader for k in writing)) or not writing:
        first = next((w for w in node.writes if w.key == state_key), writers[0])
        return f"it is written by its own {_own(first)} only after its first model call"
    where = ", ".join(f"`{nodes[k].name}` ({_location(nodes[k], writers)})" for k in writing)
    before = graph.must_run_before()
    partial = [k for k in writing if state_key in nodes[k].partial and k in before[reader]]
    if partial:
        routes = nodes[partial[0]].partial[state_key]
        how = f"only on {_route_words(routes)}" if routes else "only on some of its returns"
        return f"`{nodes[partial[0]].name}` writes it {how} ({_location(nodes[partial[0]], writers)})"
    nested = [k for k in writing if nodes[k].workflow is not None and k in before[reader]]
    if nested:
        return f"the nested workflow `{nodes[nested[0]].name}` writes it only on some of its paths"
    if all(reader in before[k] for k in writing):
        loop = any(graph.reaches(k, reader, set()) for k in writing)
        when = "later in the loop: it is missing on the first iteration" if loop else "only after it"
        return f"it is written by {where} {when}"
    avoid = set(writing) - {reader}
    edge = _skipping_route(graph, reader, avoid)
    if edge is not None:
        return f"{_route_words(edge)} of `{graph._name(edge.source)}` skips its writer {where}"
    path = graph.reaches(START, reader, avoid)
    if path:
        return f"the path {' -> '.join(graph._name(k) for k in path)} skips its writer {where}"
    return f"its writer {where} may not run before it"


def _skipping_route(graph: Graph, reader: str, writing: set[str]) -> WorkflowEdge | None:
    """A route that chooses against the writers: on a path from START to ``reader`` that
    avoids every writer, while another route of the same router leads through a writer to
    ``reader``. (A route merely on that path, whose router has no such other route, skips
    nothing: the message names the path then.)"""
    for edge in graph.workflow.edges:
        if edge.route is None or edge.source in writing or edge.target in writing:
            continue
        if not (graph.reaches(START, edge.source, writing) and graph.reaches(edge.target, reader, writing)):
            continue
        for other in graph.outgoing[edge.source]:
            if other.route is not None and set(other.route) & set(edge.route):
                continue  # the same route: taken together with `edge`
            if any(_through(graph, other.target, writer, reader) for writer in writing):
                return edge
    return None


def _through(graph: Graph, start: str, writer: str, reader: str) -> bool:
    """Whether a run from ``start`` reaches ``writer`` before ``reader``, then ``reader``."""
    return graph.reaches(start, writer, {reader}) is not None and graph.reaches(writer, reader, set()) is not None


def _location(node: Node, writers: tuple[Writer, ...]) -> str:
    """Where ``node`` writes the key: the first of its writes among ``writers``."""
    write = min((w for w in _writes(node) if w in writers), key=lambda w: (w.path, w.line, w.column), default=None)
    return f"{write.path}:{write.line}" if write is not None else f"{node.path}:{node.line}"


def _writes(node: Node) -> set[Writer]:
    """What ``node`` may write: its own writes, its ``run_node`` children's, a nested workflow's."""
    if node.workflow is not None:
        return member_writes(node.workflow)
    return {*node.writes, *(w for _, child, _ in node.calls for w in child.writes)}


def _own(writer: Writer) -> str:
    if writer.via == "output_key":
        return "`output_key`"
    return f"{writer.via} `{writer.function}`" if writer.function else writer.via.replace("_", " ")


def _route_words(edge: WorkflowEdge | tuple[str, ...]) -> str:
    routes = edge if isinstance(edge, tuple) else edge.route or ()
    if routes == (DEFAULT_ROUTE,):
        return "the default route"
    return "route " + "/".join(f"`{r}`" for r in routes)


def _path_guards(guards, source: str, target: str, graph: Graph) -> frozenset[WorkflowEdge]:
    """The routes a run through ``source`` into ``target`` takes: its guards and that edge."""
    edges = [e for e in graph.incoming[target] if e.source == source]
    own = frozenset(e for e in edges if e.route is not None) if all(e.route is not None for e in edges) else frozenset()
    return guards[source] | own


def _takes(routes: frozenset[WorkflowEdge], edge: WorkflowEdge) -> bool:
    """Whether a run that took ``routes`` took ``edge``'s choice: the same router, the same
    routes (two edges of one route, as a route that fans out, are one choice)."""
    choice = frozenset(edge.route or ())
    return any(e.source == edge.source and frozenset(e.route or ()) == choice for e in routes)


def _exclusive(first: frozenset[WorkflowEdge], second: frozenset[WorkflowEdge]) -> bool:
    """Whether two sets of routes can never be taken in one pass: the same router, other routes."""
    for a in first:
        for b in second:
            if a.source == b.source and not set(a.route or ()) & set(b.route or ()):
                return True
    return False

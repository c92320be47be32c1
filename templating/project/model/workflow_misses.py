"""Why a read in a workflow may come before every write of its key, in words: the writer's
own later write, a loop's first iteration, the route that skips the writer, or a path that
misses it.

The walks a message needs depend mostly on the writers it avoids, not on the reader: they are
remembered by those writers (a few dozen answers at a time, each a bit set of nodes), so that
a thousand reads of one key cost one walk of the graph, not a thousand.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Hashable
from typing import TypeVar

from templating.project.model.facts import Writer
from templating.project.model.workflow_facts import START, WorkflowEdge
from templating.project.model.workflow_model import Node
from templating.project.model.workflow_paths import LISTED, Graph, listed, node_writes, route_words
from templating.project.model.workflow_walks import walk

__all__ = ["REMEMBERED", "Misses"]

#: How many answers of each kind are remembered (past it they are forgotten all at once).
REMEMBERED = 64

Answer = TypeVar("Answer")


class Misses:
    """The words for the late reads of one workflow's ``graph``."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self._where: dict[tuple[Writer, ...], str] = {}
        self._routes: dict[frozenset[str], list[WorkflowEdge]] = {}
        self._through: dict[frozenset[str], int] = {}
        self._forward: dict[tuple[frozenset[str], str], int] = {}
        self._paths: dict[frozenset[str], dict[str, str | None]] = {}

    def describe(self, reader: str, node: Node, state_key: str, writers: tuple[Writer, ...]) -> str:
        """Why no writer of ``state_key`` surely runs before node ``reader`` (``node`` is the
        node that reads: ``reader`` itself or one it runs)."""
        graph, nodes = self.graph, self.graph.workflow.nodes
        writing = graph.writing(writers)
        if self.written_by_itself(reader, writers):
            first = next((w for w in node.writes if w.key == state_key), writers[0])
            return f"it is written by its own {_own(first)} only after its first model call"
        where = _remember(self._where, writers, lambda: _where(graph, writing, writers))
        partial = [k for k in writing if state_key in nodes[k].partial and graph.runs_before(k, reader)]
        if partial:
            routes = nodes[partial[0]].partial[state_key]
            how = f"only on {route_words(routes)}" if routes else "only on some of its returns"
            return f"`{nodes[partial[0]].name}` writes it {how} ({_location(nodes[partial[0]], writers)})"
        nested = [k for k in writing if nodes[k].workflow is not None and graph.runs_before(k, reader)]
        if nested:
            return f"the nested workflow `{nodes[nested[0]].name}` writes it only on some of its paths"
        if all(graph.runs_before(reader, k) for k in writing):
            loop = any(graph.leads_to(k, reader) for k in writing)
            when = "later in the loop: it is missing on the first iteration" if loop else "only after it"
            return f"it is written by {where} {when}"
        avoid = frozenset(writing) - {reader}
        edge = self._skipping_route(reader, avoid)
        if edge is not None:
            return f"{route_words(edge)} of `{graph.name(edge.source)}` skips its writer {where}"
        path = self._path(reader, avoid)
        if path:
            return f"the path {' -> '.join(graph.name(k) for k in path)} skips its writer {where}"
        return f"its writer {where} may not run before it"

    def written_by_itself(self, reader: str, writers: tuple[Writer, ...]) -> bool:
        """Whether only node ``reader`` itself (its tools, callbacks or output key, after its
        first model call) writes the key ``writers`` write."""
        writing = self.graph.writing(writers)
        return not writing or all(k == reader for k in writing)

    def _skipping_route(self, reader: str, writing: frozenset[str]) -> WorkflowEdge | None:
        """A route that chooses against the writers: on a path from START to ``reader`` that
        avoids every writer, while another route of the same router leads through a writer to
        ``reader``. (A route merely on that path, whose router has no such other route, skips
        nothing: the message names the path then.)"""
        graph = self.graph
        candidates = _remember(self._routes, writing, lambda: self._routes_from_start(writing))
        if not candidates:
            return None
        # The nodes from which a run reaches a writer before the reader, and the reader after it.
        through = self._reaching_writers([w for w in writing if graph.leads_to(w, reader)], reader)
        for edge in candidates:
            if not any(
                graph.has(through, other.target)
                for other in graph.outgoing[edge.source]
                # The same route as `edge` is taken together with it.
                if other.route is None or not set(other.route) & set(edge.route or ())
            ):
                continue
            if graph.has(self._leading(edge.target, writing), reader):
                return edge
        return None

    def _leading(self, start: str, writing: frozenset[str]) -> int:
        """The nodes a run from ``start`` reaches without passing a node of ``writing``."""
        graph = self.graph
        return _remember(self._forward, (writing, start),
                         lambda: graph.mask(walk(graph.outgoing, start, "target", set(writing))))  # fmt: skip

    def _routes_from_start(self, writing: frozenset[str]) -> list[WorkflowEdge]:
        """The routed edges between nodes that write none of the key, on a path from START
        that avoids every writer, in the workflow's order."""
        from_start = walk(self.graph.outgoing, START, "target", set(writing))
        return [
            edge for edge in self.graph.workflow.edges
            if edge.route is not None and edge.source not in writing and edge.target not in writing
            and edge.source in from_start
        ]  # fmt: skip

    def _reaching_writers(self, useful: list[str], reader: str) -> int:
        """The nodes with a path to one of ``useful`` that does not pass ``reader``."""
        graph = self.graph
        free = _remember(self._through, frozenset(useful),
                         lambda: graph.mask(walk(graph.incoming, useful, "source", set(), keep_avoided=True)))  # fmt: skip
        if not graph.has(free, reader):
            return free  # the walk never met the reader: avoiding it changes nothing
        return graph.mask(walk(graph.incoming, useful, "source", {reader}, keep_avoided=True))

    def _path(self, reader: str, avoid: frozenset[str]) -> list[str] | None:
        """A shortest path from START to ``reader`` that passes no node in ``avoid`` (the
        first a breadth-first walk finds)."""
        parents = _remember(self._paths, avoid, lambda: self._breadth_first(avoid))
        if reader not in parents:
            return None
        path = [reader]
        while (parent := parents[path[-1]]) is not None:
            path.append(parent)
        return path[::-1]

    def _breadth_first(self, avoid: frozenset[str]) -> dict[str, str | None]:
        """The parent of each node a breadth-first walk from START that avoids ``avoid`` reaches."""
        parents: dict[str, str | None] = {START: None}
        queue = deque([START])
        while queue:
            current = queue.popleft()
            for edge in self.graph.outgoing[current]:
                if edge.target not in parents and edge.target not in avoid:
                    parents[edge.target] = current
                    queue.append(edge.target)
        return parents


def _remember(memo: dict, question: Hashable, answer: Callable[[], Answer]) -> Answer:
    """``memo``'s answer to ``question``, worked out by ``answer()`` the first time."""
    if question not in memo:
        if len(memo) >= REMEMBERED:
            memo.clear()
        memo[question] = answer()
    return memo[question]


def _where(graph: Graph, writing: list[str], writers: tuple[Writer, ...]) -> str:
    """The writing nodes, each with where it writes the key (the first `LISTED`)."""
    nodes = graph.workflow.nodes
    return listed([f"`{nodes[k].name}` ({_location(nodes[k], writers)})" for k in writing[: LISTED + 1]], len(writing))


def _location(node: Node, writers: tuple[Writer, ...]) -> str:
    """Where ``node`` writes the key: the first of its writes among ``writers``."""
    write = min((w for w in node_writes(node) if w in writers), key=lambda w: (w.path, w.line, w.column), default=None)
    return f"{write.path}:{write.line}" if write is not None else f"{node.path}:{node.line}"


def _own(writer: Writer) -> str:
    if writer.via == "output_key":
        return "`output_key`"
    return f"{writer.via} `{writer.function}`" if writer.function else writer.via.replace("_", " ")

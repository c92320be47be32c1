"""Walks of a workflow's graph, each without recursion (a chain of any length is walked) and
each in time linear in its nodes and edges: the order a fixpoint settles fastest in, what a
walk from some nodes reaches, and which nodes lead to which (one set per strongly connected
component, as a `bit_sets` integer)."""

from __future__ import annotations

from templating.project.model.workflow_facts import START, WorkflowEdge

__all__ = ["ancestors", "forward_order", "walk"]

Edges = dict[str, list[WorkflowEdge]]


def forward_order(keys: list[str], outgoing: Edges) -> list[str]:
    """``keys`` in reverse postorder of a depth-first walk from START, then the nodes START
    does not reach, in their order."""
    seen = {START} if START in outgoing else set()
    finished: list[str] = []
    stack = [(START, iter(outgoing[START]))] if START in outgoing else []
    while stack:
        key, edges = stack[-1]
        following = next((e.target for e in edges if e.target not in seen), None)
        if following is None:
            finished.append(key)
            stack.pop()
        else:
            seen.add(following)
            stack.append((following, iter(outgoing[following])))
    return [*reversed(finished), *(key for key in keys if key not in seen)]


def walk(edges: Edges, start, end: str, avoid: set[str], keep_avoided: bool = False) -> set[str]:
    """The nodes reached from ``start`` (a node or a list of them) along ``edges`` toward
    their ``end`` (``target``: forward, ``source``: backward), never through a node of
    ``avoid`` (a start node is always reached; ``keep_avoided``: an avoided node is
    reached, but not walked through)."""
    found = {start} if isinstance(start, str) else set(start)
    pending = [key for key in found if key not in avoid or isinstance(start, str)]
    while pending:
        for edge in edges[pending.pop()]:
            following = getattr(edge, end)
            if following in found or (following in avoid and not keep_avoided):
                continue
            found.add(following)
            if following not in avoid:
                pending.append(following)
    return found


def ancestors(keys: list[str], outgoing: Edges, numbers: dict[str, int]) -> tuple[dict[str, int], list[int]]:
    """Which nodes lead to each node (itself included): each node's component and, per
    component, the set of the ``numbers`` of the nodes with a path into it. Nodes of one
    strongly connected component lead to each other, so one set serves them all; the
    components come in an order where every edge goes forward, so each set is its own
    nodes and those of the components with an edge into it."""
    components = _components(keys, outgoing)
    component = {key: index for index, members in enumerate(components) for key in members}
    sets: list[int] = []
    for members in components:
        mask = 0
        for key in members:
            mask |= 1 << numbers[key]
        sets.append(mask)
    # An edge from an earlier component into a later one: the later inherits the earlier's set.
    incoming: list[list[int]] = [[] for _ in components]
    for key in keys:
        for edge in outgoing[key]:
            if component[edge.target] != component[key]:
                incoming[component[edge.target]].append(component[key])
    for index, sources in enumerate(incoming):
        for source in sources:
            sets[index] |= sets[source]
    return component, sets


def _components(keys: list[str], outgoing: Edges) -> list[list[str]]:
    """The strongly connected components of the graph (Tarjan's algorithm, with an explicit
    stack), sources first: every edge between two components goes to a later one."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in keys:
        if root in index:
            continue
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        work = [(root, iter(outgoing[root]))]
        while work:
            key, edges = work[-1]
            following = None
            for edge in edges:
                if edge.target not in index:
                    following = edge.target
                    break
                if edge.target in on_stack:
                    low[key] = min(low[key], index[edge.target])
            if following is not None:
                index[following] = low[following] = len(index)
                stack.append(following)
                on_stack.add(following)
                work.append((following, iter(outgoing[following])))
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[key])
            if low[key] == index[key]:
                members = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    members.append(member)
                    if member == key:
                        break
                found.append(members)
    found.reverse()  # Tarjan finds a component after every component it leads to
    return found

"""Which route choices a workflow run can make together in one pass.

A node behind route ``A`` of a router and a node behind route ``B`` of the same router never
both run in one pass; nodes behind no common router may. These questions are asked for every
predecessor of every node, so they are answered in linear time for the common shape (each
predecessor behind at most one routed edge) and under a budget otherwise. A set of routed
edges is a bit set (`bit_sets`) over the workflow's numbered routed edges: two predecessors
behind the same long chain of routes share most of their edges, and only the edges one has
and the other lacks are looked at.
"""

from __future__ import annotations

from templating.project.model.bit_sets import Numbering
from templating.project.model.workflow_facts import WorkflowEdge

__all__ = ["COMPARISONS", "RouteSets"]


#: The most pairs of route sets compared for one node's predecessors; past it, those not yet
#: found concurrent are taken not to be (a fan-in finding is never guessed).
COMPARISONS = 1_000_000


class RouteSets:
    """The routed edges of one workflow, numbered, and the questions asked of sets of them."""

    def __init__(self, routed: Numbering[WorkflowEdge]) -> None:
        self.routed = routed
        #: Each router's routed edges, as a bit set.
        self.by_router: dict[str, int] = {}
        for number, edge in enumerate(routed.members):
            self.by_router[edge.source] = self.by_router.get(edge.source, 0) | 1 << number
        #: The routers two of whose edges may choose apart (or one edge with no route):
        #: only there can a set of edges be exclusive with itself.
        self.forking = [
            mask for mask in self.by_router.values()
            if mask.bit_count() > 1 or not routed.members[mask.bit_length() - 1].route
        ]  # fmt: skip

    def edges(self, mask: int) -> list[WorkflowEdge]:
        """The edges of the bit set ``mask``."""
        return self.routed.decode(mask)

    def concurrent(self, candidates: list[str], paths: dict[str, int]) -> list[str]:
        """The candidates that may run in one pass with another: whose routes are not
        exclusive with some other candidate's. When each is behind at most one route (a
        router's map, the common shape), counting routes per router answers for all in
        linear time."""
        if all(paths[p].bit_count() <= 1 for p in candidates):
            return _concurrent_single(candidates, {p: self.edges(paths[p]) for p in candidates})
        found: list[str] = []
        budget = COMPARISONS
        for p in candidates:
            for q in candidates:
                budget -= 1
                if budget < 0:
                    return found
                if q != p and not self.exclusive(paths[p], paths[q]):
                    found.append(p)
                    break
        return found

    def exclusive(self, first: int, second: int) -> bool:
        """Whether two sets of routes can never be taken in one pass: the same router, other
        routes. A pair with an edge the other set lacks is found from that edge's router;
        a pair inside the common edges only at a router that forks."""
        for own, other in ((first & ~second, second), (second & ~first, first)):
            for a in self.edges(own):
                if any(_apart(a, b) for b in self.edges(other & self.by_router[a.source])):
                    return True
        common = first & second
        return any(_forks(self.edges(common & router)) for router in self.forking)

    def takes(self, routes: int, edge: WorkflowEdge) -> bool:
        """Whether a run that took ``routes`` took ``edge``'s choice: the same router, the
        same routes (two edges of one route, as a route that fans out, are one choice)."""
        choice = frozenset(edge.route or ())
        return any(frozenset(e.route or ()) == choice for e in self.edges(routes & self.by_router.get(edge.source, 0)))


def _forks(edges: list[WorkflowEdge]) -> bool:
    """Whether two of ``edges`` (one router's; an edge with itself too) are taken on no
    common route."""
    routes = list({frozenset(e.route or ()) for e in edges})
    if not routes:
        return False
    if not all(routes):
        return True  # an edge on no route shares none with any edge, itself included
    if frozenset.intersection(*routes):
        return False  # one route is on every edge: every two share it
    return any(not a & b for i, a in enumerate(routes) for b in routes[i + 1 :])


def _apart(a: WorkflowEdge, b: WorkflowEdge) -> bool:
    """Whether two edges of one router are taken on no common route."""
    return not set(a.route or ()) & set(b.route or ())


def _concurrent_single(candidates: list[str], paths: dict[str, list[WorkflowEdge]]) -> list[str]:
    """`RouteSets.concurrent` when each candidate is behind at most one routed edge: two
    are exclusive only when behind one router on disjoint routes."""
    per_router: dict[str, int] = {}
    per_route: dict[tuple[str, str], int] = {}
    for p in candidates:
        for edge in paths[p]:
            per_router[edge.source] = per_router.get(edge.source, 0) + 1
            for route in set(edge.route or ()):
                per_route[edge.source, route] = per_route.get((edge.source, route), 0) + 1
    found = []
    for p in candidates:
        if not paths[p]:
            concurrent = len(candidates) > 1
        else:
            (edge,) = paths[p]
            concurrent = (
                len(candidates) - per_router[edge.source] > 0  # another router's, or unguarded
                or any(per_route[edge.source, route] > 1 for route in set(edge.route or ()))
            )
        if concurrent:
            found.append(p)
    return found

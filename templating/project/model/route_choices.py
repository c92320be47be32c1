"""Which route choices a workflow run can make together in one pass.

A node behind route ``A`` of a router and a node behind route ``B`` of the same router never
both run in one pass; nodes behind no common router may. These questions are asked for every
predecessor of every node, so they are answered in linear time for the common shape (each
predecessor behind at most one routed edge) and under a budget otherwise.
"""

from __future__ import annotations

from templating.project.model.workflow_facts import WorkflowEdge

__all__ = ["COMPARISONS", "concurrent", "exclusive", "takes"]


#: The most pairs of route sets compared for one node's predecessors; past it, those not yet
#: found concurrent are taken not to be (a fan-in finding is never guessed).
COMPARISONS = 1_000_000


def concurrent(candidates: list[str], paths: dict[str, frozenset[WorkflowEdge]]) -> list[str]:
    """The candidates that may run in one pass with another: whose routes are not exclusive
    with some other candidate's. When each is behind at most one route (a router's map, the
    common shape), counting routes per router answers for all in linear time."""
    if all(len(paths[p]) <= 1 for p in candidates):
        return _concurrent_single(candidates, paths)
    found: list[str] = []
    budget = COMPARISONS
    for p in candidates:
        for q in candidates:
            budget -= 1
            if budget < 0:
                return found
            if q != p and not exclusive(paths[p], paths[q]):
                found.append(p)
                break
    return found


def _concurrent_single(candidates: list[str], paths: dict[str, frozenset[WorkflowEdge]]) -> list[str]:
    """`concurrent` when each candidate is behind at most one routed edge: two are
    exclusive only when behind one router on disjoint routes."""
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


def takes(routes: frozenset[WorkflowEdge], edge: WorkflowEdge) -> bool:
    """Whether a run that took ``routes`` took ``edge``'s choice: the same router, the same
    routes (two edges of one route, as a route that fans out, are one choice)."""
    choice = frozenset(edge.route or ())
    return any(e.source == edge.source and frozenset(e.route or ()) == choice for e in routes)


def exclusive(first: frozenset[WorkflowEdge], second: frozenset[WorkflowEdge]) -> bool:
    """Whether two sets of routes can never be taken in one pass: the same router, other routes."""
    for a in first:
        for b in second:
            if a.source == b.source and not set(a.route or ()) & set(b.route or ()):
                return True
    return False

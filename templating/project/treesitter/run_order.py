"""The order in which a JVM custom agent's ``runAsyncImpl`` uses the agents it holds.

adk-java's custom agents chain their sub-agents' runs (``Flowable.concatArray(a.runAsync(ctx),
...)``, ``Flowable.defer(() -> b.runAsync(ctx))``) and adk-kotlin's collect them in a ``flow {
}`` (``emitAll(a.runAsync(context))``): each runs after the one before it completes, so the
order the body names them in is the order they run in. A flow held in a local first
(``Flowable<Event> first = a.runAsync(ctx)``) runs where the local is used, not where it is
built. An operator that runs flows side by side (``merge``, ``zip``, ``launch``) leaves no
order, and so does an agent first named under a condition (``if``, ``when``, ``? :``): a guard
may hold it back until a later one has run. Then nothing is concluded. A repeat under a
condition (a stage run again) keeps the order of the first run.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["CONCURRENT", "mention_order"]

#: Calls that run flows side by side (RxJava, Reactor, kotlinx.coroutines).
CONCURRENT = frozenset({
    "merge", "mergeArray", "mergeWith", "mergeDelayError", "mergeArrayDelayError", "zip", "zipWith", "zipArray",
    "amb", "ambArray", "ambWith", "combineLatest", "combine", "parallel", "flatMapMerge", "launch", "async",
    "channelFlow", "subscribeOn", "awaitAll", "flatMap",
})  # fmt: skip


def mention_order(
    body: Node,
    fields: Collection[str],
    text_of: Callable[[Node], str],
    identifiers: Collection[str],
    declared: Callable[[Node], tuple[str, Node] | None],
    conditions: Collection[str] = (),
) -> list[str] | None:
    """The ``fields`` ``body`` names, in the order they run (each once); ``None`` when the body
    calls an operator that runs flows side by side or first names one under a condition.
    ``identifiers`` and ``conditions`` are the grammar's identifier and conditional node types,
    ``declared`` gives a local declaration's name and value."""
    order: list[str] = []
    # What each local's value names, with whether under a condition: judged where it is used.
    held: dict[str, list[tuple[str, bool]]] = {}
    stack: list[tuple[Node, list[tuple[str, bool]] | None, bool]] = [(body, None, False)]
    while stack:
        node, into, guarded = stack.pop()
        if node.type in identifiers:
            name = text_of(node)
            if name in CONCURRENT:
                return None
            named = [(name, guarded)] if name in fields else [(n, g or guarded) for n, g in held.pop(name, [])]
            if into is not None:
                into.extend(named)
                continue
            for field, under in named:
                if field in order:
                    continue  # run again: its first run is its place
                if under:
                    return None  # a guard may hold it back until a later one has run
                order.append(field)
            continue
        declaration = declared(node)
        if declaration is not None:
            local, value = declaration
            held[local] = []
            stack.append((value, held[local], guarded))
            continue
        inner = guarded or node.type in conditions
        stack.extend((child, into, inner) for child in reversed(node.named_children))
    return order

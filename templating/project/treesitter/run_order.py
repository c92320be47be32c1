"""The order in which a JVM custom agent's ``runAsyncImpl`` uses the agents it holds.

adk-java's custom agents chain their sub-agents' runs (``Flowable.concatArray(a.runAsync(ctx),
...)``, ``Flowable.defer(() -> b.runAsync(ctx))``) and adk-kotlin's collect them in a ``flow {
}`` (``emitAll(a.runAsync(context))``): each runs after the one before it completes, so the
order the body names them in is the order they run in. A flow held in a local first
(``Flowable<Event> first = a.runAsync(ctx)``) runs where the local is used, not where it is
built. An operator that runs flows side by side (``merge``, ``zip``, ``launch``) leaves no
order: then nothing is concluded.
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
) -> list[str] | None:
    """The ``fields`` ``body`` names, in the order they run (each once); ``None`` when the body
    calls an operator that runs flows side by side. ``identifiers`` are the grammar's identifier
    node types, ``declared`` gives a local declaration's name and value."""
    order: list[str] = []
    held: dict[str, list[str]] = {}
    stack: list[tuple[Node, list[str] | None]] = [(body, None)]
    while stack:
        node, into = stack.pop()
        if node.type in identifiers:
            name = text_of(node)
            if name in CONCURRENT:
                return None
            named = [name] if name in fields else held.pop(name, [])
            target = order if into is None else into
            target.extend(n for n in named if n not in target)
            continue
        declaration = declared(node)
        if declaration is not None:
            local, value = declaration
            held[local] = []
            stack.append((value, held[local]))
            continue
        stack.extend((child, into) for child in reversed(node.named_children))
    return order

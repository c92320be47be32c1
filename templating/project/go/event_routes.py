"""Routes a Go function node sets on the events it emits, and the state each event writes.

adk-go v2 picks a node's successors by the ``Routes`` of the event it yields (``workflow/
workflow.go``: ``matchRoute`` compares each edge's route with ``event.Routes``); a function
node sets them on an event it builds itself (``ev := session.NewEvent(...); ev.Routes =
[]string{"keep"}; emit(ev)``, adk-go ``examples/workflow/routing/*``), and that event's
``ev.Actions.StateDelta["k"] = v`` is applied when it is. So when a function builds several
events, a key only some of them write is written only on their routes: the neutral model's
`PartialWrite`, as for a Python node returning ``Event(route=..., state=...)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.agents import constant_text
from templating.project.model.workflow_facts import NodeFunction, PartialWrite, WorkflowFacts

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["route_functions"]

_UNKNOWN = "\0"  # a route that is not a constant


def route_functions(
    file: GoFile, package: Package, key: str, workflows: tuple[WorkflowFacts, ...]
) -> dict[str, NodeFunction]:
    """The function nodes of ``file`` whose events write some keys on some routes only."""
    found: dict[str, NodeFunction] = {}
    for node in (n for w in workflows for n in w.nodes if n.kind == "function" and n.ref and n.ref.module == key):
        function = file.functions.get(node.ref.name)  # type: ignore[union-attr]
        body = function.child_by_field_name("body") if function is not None else None
        events = _events(body, file, package) if body is not None else {}
        partial = _partial(events)
        if partial:
            found[node.ref.name] = NodeFunction(node.ref.name, node.name, (), (), partial=partial)  # type: ignore[union-attr]
    return found


def _events(body: Node, file: GoFile, package: Package) -> dict[str, tuple[set[str], dict[str, list[int]]]]:
    """Each event local of ``body``: the routes set on it, and the lines writing each key."""
    events: dict[str, tuple[set[str], dict[str, list[int]]]] = {}
    stack = [body]
    while stack:
        node = stack.pop()
        stack.extend(reversed(node.named_children))
        if node.type == "short_var_declaration" and _is_event(node.child_by_field_name("right"), file):
            left = node.child_by_field_name("left")
            if left is not None and left.named_child_count == 1:
                events[file.parsed.text_of(left.named_children[0])] = (set(), {})
        elif node.type == "assignment_statement":
            _assignment(node, file, package, events)
    return events


def _is_event(values: Node | None, file: GoFile) -> bool:
    text = file.parsed.text_of(values) if values is not None else ""
    return ".NewEvent(" in text or text.lstrip("&").split("{", 1)[0].endswith(".Event")


def _assignment(node: Node, file: GoFile, package: Package, events: dict) -> None:
    left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
    target = left.named_children[0] if left is not None and left.named_child_count == 1 else None
    if target is None or right is None:
        return
    if target.type == "selector_expression" and file.parsed.text_of(target.child_by_field_name("field")) == "Routes":  # type: ignore[arg-type]
        event = events.get(file.parsed.text_of(target.child_by_field_name("operand")))  # type: ignore[arg-type]
        if event is not None:
            event[0].update(_route_values(right, file, package))
    elif target.type == "index_expression":
        delta = target.child_by_field_name("operand")
        text = file.parsed.text_of(delta) if delta is not None else ""
        event = events.get(text.removesuffix(".Actions.StateDelta")) if text.endswith(".Actions.StateDelta") else None
        key = constant_text(target.child_by_field_name("index"), file, package)
        if event is not None and key is not None:
            event[1].setdefault(key, []).append(node.start_point[0] + 1)


def _route_values(right: Node, file: GoFile, package: Package) -> set[str]:
    literal = right.named_children[0] if right.named_child_count == 1 else None
    body = literal.child_by_field_name("body") if literal is not None and literal.type == "composite_literal" else None
    if body is None:
        return {_UNKNOWN}
    values = [constant_text(item.named_children[0] if item.named_child_count else item, file, package)
              for item in body.named_children]  # fmt: skip
    return {value if value is not None else _UNKNOWN for value in values} or {_UNKNOWN}


def _partial(events: dict[str, tuple[set[str], dict[str, list[int]]]]) -> tuple[PartialWrite, ...]:
    """The keys some routed events write and others do not. Only events that set ``Routes``
    count (another event, a progress message, selects no route), and only when every one of
    them names constant routes no other shares: otherwise nothing is concluded."""
    routed = [(routes, writes) for routes, writes in events.values() if routes]
    every = [route for routes, _ in routed for route in routes]
    if len(routed) < 2 or _UNKNOWN in every or len(every) != len(set(every)):
        return ()
    found = []
    for key in sorted({key for _, writes in routed for key in writes}):
        writing = set().union(*(routes for routes, writes in routed if key in writes))
        skipping = set().union(*(routes for routes, writes in routed if key not in writes))
        if skipping:
            lines = tuple((line, line) for _, writes in routed for line in writes.get(key, ()))
            found.append(PartialWrite(key, tuple(sorted(writing)), lines, tuple(sorted(skipping))))
    return tuple(found)

"""adk-go v2's ``workflow.EdgeBuilder``: the edges ``Build()`` returns.

From adk-go ``workflow/edgebuilder.go``: ``Add(from, to)`` appends one edge, ``AddRoute(from,
to, route)`` one edge on a route, ``AddFanOut(from, to...)`` one edge to each target,
``AddFanIn(to, from...)`` one from each source, ``AddRoutes(from, map[string]Node{...})`` one
``StringRoute`` edge per entry; ``Build()`` returns what was appended so far. A builder is read
as a chain (``workflow.NewEdgeBuilder().Add(a, b).Build()``) or as a local the function binds
once and calls in straight-line statements before ``Build()``. A call under an ``if``, a loop or
a closure, or the builder handed to other code, may add edges the reader cannot see: then the
edges are unknown.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from templating.project.go.agents import constant_text
from templating.project.go.locals import local_values
from templating.project.go.syntax import enclosing_function, under, value_of
from templating.project.model.workflow_facts import WorkflowEdge
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["builder_edges"]

_METHODS = frozenset({"Add", "AddRoute", "AddFanOut", "AddFanIn", "AddRoutes"})
#: Statements under which a builder call may run zero or many times.
_BRANCHES = frozenset({
    "if_statement", "for_statement", "expression_switch_statement", "type_switch_statement", "select_statement",
    "func_literal", "go_statement", "defer_statement",
})  # fmt: skip


class _Reader(Protocol):
    file: GoFile
    package: Package
    alias: str | None

    def _node(self, expression: Node) -> str | None: ...
    def _route(self, node: Node) -> tuple[str, ...]: ...


def builder_edges(reader: _Reader, build: Node) -> list[WorkflowEdge] | None:
    """The edges ``build`` (a ``<builder>.Build()`` call) returns; ``None`` when unknown."""
    file = reader.file
    function = build.child_by_field_name("function")
    operand = function.child_by_field_name("operand") if function is not None else None
    if operand is None:
        return None
    calls, base = _unwind(operand, file)
    if base is None:
        return None
    if base.type == "identifier":
        values = local_values(base, file)
        held = values[0] if values is not None and len(values) == 1 else None
        if held is None:
            return None
        first, held_base = _unwind(held, file)
        statements = _statement_calls(base, build, file)
        if held_base is None or not _is_new(held_base, reader) or statements is None:
            return None
        calls = first + statements + calls
    elif not _is_new(base, reader):
        return None
    edges: list[WorkflowEdge] = []
    for call in calls:
        added = _edges_of(reader, call)
        if added is None:
            return None
        edges.extend(added)
    return edges


def _unwind(node: Node, file: GoFile) -> tuple[list[Node], Node | None]:
    """The builder method calls of a chain, first to last, and what the chain starts from."""
    calls: list[Node] = []
    while node.type == "call_expression":
        function = node.child_by_field_name("function")
        field = function.child_by_field_name("field") if function is not None else None
        if function is None or field is None or file.parsed.text_of(field) not in _METHODS:
            break
        calls.append(node)
        operand = function.child_by_field_name("operand")
        if operand is None:
            return [], None
        node = operand
    calls.reverse()
    return calls, node


def _is_new(node: Node, reader: _Reader) -> bool:
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    return function is not None and reader.file.parsed.text_of(function) == f"{reader.alias}.NewEdgeBuilder"


def _statement_calls(local: Node, build: Node, file: GoFile) -> list[Node] | None:
    """The builder calls on the local ``local`` names made before ``build``, in order; ``None``
    when one may run other than once or the builder is used another way."""
    scope = enclosing_function(build, file.parsed.root)
    body = scope.child_by_field_name("body") if scope is not None else None
    if body is None:
        return None
    name = file.parsed.text_of(local)
    found: list[Node] = []
    if body.id not in file.identifier_uses:
        uses: dict[str, list[Node]] = {}
        for match in matches(query("templating.project.go", "identifiers", "go"), body):
            uses.setdefault(file.parsed.text_of(match["name"][0]), []).append(match["name"][0])
        file.identifier_uses[body.id] = uses
    for use in file.identifier_uses[body.id].get(name, ()):
        if use.start_byte >= build.start_byte:
            continue
        parent = use.parent
        if (
            parent is not None
            and parent.type == "expression_list"
            and parent.parent is not None
            and parent.parent.type == "short_var_declaration"
            and parent == parent.parent.child_by_field_name("left")
        ):
            continue  # its declaration
        selector = parent if parent is not None and parent.type == "selector_expression" else None
        call = selector.parent if selector is not None else None
        field = selector.child_by_field_name("field") if selector is not None else None
        if (
            call is None
            or call.type != "call_expression"
            or field is None
            or file.parsed.text_of(field) not in _METHODS
            or under(call, _BRANCHES, body)
        ):
            return None
        top = call
        while (
            top.parent is not None
            and top.parent.type == "selector_expression"
            and top.parent.parent is not None
            and top.parent.parent.type == "call_expression"
        ):
            top = top.parent.parent
        calls, _ = _unwind(top, file)
        found.extend(calls)
    return found


def _edges_of(reader: _Reader, call: Node) -> list[WorkflowEdge] | None:
    file = reader.file
    method = file.parsed.text_of(call.child_by_field_name("function").child_by_field_name("field"))  # type: ignore[union-attr, arg-type]
    arguments = call.child_by_field_name("arguments")
    values = [v for v in (arguments.named_children if arguments is not None else ()) if v.type != "comment"]
    if not values or any(v.type == "variadic_argument" for v in values):
        return None  # `to...` spread from a slice: its nodes are not written here
    if method == "AddRoutes":
        return _routes(reader, values)
    names = [reader._node(v) for v in (values[:2] if method in ("Add", "AddRoute") else values)]
    if any(n is None for n in names) or (method in ("Add", "AddRoute") and len(values) != 2 + (method == "AddRoute")):
        return None
    if method == "Add":
        return [WorkflowEdge(names[0], names[1])]  # type: ignore[arg-type]
    if method == "AddRoute":
        return [WorkflowEdge(names[0], names[1], reader._route(values[2]))]  # type: ignore[arg-type]
    if method == "AddFanOut":
        return [WorkflowEdge(names[0], target) for target in names[1:]]  # type: ignore[arg-type]
    return [WorkflowEdge(source, names[0]) for source in names[1:]]  # type: ignore[arg-type]


def _routes(reader: _Reader, values: list[Node]) -> list[WorkflowEdge] | None:
    """``AddRoutes(from, map[string]Node{"route": node, ...})``: one string route per entry."""
    source = reader._node(values[0])
    literal = values[1] if len(values) == 2 else None
    body = literal.child_by_field_name("body") if literal is not None and literal.type == "composite_literal" else None
    if source is None or body is None:
        return None
    edges = []
    for element in body.named_children:
        if element.type != "keyed_element" or element.named_child_count != 2:
            return None
        key, value = (value_of(part) for part in element.named_children)
        route = constant_text(key, reader.file, reader.package)
        target = reader._node(value)
        if route is None or target is None:
            return None
        edges.append(WorkflowEdge(source, target, (route,)))
    return edges

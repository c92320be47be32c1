"""adk-js 2.x graph workflows: ``new Workflow({name, edges})`` read as the package builds them.

Read from ``@google/adk`` 2.0.0 (``dist/esm/workflow/utils/graph_parser.js``): an edge item is
an array (a chain: consecutive elements become edges) or ``new Edge(from, to, route)``; an array
inside a chain is a fan-out group; an object right of an element is a routing map (one routed
edge per key; ``[DEFAULT_ROUTE]`` or ``__DEFAULT__`` is the default route), left of one it joins
all its targets to the next element. ``'START'`` and ``START`` are the start. A node is named as
the package names it: a function by its own name (``const f = async (ctx, input) => ...`` is
``f``), ``new FunctionNode('name', handler)`` and ``node(x, {name})`` by the name given, an
agent, ``JoinNode`` or nested ``Workflow`` by its ``name``. ``dynamicEntry: f`` is one function
node after the start, which runs others with ``ctx.runNode(...)``.

A function node is ``(ctx, input)``: it binds nothing from state (no parameters are read), and
what it returns is the node's output, not state (`NodeFunction.outputs`). An edge item or a
node of a shape this module does not know makes the workflow *unknown*.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from templating.project.model.facts import Ref
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.workflow_facts import (
    MAX_EDGES,
    START,
    EdgeList,
    Routing,
    WorkflowEdge,
    WorkflowFacts,
    WorkflowNode,
    add_chain,
    finish_facts,
)  # fmt: skip
from templating.project.noqa import noqa_codes, noqa_pattern
from templating.project.typescript.evaluate import FUNCTION_KINDS
from templating.project.typescript.modules import ScriptModule, unwrap
from templating.project.typescript.node_functions import arguments_of, options_of
from templating.project.typescript.vocabulary import AGENT_CLASSES, port_of_specifier
from templating.project.typescript.writes import string_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["read_workflows"]

_MAX_DEPTH = 8
_NOQA = noqa_pattern("//")
_TOOLS = frozenset({"FunctionTool", "LongRunningFunctionTool"})


def read_workflows(module: ScriptModule, key: str, ref_of: Callable[[Node], Ref | None],
                   bound: Callable[[Node], str | None]) -> tuple[WorkflowFacts, ...]:  # fmt: skip
    """Every adk-js ``new Workflow({...})`` of ``module`` (file key ``key``); ``ref_of`` gives
    the `Ref` an identifier stands for, ``bound`` the variable a construction is bound to."""
    if not _imports_port_name(module, "Workflow"):
        return ()
    reader = _GraphReader(module, key, ref_of)
    return tuple(reader.read(call, bound(call)) for call in _constructions(module, "Workflow"))


class _GraphReader:
    """Expands one module's edge lists into nodes and edges."""

    def __init__(self, module: ScriptModule, key: str, ref_of: Callable[[Node], Ref | None]) -> None:
        self.module, self.key, self.ref_of = module, key, ref_of
        self.text = module.parsed.text_of

    def read(self, call: Node, variable: str | None) -> WorkflowFacts:
        line, column = call.start_point[0] + 1, call.start_point[1] + 1
        self.nodes: dict[str, WorkflowNode] = {START: WorkflowNode(START, "start", None, line, column)}
        self.edges = EdgeList(self.nodes)
        self.unknown = False
        options = _options(call)
        entry = options.get("dynamicEntry")
        if entry is not None:
            self.edges.add([WorkflowEdge(START, self._node(entry))])
        else:
            items = self._items(options.get("edges"))
            for item in items or ():
                if self.edges.full:
                    break
                self._item(item)
            self.unknown = self.unknown or items is None
        variable = variable or f"<workflow {line}:{column}>"
        name = string_of(options.get("name"), self.module) or variable
        return finish_facts(variable, name, self.module.source.path, (line, column), self.nodes, self.edges,
                            self.unknown)  # fmt: skip

    def _items(self, edges: Node | None, depth: int = 0) -> list[Node] | None:
        """The items of an edge list written inline or in a top-level ``const`` (spreads of
        such lists included); ``None`` when it is built some other way."""
        if edges is None or depth > _MAX_DEPTH:
            return None
        edges = unwrap(edges)
        if edges.type == "identifier":
            value = self.module.values.get(self.text(edges))
            return self._items(value, depth + 1) if value is not None else None
        if edges.type != "array":
            return None
        items: list[Node] = []
        for element in _elements(edges):
            inner = self._items(element.named_children[0], depth + 1) if element.type == "spread_element" else [element]
            if inner is None or len(items) + len(inner) > MAX_EDGES:
                return None
            items.extend(inner)
        return items

    def _item(self, item: Node) -> None:
        item = unwrap(item)
        if item.type == "array":
            elements = [unwrap(element) for element in _elements(item)]
            if not add_chain(self.edges, elements, _is_object, self._group, self._routing):
                self.unknown = True  # the package rejects two routing maps in a row
        elif item.type == "new_expression" and self._constructor(item) == "Edge":
            values = arguments_of(item)
            if len(values) < 2:
                self.unknown = True
                return
            routes = self._routes(values[2]) if len(values) > 2 and self.text(values[2]) != "null" else None
            targets = self._group(values[1])
            for source in self._group(values[0]):
                self.edges.add(WorkflowEdge(source, target, routes) for target in targets)
        else:
            self.unknown = True

    def _routing(self, mapping: Node) -> Routing:
        found = []
        for member in mapping.named_children:
            key = member.child_by_field_name("key") if member.type == "pair" else None
            value = member.child_by_field_name("value") if member.type == "pair" else None
            if key is None or value is None:
                self.unknown = True  # a spread or a method: routes we cannot see
                continue
            found.append((self._route_key(key), self._group(value)))
        return found

    def _route_key(self, key: Node) -> tuple[str, ...]:
        if key.type in ("property_identifier", "number"):
            return (self.text(key),)
        if key.type == "computed_property_name" and key.named_children:
            return self._routes(key.named_children[0])
        text = string_of(key, self.module)
        if text is None:
            self.unknown = True
            return ("?",)
        return (text,)

    def _routes(self, node: Node) -> tuple[str, ...]:
        node = unwrap(node)
        if node.type == "array":
            return tuple(route for element in _elements(node) for route in self._routes(element))
        if node.type in ("number", "true", "false"):
            return (self.text(node),)
        if node.type == "identifier" and self.text(node) == "DEFAULT_ROUTE":
            return (DEFAULT_ROUTE,)
        text = string_of(node, self.module)
        if text is None:
            self.unknown = True  # a route named by a variable: any route may match
            return ("?",)
        return (text,)

    def _group(self, node: Node) -> list[str]:
        node = unwrap(node)
        if node.type == "array":
            return [name for element in _elements(node) for name in self._group(element)]
        return [self._node(node)]

    def _node(self, node: Node) -> str:
        """The runtime name of the node ``node`` stands for (added to the graph)."""
        node = unwrap(node)
        if string_of(node, self.module) == START or (node.type == "identifier" and self.text(node) == START):
            return START
        found = self._describe(node)
        if found.name not in self.nodes:
            source_line = self.module.source.line_text(found.line)
            match = _NOQA.search(source_line)
            suppressed = noqa_codes(match) if match is not None else frozenset()
            self.nodes[found.name] = dataclasses.replace(found, source_line=source_line, suppressed=suppressed)
        return found.name

    def _describe(self, node: Node, depth: int = 0) -> WorkflowNode:
        node = unwrap(node)
        line, column = node.start_point[0] + 1, node.start_point[1] + 1
        if node.type == "identifier" and depth < _MAX_DEPTH:
            name = self.text(node)
            if name in self.module.functions:
                return WorkflowNode(name, "function", Ref(self.key, name), line, column)
            value = self.module.values.get(name)
            if value is not None:
                if unwrap(value).type in FUNCTION_KINDS:
                    return WorkflowNode(name, "function", Ref(self.key, name), line, column)
                inner = self._describe(value, depth + 1)
                ref = Ref(self.key, name) if inner.kind in ("agent", "workflow", "tool") else inner.ref
                return WorkflowNode(inner.name, inner.kind, ref, line, column, inner.parallel_worker)
            ref = self.ref_of(node)  # imported: the model finds what it is
            return WorkflowNode(ref.name if ref else name, "unknown", ref, line, column)
        if node.type in ("new_expression", "call_expression") and depth < _MAX_DEPTH:
            return self._construction(node, depth, line, column)
        self.unknown = True
        return WorkflowNode(f"<node {line}:{column}>", "unknown", None, line, column)

    def _construction(self, node: Node, depth: int, line: int, column: int) -> WorkflowNode:
        called = self._constructor(node)
        values = arguments_of(node)
        options = _options(node)
        name = string_of(options.get("name"), self.module)
        if called == "JoinNode":
            return WorkflowNode(name or f"<join {line}:{column}>", "join", None, line, column)
        if called == "Workflow":
            return WorkflowNode(name or f"<workflow {line}:{column}>", "workflow",
                                Ref(self.key, f"<workflow {line}:{column}>"), line, column)  # fmt: skip
        if called in AGENT_CLASSES and name is not None:
            return WorkflowNode(name, "agent", self.ref_of(node), line, column)
        if called == "FunctionNode" and len(values) > 1:
            inner = self._describe(values[1], depth + 1)
            given = string_of(values[0], self.module)
            return WorkflowNode(given or inner.name, inner.kind, inner.ref, line, column)
        if called in ("node", "ParallelWorker") and values:
            inner = self._describe(values[0], depth + 1)
            given = string_of(options_of(values[1]).get("name"), self.module) if len(values) > 1 else None
            worker = called == "ParallelWorker" or inner.parallel_worker
            return WorkflowNode(given or inner.name, inner.kind, inner.ref, line, column, worker)
        if called in _TOOLS and name is not None:
            return WorkflowNode(name, "tool", None, line, column)
        self.unknown = True
        return WorkflowNode(f"<{called or 'node'} {line}:{column}>", "unknown", None, line, column)

    def _constructor(self, node: Node) -> str | None:
        function = node.child_by_field_name("constructor") or node.child_by_field_name("function")
        if function is not None and function.type == "member_expression":
            function = function.child_by_field_name("property")
        return self.text(function) if function is not None else None


def _imports_port_name(module: ScriptModule, name: str) -> bool:
    imported = module.imports.get(name)
    return imported is not None and port_of_specifier(imported.specifier) == "adk-js"


def _constructions(module: ScriptModule, class_name: str) -> list[Node]:
    found, stack = [], [module.parsed.root]
    while stack:
        node = stack.pop()
        if node.type == "new_expression":
            constructor = node.child_by_field_name("constructor")
            if constructor is not None and module.parsed.text_of(constructor) == class_name:
                found.append(node)
        stack.extend(reversed(node.named_children))
    return found


def _elements(array: Node) -> list[Node]:
    return [c for c in array.named_children if c.type != "comment"]


def _options(call: Node) -> dict[str, Node]:
    values = arguments_of(call)
    return options_of(values[0]) if values else {}


def _is_object(element: Node) -> bool:
    return element.type == "object"

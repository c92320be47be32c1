"""adk-go v2's graph workflows: ``workflowagent.New(workflowagent.Config{Name, Edges})``.

The edges are read from ``workflow.Chain(a, b, ...)``, ``workflow.Concat(...)`` and
``[]workflow.Edge{{From: a, To: b, Route: workflow.StringRoute("x")}}`` (``workflow.Start`` is
the start, ``workflow.Default`` the default route) and an ``EdgeBuilder``'s ``Build()``
(`templating.project.go.edge_builder`), through locals the function binds once.
A node is a local bound to ``workflow.NewAgentNode(agent, ...)`` (the agent's node),
``workflow.NewFunctionNode("name", fn, ...)`` (the function's: its state writes are the
node's) or ``workflow.NewJoinNode("name")``. Anything else (a node from another package, edges a
function of the program returns) makes the workflow unknown, and nothing is concluded about its order.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from templating.project.go.agents import bound_variable, constant_text, construction
from templating.project.go.edge_builder import builder_edges
from templating.project.go.locals import local_values
from templating.project.go.names import reference
from templating.project.go.syntax import fields, value_of
from templating.project.go.vocabulary import ADK_IMPORT, NODE_CONSTRUCTORS, WORKFLOW_AGENT_PACKAGE, WORKFLOW_PACKAGE
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.workflow_facts import START, WorkflowEdge, WorkflowFacts, WorkflowNode
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["read_workflows"]


def read_workflows(file: GoFile, package: Package, imports: dict[str, str]) -> tuple[WorkflowFacts, ...]:
    """Every ``workflowagent.New(workflowagent.Config{...})`` of ``file``."""
    workflow_alias = next((a for a, p in imports.items() if _is(p, WORKFLOW_PACKAGE)), None)
    found = []
    for match in matches(query("templating.project.go", "configs", "go"), file.parsed.root):
        alias, type_name = file.parsed.text_of(match["package"][0]), file.parsed.text_of(match["type"][0])
        literal = match["literal"][0]
        call = (
            construction(literal, file)
            if type_name == "Config" and _is(imports.get(alias, ""), WORKFLOW_AGENT_PACKAGE)
            else None
        )
        if call is None:
            continue
        config = fields(match["body"][0], file.parsed)
        reader = _EdgeReader(file, package, workflow_alias)
        edges = reader.edges(config["Edges"]) if "Edges" in config else None
        line, column = file.source.position(file.parsed.span(literal)[0])
        variable = bound_variable(call, literal, file, {})
        name = constant_text(config.get("Name"), file, package) or variable
        found.append(WorkflowFacts(
            variable, name, file.source.path, line, column, tuple(reader.nodes.values()), tuple(edges or ()),
            unknown=edges is None or reader.unknown,
        ))  # fmt: skip
    return tuple(found)


def _is(path: str, package: str) -> bool:
    return path.startswith(ADK_IMPORT) and path.rsplit("/", 1)[-1] == package


class _EdgeReader:
    """Reads one workflow's edge expressions; collects the nodes they name."""

    def __init__(self, file: GoFile, package: Package, alias: str | None) -> None:
        self.file, self.package, self.alias = file, package, alias
        self.nodes: dict[str, WorkflowNode] = {START: WorkflowNode(START, "start", None, 1, 1)}
        self.unknown = False

    def edges(self, expression: Node, depth: int = 0) -> list[WorkflowEdge] | None:
        """The edges ``expression`` builds, ``None`` when they cannot be read."""
        node = self._value(expression)
        if node is None or depth > 8:
            return None
        if node.type == "call_expression":
            return self._call(node, depth)
        if node.type == "composite_literal" and (body := node.child_by_field_name("body")) is not None:
            edges = [
                self._edge(value_of(element)) for element in body.named_children if element.type == "literal_element"
            ]
            return None if any(edge is None for edge in edges) else edges  # type: ignore[return-value]
        return None

    def _call(self, call: Node, depth: int) -> list[WorkflowEdge] | None:
        function = self.file.parsed.text_of(call.child_by_field_name("function"))  # type: ignore[arg-type]
        arguments = call.child_by_field_name("arguments")
        items = arguments.named_children if arguments is not None else []
        if function == f"{self.alias}.Chain":
            names = [self._node(item) for item in items]
            if any(name is None for name in names):
                return None
            return [WorkflowEdge(a, b) for a, b in itertools.pairwise(names)]  # type: ignore[arg-type]
        if function == f"{self.alias}.Concat":
            edges: list[WorkflowEdge] = []
            for item in items:
                part = self.edges(item, depth + 1)
                if part is None:
                    return None
                edges.extend(part)
            return edges
        if function.endswith(".Build") and not items:
            return builder_edges(self, call)
        return None  # a function of the program's own

    def _edge(self, element: Node) -> WorkflowEdge | None:
        body = element.child_by_field_name("body") if element.type == "composite_literal" else element
        if body is None or body.type != "literal_value":
            return None
        config = fields(body, self.file.parsed)
        source = self._node(config["From"]) if "From" in config else None
        target = self._node(config["To"]) if "To" in config else None
        if source is None or target is None:
            return None
        return WorkflowEdge(source, target, self._route(config["Route"]) if "Route" in config else None)

    def _route(self, node: Node) -> tuple[str, ...]:
        """The route values an edge's ``Route`` matches: ``StringRoute("x")``, ``IntRoute(3)`` and
        ``BoolRoute(true)`` one each (compared as ``fmt.Sprint`` text, ``workflow/workflow.go``),
        ``MultiRoute[int]{1, 2}`` each of its items."""
        text = self.file.parsed.text_of(node)
        if text == f"{self.alias}.Default":
            return (DEFAULT_ROUTE,)
        if node.type == "composite_literal" and text.startswith(f"{self.alias}.MultiRoute"):
            body = node.child_by_field_name("body")
            keys = [self._route_value(value_of(item)) for item in (body.named_children if body is not None else ())]
            return tuple(keys) if keys and all(keys) else (f"<route {text}>",)  # type: ignore[arg-type]
        arguments = node.child_by_field_name("arguments") if node.type == "call_expression" else None
        value = arguments.named_children[0] if arguments is not None and arguments.named_child_count == 1 else None
        key = self._route_value(value) if value is not None else None
        return (key,) if key is not None else (f"<route {text}>",)

    def _route_value(self, value: Node) -> str | None:
        """A route value as text: a constant string, or an integer or boolean literal."""
        if value.type in ("true", "false"):
            return value.type
        if value.type == "int_literal":
            digits = self.file.parsed.text_of(value)
            return str(int(digits, 8 if digits[1:2].isdigit() and digits[0] == "0" else 0))
        return constant_text(value, self.file, self.package)

    def _node(self, expression: Node) -> str | None:
        """The name of the node ``expression`` stands for, recorded in `nodes`."""
        if self.file.parsed.text_of(expression) == f"{self.alias}.Start":
            return START
        built = self._value(expression)
        if built is None or built.type != "call_expression":
            return self._unknown(expression)
        function = self.file.parsed.text_of(built.child_by_field_name("function"))  # type: ignore[arg-type]
        constructor = function.split("[", 1)[0].rsplit(".", 1)[-1]
        kind = NODE_CONSTRUCTORS.get(constructor) if function.startswith(f"{self.alias}.") else None
        arguments = built.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if kind is None or not values:
            return self._unknown(expression)
        line, column = built.start_point[0] + 1, built.start_point[1] + 1
        if kind == "agent":
            name = f"<agent node {line}:{column}>"
            self.nodes[name] = WorkflowNode(name, "agent", reference(values[0], self.file, self.package), line, column)
            return name
        name = constant_text(values[0], self.file, self.package) or f"<node {line}:{column}>"
        handler = reference(values[1], self.file, self.package) if kind == "function" and len(values) > 1 else None
        self.nodes[name] = WorkflowNode(name, kind, handler, line, column)
        return name

    def _unknown(self, expression: Node) -> str:
        self.unknown = True
        name = f"<unknown {expression.start_point[0] + 1}:{expression.start_point[1] + 1}>"
        self.nodes[name] = WorkflowNode(
            name, "unknown", None, expression.start_point[0] + 1, expression.start_point[1] + 1
        )
        return name

    def _value(self, node: Node) -> Node | None:
        """``node``, or the one value the local it names is bound to."""
        if node.type != "identifier":
            return node
        values = local_values(node, self.file)
        return values[0] if values is not None and len(values) == 1 else None

"""The graph workflows of a Python module, read as google-adk 2.13.0 builds them.

`workflow_facts` reads every ``Workflow(edges=[...])`` call into its nodes and edges, the way
ADK's graph parser expands them: a tuple is a chain (consecutive pairs become edges), a tuple
inside a chain is a fan-out group (every element on the left joined to every element on the
right), a dict right of a node is a routing map (one routed edge per key; ``DEFAULT_ROUTE``
is the key ``__DEFAULT__``), a dict left of a node joins all its targets unconditionally to
the next element, and ``Edge(from_node=..., to_node=..., route=...)`` is taken as written.
``"START"`` and ``START`` are the same node. A node is named as ADK names it (a function by
its name or ``@node(name=...)``, an agent, join or workflow by its ``name=``); what it is
(`WorkflowNode.ref`) is resolved when the model is assembled. An edge item of a shape this
module does not know marks the workflow ``unknown``: the order it gives is not trusted.

What a function does as a node is read by `templating.project.python.node_functions`.
"""

from __future__ import annotations

import ast
import collections
import dataclasses

from templating.project.model.facts import Ref
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
from templating.project.python.adk_vocabulary import (
    AGENT_TOOL,
    DEFAULT_ROUTE,
    DEFAULT_ROUTE_NAME,
    EDGE_CLASS,
    FUNCTION_TOOLS,
    JOIN_CLASS,
    NODE_WRAPPERS,
    WORKFLOW_CLASS,
)  # fmt: skip
from templating.project.python.compact_tree import with_compact
from templating.project.python.schemas import schema_name
from templating.project.python.syntax_tree import (
    called_name,
    keyword_argument,
    string_constant,
)

__all__ = [
    "DEFAULT_ROUTE", "WorkflowEdge", "WorkflowFacts", "WorkflowNode", "decorator_options", "workflow_facts",
]  # fmt: skip

_Function = (ast.FunctionDef, ast.AsyncFunctionDef)


def workflow_facts(module, key: str, bound: dict[int, str], resolve) -> tuple[WorkflowFacts, ...]:
    """Every ``Workflow(edges=...)`` of ``module``; ``resolve(expression)`` gives the `Ref`
    a name in an edge stands for (``None`` outside the project)."""
    reader = _GraphReader(module, key, bound, resolve)
    return tuple(
        reader.read(call)
        for call in _calls(module.walk(module.tree), WORKFLOW_CLASS)
        if keyword_argument(call, "edges") is not None
    )


class _GraphReader:
    """Expands one module's edge lists; a class only to share the module's lookups."""

    def __init__(self, module, key: str, bound: dict[int, str], resolve) -> None:
        self.module = module
        self.key = key
        self.bound = bound
        self.resolve = resolve
        self.values = _assignments(module.tree)
        self.changed = _changed_names(module.tree, module.walk(module.tree))
        self.functions = {n.name: n for n in module.tree.body if isinstance(n, _Function)}

    def read(self, call: ast.Call) -> WorkflowFacts:
        self.nodes: dict[str, WorkflowNode] = {
            START: WorkflowNode(START, "start", None, call.lineno, call.col_offset + 1)
        }
        self.edges = EdgeList(self.nodes)
        self.unknown = False
        items = self._edge_items(keyword_argument(call, "edges"))
        for item in items or ():
            if self.edges.full:
                break
            self._item(item)
        self.unknown = self.unknown or items is None  # a list built elsewhere
        variable = self.bound.get(id(call)) or f"<workflow {call.lineno}:{call.col_offset + 1}>"
        name = string_constant(keyword_argument(call, "name")) or variable
        return finish_facts(variable, name, self.module.source.path, (call.lineno, call.col_offset + 1),
                            self.nodes, self.edges, self.unknown,
                            schema_name(keyword_argument(call, "state_schema")))  # fmt: skip

    def _edge_items(self, edges: ast.expr | None, depth: int = 0) -> list[ast.expr] | None:
        """The items of an edge list: written inline, or kept in a module-level variable bound
        once and never changed in place (``EDGES = [...]``, ``[*COMMON, ...]``, ``A + B``);
        ``None`` when the list is built some other way."""
        if depth > 8 or edges is None:
            return None
        if isinstance(edges, ast.Name):
            if edges.id not in self.values or edges.id in self.changed:
                return None
            return self._edge_items(self.values[edges.id], depth + 1)
        if isinstance(edges, ast.BinOp) and isinstance(edges.op, ast.Add):
            left, right = self._edge_items(edges.left, depth + 1), self._edge_items(edges.right, depth + 1)
            # `B = A + A`, `C = B + B`, ... doubles per name: past the edge bound the list is
            # as unknown as one built at run time.
            if left is None or right is None or len(left) + len(right) > MAX_EDGES:
                return None
            return [*left, *right]
        if not isinstance(edges, (ast.List, ast.Tuple)):
            return None
        items: list[ast.expr] = []
        for element in edges.elts:
            inner = self._edge_items(element.value, depth + 1) if isinstance(element, ast.Starred) else [element]
            if inner is None:
                return None
            items.extend(inner)
            if len(items) > MAX_EDGES:
                return None
        return items

    def _item(self, item: ast.expr) -> None:
        if isinstance(item, ast.Tuple):
            if not add_chain(self.edges, item.elts, _is_dict, self._group, self._routing):
                self.unknown = True  # ADK rejects two routing maps in a row
        elif isinstance(item, ast.Call) and called_name(item) == EDGE_CLASS:
            source, target = keyword_argument(item, "from_node"), keyword_argument(item, "to_node")
            if source is None or target is None:
                self.unknown = True
                return
            route = keyword_argument(item, "route")
            routes = self._routes(route) if route is not None else None
            targets = self._group(target)
            for left in self._group(source):
                self.edges.add(WorkflowEdge(left, right, routes) for right in targets)
        else:
            self.unknown = True

    def _routing(self, mapping: ast.expr) -> Routing:
        found: Routing = []
        if not isinstance(mapping, ast.Dict):
            return found  # `add_chain` asks only of maps (`_is_dict`)
        for key, value in zip(mapping.keys, mapping.values, strict=True):
            if key is None:
                self.unknown = True  # `**other`
                continue
            found.append((self._routes(key), self._group(value)))
        return found

    def _routes(self, node: ast.expr) -> tuple[str, ...]:
        if isinstance(node, (ast.List, ast.Tuple)):
            return tuple(r for element in node.elts for r in self._routes(element))
        if isinstance(node, ast.Constant) and isinstance(node.value, (str, int, bool)):
            return (str(node.value),)
        if _name_of(node) == DEFAULT_ROUTE_NAME:
            return (DEFAULT_ROUTE,)
        self.unknown = True  # a route named by a variable: any route may match
        return ("?",)

    def _group(self, node: ast.expr) -> list[str]:
        # google-adk's model validation turns a list of nodes into the tuple it stands for.
        if isinstance(node, (ast.Tuple, ast.List)):
            return [name for element in node.elts for name in self._group(element)]
        return [self._node(node)]

    def _node(self, node: ast.expr) -> str:
        """The runtime name of the node ``node`` stands for (added to the graph)."""
        if (isinstance(node, ast.Constant) and node.value == START) or _name_of(node) == START:
            return START
        found = self._describe(node)
        if found.name not in self.nodes:
            line = found.line
            where = {
                "source_line": self.module.source.line_text(line),
                "suppressed": self.module.noqa.get(line, frozenset()),
            }
            self.nodes[found.name] = dataclasses.replace(found, **where)
        return found.name

    def _describe(self, node: ast.expr, depth: int = 0) -> WorkflowNode:
        line, column = getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1
        if isinstance(node, ast.Name) and node.id in self.values and depth < 4:
            value = self.values[node.id]
            described = self._describe(value, depth + 1)
            # `name = Agent(...)` is found by its variable; `name = node(Agent(...))` by the inner call's.
            wrapped = isinstance(value, ast.Call) and called_name(value) in (
                *NODE_WRAPPERS,
                *FUNCTION_TOOLS,
                AGENT_TOOL,
            )
            ref = Ref(self.key, node.id) if described.kind in ("agent", "workflow") and not wrapped else described.ref
            return WorkflowNode(described.name, described.kind, ref, line, column, described.parallel_worker)
        if isinstance(node, ast.Name) and node.id in self.functions:
            options = decorator_options(self.functions[node.id])
            name = string_constant(options.get("name")) or node.id
            return WorkflowNode(
                name, "function", Ref(self.key, node.id), line, column, _true(options.get("parallel_worker"))
            )
        if isinstance(node, ast.Call):
            return self._describe_call(node, depth)
        ref = self.resolve(node)
        text = ast.unparse(node)
        return WorkflowNode(ref.name if ref else text, "unknown", ref, line, column)

    def _describe_call(self, call: ast.Call, depth: int) -> WorkflowNode:
        line, column = call.lineno, call.col_offset + 1
        called = called_name(call)
        name = string_constant(keyword_argument(call, "name"))
        first = (
            call.args[0]
            if call.args
            else keyword_argument(call, "func") or keyword_argument(call, "agent") or keyword_argument(call, "tool")
        )
        if called in NODE_WRAPPERS and first is not None:
            inner = self._describe(first, depth + 1)
            worker = _true(keyword_argument(call, "parallel_worker"))
            return WorkflowNode(name or inner.name, inner.kind, inner.ref, line, column, worker)
        if called in (*FUNCTION_TOOLS, AGENT_TOOL) and first is not None:
            inner = self._describe(first, depth + 1)
            kind = "agent_tool" if called == AGENT_TOOL else "tool"
            return WorkflowNode(inner.name, kind, inner.ref, line, column)
        # An inline call is found under the name its reader gives it (`agents.py`, `workflow_facts`).
        synthetic = f"<{'workflow' if called == WORKFLOW_CLASS else 'agent'} {line}:{column}>"
        ref = Ref(self.key, self.bound.get(id(call)) or synthetic)
        if called == JOIN_CLASS:
            return WorkflowNode(name or f"<join {line}:{column}>", "join", None, line, column)
        if called == WORKFLOW_CLASS:
            return WorkflowNode(name or synthetic, "workflow", ref, line, column)
        if name is not None:
            return WorkflowNode(name, "agent", ref, line, column, _true(keyword_argument(call, "parallel_worker")))
        return WorkflowNode(f"<{called} {line}:{column}>", "unknown", None, line, column)


def decorator_options(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, ast.expr]:
    """The keyword options of a ``@node(...)`` decorator (none for a bare ``@node``)."""
    for decorator in function.decorator_list:
        if isinstance(decorator, ast.Call) and called_name(decorator) == NODE_WRAPPERS[0]:
            return {k.arg: k.value for k in decorator.keywords if k.arg}
    return {}


def _assignments(tree: ast.Module) -> dict[str, ast.expr]:
    values = {}
    for statement in tree.body:
        if (
            isinstance(statement, ast.Assign)
            and len(statement.targets) == 1
            and isinstance(statement.targets[0], ast.Name)
        ):
            values[statement.targets[0].id] = statement.value
    return values


def _changed_names(tree: ast.Module, nodes: list[ast.AST]) -> set[str]:
    """Names bound more than once at module level, or changed in place anywhere
    (``EDGES.append(...)``, ``EDGES += ...``, ``EDGES[0] = ...``): their value is not the one
    written where they are bound."""
    bound: collections.Counter[str] = collections.Counter(
        target.id
        for statement in tree.body
        if isinstance(statement, (ast.Assign, ast.AnnAssign, ast.AugAssign))
        for target in (statement.targets if isinstance(statement, ast.Assign) else [statement.target])
        if isinstance(target, ast.Name)
    )
    changed = {name for name, count in bound.items() if count > 1}
    for node in nodes:
        if type(node) not in _CHANGING:
            continue  # most nodes: one set look-up rather than four type tests
        if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
            changed.add(node.target.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.attr in _IN_PLACE:
            changed.add(node.value.id)
        elif isinstance(node, (ast.Subscript, ast.Starred)) and isinstance(node.ctx, (ast.Store, ast.Del)):
            if isinstance(node.value, ast.Name):
                changed.add(node.value.id)
        elif isinstance(node, ast.Global):
            changed.update(node.names)
    return changed


# With the compact classes of a large module's tree (see `compact_tree`).
_CHANGING = with_compact(ast.AugAssign, ast.Attribute, ast.Subscript, ast.Starred, ast.Global)
_IN_PLACE = frozenset({"append", "extend", "insert", "pop", "remove", "clear", "reverse", "sort", "__iadd__"})


def _calls(nodes: list[ast.AST], name: str) -> list[ast.Call]:
    return [node for node in nodes if isinstance(node, ast.Call) and called_name(node) == name]


def _name_of(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    return node.attr if isinstance(node, ast.Attribute) else None


def _true(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is True


def _is_dict(element: ast.expr) -> bool:
    return isinstance(element, ast.Dict)

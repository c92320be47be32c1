"""A graph workflow declared in an ADK Agent Config file (``agent_class: Workflow``).

ADK's config loader reads ``edges:`` as the Python form: a list is a chain, a list inside a
chain is a fan-out group, a mapping inside a chain is a routing map (route -> node or list
of nodes) unless it names a node (``config_path``, ``code``, ``agent_class``,
``func_code``), and a mapping with ``from_node``/``to_node`` (and ``route``) is an ``Edge``.
A node is ``START``, a ``*.yaml`` config (an agent or another workflow), a dotted Python
name (a function or a node, named by its last part) or the name of a node an earlier edge
defined. Whatever else is written makes the workflow ``unknown``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import yaml

from templating.project.model.facts import Ref
from templating.project.model.instruction import SourceFile
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
)

__all__ = ["yaml_workflow"]

_NODE_FIELDS = ("config_path", "code", "agent_class", "func_code")


def yaml_workflow(
    source: SourceFile, root: yaml.MappingNode, folder: Path, dotted: Callable, config_name: str
) -> WorkflowFacts:
    """The workflow of the config ``root`` (``dotted(name, folder)`` finds a Python name)."""
    return _Reader(source, folder, dotted, config_name).read(root)


class _Reader:
    def __init__(self, source: SourceFile, folder: Path, dotted: Callable, config_name: str) -> None:
        self.source = source
        self.folder = folder
        self.dotted = dotted
        self.config_name = config_name
        self.nodes: dict[str, WorkflowNode] = {}
        self.edges = EdgeList(self.nodes)
        self.unknown = False

    def read(self, root: yaml.MappingNode) -> WorkflowFacts:
        fields = {k.value: v for k, v in root.value if isinstance(k, yaml.ScalarNode)}
        line, column = root.start_mark.line + 1, root.start_mark.column + 1
        self.nodes[START] = WorkflowNode(START, "start", None, line, column)
        edges = fields.get("edges")
        if isinstance(edges, yaml.SequenceNode):
            for item in edges.value:
                if self.edges.full:
                    break
                self._item(item)
        else:
            self.unknown = True
        name = fields.get("name")
        title = name.value if isinstance(name, yaml.ScalarNode) else self.config_name
        return finish_facts(self.config_name, title, self.source.path, (line, column), self.nodes, self.edges,
                            self.unknown)  # fmt: skip

    def _item(self, item: yaml.Node) -> None:
        if isinstance(item, yaml.SequenceNode):
            if not add_chain(self.edges, item.value, self._is_routing, self._group, self._routing):
                self.unknown = True  # ADK rejects two routing maps in a row
            return
        fields = _mapping(item)
        if fields is not None and "from_node" in fields and "to_node" in fields:
            route = self._routes(fields["route"]) if "route" in fields else None
            self.edges.add([WorkflowEdge(self._node(fields["from_node"]), self._node(fields["to_node"]), route)])
            return
        self.unknown = True

    def _routing(self, mapping: yaml.MappingNode) -> Routing:
        return [(self._routes(key), self._group(value)) for key, value in mapping.value]

    def _is_routing(self, node: yaml.Node) -> bool:
        fields = _mapping(node)
        return fields is not None and not any(f in fields for f in _NODE_FIELDS) and "name" not in fields

    def _group(self, node: yaml.Node) -> list[str]:
        if isinstance(node, yaml.SequenceNode):
            return [self._node(element) for element in node.value]
        return [self._node(node)]

    def _routes(self, node: yaml.Node) -> tuple[str, ...]:
        """The route names of ``node``, a scalar or nested lists of them. Aliases can share a
        list many times over (a few hundred bytes naming billions of routes), so the names
        are gathered without recursion and at most `MAX_EDGES` of them: past that, the
        edge may be taken on any route."""
        routes: list[str] = []
        pending = [node]
        while pending:
            current = pending.pop()
            if isinstance(current, yaml.SequenceNode):
                pending.extend(reversed(current.value))
            elif isinstance(current, yaml.ScalarNode):
                routes.append(current.value)  # `__DEFAULT__` is DEFAULT_ROUTE's value
            else:
                self.unknown = True
                routes.append("?")
            if len(routes) + len(pending) > MAX_EDGES:
                self.unknown, self.edges.full = True, True
                return ("?",)
        return tuple(dict.fromkeys(routes))

    def _node(self, node: yaml.Node) -> str:
        line, column = node.start_mark.line + 1, node.start_mark.column + 1
        fields = _mapping(node)
        if fields is not None and isinstance(fields.get("config_path"), yaml.ScalarNode):
            node = fields["config_path"]
        elif fields is not None and isinstance(fields.get("code"), yaml.ScalarNode):
            node = fields["code"]
        if not isinstance(node, yaml.ScalarNode):
            self.unknown = True  # an inline node definition
            key = f"<node {line}:{column}>"
            return self._add(WorkflowNode(key, "unknown", None, line, column))
        value = node.value
        if value == START or value in self.nodes:
            return value
        if value.endswith((".yaml", ".yml")):
            ref = Ref(os.path.realpath(self.folder / value), "<config>")
            return self._add(WorkflowNode(value, "unknown", ref, line, column))
        refs = self.dotted(value, self.folder) if "." in value else []
        if not refs:
            self.unknown = True
        name = value.rpartition(".")[2]
        return self._add(WorkflowNode(name, "unknown", refs[0] if refs else None, line, column))

    def _add(self, node: WorkflowNode) -> str:
        where = {"source_line": self.source.line_text(node.line)}
        self.nodes.setdefault(node.name, WorkflowNode(**{**_fields(node), **where}))
        return node.name


def _fields(node: WorkflowNode) -> dict:
    return {name: getattr(node, name) for name in WorkflowNode.__slots__}


def _mapping(node: yaml.Node) -> dict[str, yaml.Node] | None:
    if not isinstance(node, yaml.MappingNode):
        return None
    return {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}

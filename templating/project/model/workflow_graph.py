"""Graph workflows in ``templating graph``: the JSON entries and the mermaid/dot drawing.

Each workflow is a group (a mermaid ``subgraph``, a dot ``cluster``) holding its nodes by
kind (START a circle, a ``JoinNode`` a hexagon or diamond, a nested workflow a double box,
functions and tools boxes); an agent node *is* the agent's node of the agent graph, so its
reads and writes show as before. Edges carry their route (``default`` for
``DEFAULT_ROUTE``). A function node's writes (``Event(state=...)``, ``ctx.state``) and the
parameters ADK binds from state are edges to and from the key nodes.
"""

from __future__ import annotations

import re

from templating.printable import printable
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.workflow_model import Node, Workflow

__all__ = ["node_keys", "workflow_data", "workflow_dot", "workflow_mermaid"]

_UNSAFE = re.compile(r"[^A-Za-z0-9_]")


def workflow_data(workflow: Workflow) -> dict:
    """One workflow as ``templating graph --format json`` prints it."""
    return {
        "name": workflow.name, "file": workflow.path, "line": workflow.line,
        "nodes": [_node_data(node) for node in workflow.nodes.values()],
        "edges": [{"from": _name(workflow, e.source), "to": _name(workflow, e.target),
                   "route": list(e.route) if e.route is not None else None} for e in workflow.edges],
    }  # fmt: skip


def _node_data(node: Node) -> dict:
    reads, writes = _reads(node), sorted({w.key for w in node.writes if w.key})
    return {"name": node.name, "kind": node.kind, "line": node.line, "reads": reads, "writes": writes}


def _reads(node: Node) -> list[str]:
    if node.agent is not None:
        return sorted({read.key for read in node.agent.reads})
    return [p.name for p in node.function.parameters] if node.function is not None else []


def node_keys(workflows: tuple[Workflow, ...]) -> set[str]:
    """The state keys function nodes read and write (the agents' keys are drawn already)."""
    keys: set[str] = set()
    for workflow in workflows:
        for node in workflow.nodes.values():
            if node.agent is None:
                keys.update(_reads(node))
                keys.update(w.key for w in node.writes if w.key)
    return keys


def _ids(index: int, workflow: Workflow, agent_ids: dict[int, str]) -> dict[str, str]:
    ids = {}
    for position, (key, node) in enumerate(workflow.nodes.items()):
        own = f"wf{index}_{position}_{_UNSAFE.sub('_', node.name)}"
        ids[key] = agent_ids.get(id(node.agent), own) if node.agent is not None else own
    return ids


def workflow_mermaid(workflows: tuple[Workflow, ...], agent_ids: dict[int, str], key_ids: dict[str, str]) -> list[str]:
    """Mermaid lines: one subgraph per workflow, its edges with routes, function nodes' keys."""
    lines = []
    for index, workflow in enumerate(workflows):
        ids = _ids(index, workflow, agent_ids)
        lines.append(f'  subgraph wf{index}["workflow {_text(workflow.name)}"]')
        for key, node in workflow.nodes.items():
            lines.append(f"    {ids[key]}" + ("" if node.agent is not None else _mermaid_shape(node)))
        lines.append("  end")
        for edge in workflow.edges:
            label = f"|{_text(_route(edge.route))}|" if edge.route is not None else ""
            lines.append(f"  {ids[edge.source]} -->{label} {ids[edge.target]}")
        lines += [
            f"  {source} {arrow} {target}"
            for source, arrow, target in _key_edges(workflow, ids, key_ids, "-->", "-.->")
        ]
    return lines


def workflow_dot(workflows: tuple[Workflow, ...], agent_ids: dict[int, str], key_ids: dict[str, str]) -> list[str]:
    """Dot lines: one cluster per workflow, its edges with routes, function nodes' keys."""
    lines = []
    for index, workflow in enumerate(workflows):
        ids = _ids(index, workflow, agent_ids)
        lines.append(f'  subgraph cluster_wf{index} {{ label="workflow {_quote(workflow.name)}";')
        for key, node in workflow.nodes.items():
            shape = {"start": "circle", "join": "diamond", "workflow": "box3d"}.get(node.kind, "box")
            label = _quote(node.name) + ("" if node.agent is not None else f"\\n({node.kind})")
            lines.append(f'    {ids[key]} [shape={shape}, label="{label}"];')
        lines.append("  }")
        for edge in workflow.edges:
            label = f' [label="{_quote(_route(edge.route))}"]' if edge.route is not None else ""
            lines.append(f"  {ids[edge.source]} -> {ids[edge.target]}{label};")
        for source, style, target in _key_edges(workflow, ids, key_ids, "solid", "dashed"):
            lines.append(f"  {source} -> {target} [style={style}];")
    return lines


def _key_edges(workflow: Workflow, ids: dict[str, str], key_ids: dict[str, str], write: str, read: str) -> list:
    edges = []
    for key, node in workflow.nodes.items():
        if node.agent is not None:
            continue
        edges += [(ids[key], write, key_ids[k]) for k in sorted({w.key for w in node.writes if w.key}) if k in key_ids]
        edges += [(key_ids[k], read, ids[key]) for k in _reads(node) if k in key_ids]
    return edges


def _mermaid_shape(node: Node) -> str:
    text = f"{_text(node.name)}<br/><small>{node.kind}</small>"
    if node.kind == "start":
        return "((START))"
    if node.kind == "join":
        return f'{{{{"{text}"}}}}'
    if node.kind == "workflow":
        return f'[["{text}"]]'
    return f'["{text}"]'


def _route(route: tuple[str, ...] | None) -> str:
    return ", ".join("default" if r == DEFAULT_ROUTE else r for r in route or ())


def _name(workflow: Workflow, key: str) -> str:
    node = workflow.nodes.get(key)
    return node.name if node is not None else key


def _text(text: str) -> str:
    # Escaped first: a newline in a name must not end the line and forge another.
    return printable(text).replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;").replace("|", "#124;")


def _quote(text: str) -> str:
    # Escaped first, then its backslashes doubled: dot shows `\n` as written.
    return printable(text).replace("\\", "\\\\").replace('"', "'")

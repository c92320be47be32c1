"""Draw the agent tree and its state flow: ``templating graph --format mermaid|dot|json``.

The JSON shape is ``{"agents": [{"name", "kind", "file", "line", "sub_agents", "reads",
"writes"}], "initial": [{"key", "file", "line"}], "workflows": [{"name", "file", "line",
"nodes", "edges": [{"from", "to", "route"}]}]}`` (see `templating.project.model.workflow_graph`);
an agent's ``writes`` include those of its tools, callbacks and ``AgentTool`` agents, and ``initial`` lists the keys of the initial state
(``create_session(state=...)``, ``initial.session.json``). Mermaid and dot draw each agent as a
node, its sub-agents with numbered edges (the order a sequential or loop agent runs them in),
each state key as a node with an edge from every agent that writes it and to every agent that
reads it, and, when there is one, an "initial state" node with an edge to each key it holds.
A read that is optional on every placeholder of the agent (``{key?}``) is drawn apart: dotted
with a hollow end, labelled "may read". A graph whose agent tree is `DEEP` levels or more, or that holds a graph workflow, is
drawn top to bottom (left to right it grows too wide to read on a page).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from templating.printable import printable
from templating.project.model.assembly import Agent, ProjectModel
from templating.project.model.facts import Writer

__all__ = ["GRAPH_FORMATS", "Spell", "format_graph", "graph_data"]

#: The output formats of ``templating graph``.
GRAPH_FORMATS = ("mermaid", "dot", "json")
_UNSAFE = re.compile(r"[^A-Za-z0-9_]")
#: ``spell(path, word)``: ADK's word ``word`` as the file at ``path`` writes it.
Spell = Callable[[str, str], str]
# The node of the initial state; agent and key nodes are numbered, so it cannot clash.
_INITIAL = "initial_state"
#: Agent trees this many levels deep (a root, a workflow, its agents) are drawn top to bottom.
DEEP = 3


def graph_data(model: ProjectModel) -> dict:
    """The model as the JSON document ``templating graph --format json`` prints."""
    initial = [{"key": w.key, "file": w.path, "line": w.line} for w in _initial_writers(model)]
    return {"agents": [_agent_data(agent) for agent in model.agents], "initial": initial,
            "workflows": [_workflow_graph().workflow_data(workflow) for workflow in model.workflows]}  # fmt: skip


def _initial_writers(model: ProjectModel) -> list[Writer]:
    return [writer for writer in model.writers if writer.via == "initial" and writer.key]


def _agent_data(agent: Agent) -> dict:
    return {
        "name": agent.name, "kind": agent.kind, "file": agent.path, "line": agent.line,
        "sub_agents": [child.name for child in agent.sub_agents],
        "reads": [{"key": r.key, "optional": r.optional, "file": r.path, "line": r.line, "column": r.column}
                  for r in agent.reads],
        "writes": [{"key": w.key, "via": w.via, "file": w.path, "line": w.line} for w in agent.writes],
    }  # fmt: skip


def format_graph(model: ProjectModel, output_format: str, spell: Spell | None = None) -> str:
    """The model drawn in ``output_format`` (one of `GRAPH_FORMATS`); ``spell(path, word)``
    gives a write's label as the writer's file spells it (``outputKey`` in TypeScript)."""
    if output_format == "json":
        return json.dumps(graph_data(model), indent=2, ensure_ascii=False) + "\n"
    return _mermaid(model, spell or _as_written) if output_format == "mermaid" else _dot(model, spell or _as_written)


def _as_written(path: str, word: str) -> str:
    return word


def _ids(model: ProjectModel) -> dict[int, str]:
    return {id(agent): f"agent{index}_{_UNSAFE.sub('_', agent.name)}" for index, agent in enumerate(model.agents)}


def _keys(model: ProjectModel) -> dict[str, str]:
    written = {key for a in model.agents for w in a.writes if (key := w.key)}
    written |= {key for w in _initial_writers(model) if (key := w.key)}
    nodes = _workflow_graph().node_keys(model.workflows) if model.workflows else set()
    keys = sorted(written | {r.key for a in model.agents for r in a.reads} | nodes)
    return {key: f"key{index}_{_UNSAFE.sub('_', key)}" for index, key in enumerate(keys)}


def _edges(model: ProjectModel, spell: Spell) -> list[tuple[str, str, str, str]]:
    """``(source, target, label, style)``: sub-agent order, writes and reads."""
    ids, keys = _ids(model), _keys(model)
    edges = []
    for agent in model.agents:
        called = {id(child): position for position, child in enumerate(agent.run_order, start=1)}
        for position, child in enumerate(agent.sub_agents, start=1):
            label = str(position) if agent.kind in ("sequential", "loop") else str(called.get(id(child), ""))
            edges.append((ids[id(agent)], ids[id(child)], label, "tree"))
        for via in sorted({w.via for w in agent.writes if w.key}):
            label = spell(next(w.path for w in agent.writes if w.key and w.via == via), via)
            for written in sorted({key for w in agent.writes if (key := w.key) and w.via == via}):
                edges.append((ids[id(agent)], keys[written], label, "write"))
        for key in sorted({r.key for r in agent.reads}):
            if all(r.optional for r in agent.reads if r.key == key):
                edges.append((keys[key], ids[id(agent)], "may read", "optional read"))
            else:
                edges.append((keys[key], ids[id(agent)], "reads", "read"))
    for initial in sorted({key for writer in _initial_writers(model) if (key := writer.key)}):
        edges.append((_INITIAL, keys[initial], "initial", "write"))
    return edges


def _mermaid(model: ProjectModel, spell: Spell) -> str:
    ids, keys = _ids(model), _keys(model)
    lines = [f"flowchart {_direction(model)}"]
    lines += [f'  {ids[id(a)]}["{_mermaid_text(a.name)}<br/><small>{a.kind}</small>"]' for a in model.agents]
    lines += [f'  {node}[("{_mermaid_text(key)}")]' for key, node in keys.items()]
    if _initial_writers(model):
        lines.append(f'  {_INITIAL}[/"initial state"/]')
    arrows = {"tree": "==>", "write": "-->", "read": "-.->", "optional read": "-.-o"}
    for source, target, label, style in _edges(model, spell):
        text = f"|{_quote(label)}|" if label else ""
        lines.append(f"  {source} {arrows[style]}{text} {target}")
    lines += _workflow_graph().workflow_mermaid(model.workflows, ids, keys) if model.workflows else []
    return "\n".join(lines) + "\n"


def _dot(model: ProjectModel, spell: Spell) -> str:
    ids, keys = _ids(model), _keys(model)
    lines = ["digraph agents {", f"  rankdir={_direction(model)};"]
    lines += [f'  {ids[id(a)]} [shape=box, label="{_quote(a.name)}\\n({a.kind})"];' for a in model.agents]
    lines += [f'  {node} [shape=ellipse, label="{_quote(key)}"];' for key, node in keys.items()]
    if _initial_writers(model):
        lines.append(f'  {_INITIAL} [shape=note, label="initial state"];')
    styles = {
        "tree": "style=bold",
        "write": "style=solid",
        "read": "style=dashed",
        "optional read": "style=dotted, arrowhead=odot",
    }
    for source, target, label, style in _edges(model, spell):
        lines.append(f'  {source} -> {target} [label="{_quote(label)}", {styles[style]}];')
    lines += _workflow_graph().workflow_dot(model.workflows, ids, keys) if model.workflows else []
    return "\n".join([*lines, "}"]) + "\n"


def _direction(model: ProjectModel) -> str:
    """``TB`` for a deep agent tree or a graph workflow (a chain of nodes from ``START``), else
    ``LR``."""
    deep = max((_depth(root) for root in model.roots), default=0) >= DEEP
    return "TB" if deep or model.workflows else "LR"


def _depth(root: Agent) -> int:
    """Levels from ``root`` down, each agent's worked out once (an agent listed under many
    parents is not walked once per path) and with a stack (agents nest thousands deep in
    TypeScript, Go, Java and Kotlin); an agent listed inside itself (a broken config) ends a
    branch."""
    depths: dict[int, int] = {}
    on_path = {id(root)}
    stack = [(root, iter(root.sub_agents))]
    while stack:
        agent, children = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
            on_path.discard(id(agent))
            depths[id(agent)] = 1 + max((depths[id(c)] for c in agent.sub_agents if id(c) in depths), default=0)
        elif id(child) not in depths and id(child) not in on_path:
            on_path.add(id(child))
            stack.append((child, iter(child.sub_agents)))
    return depths[id(root)]


def _workflow_graph():
    """The workflow drawing module, imported only for a project that has workflows."""
    from templating.project.model import workflow_graph

    return workflow_graph


def _mermaid_text(text: str) -> str:
    """Text inside a quoted mermaid label: entity codes for the characters mermaid reads."""
    return printable(text).replace('"', "#quot;").replace("<", "#lt;").replace(">", "#gt;")


def _quote(text: str) -> str:
    # Escaped first, then its backslashes doubled: dot shows `\x1b` as written.
    return printable(text).replace("\\", "\\\\").replace('"', "'")

"""Graph workflows in the project model: each node resolved to what it runs and writes.

`resolve_workflows` turns every file's `WorkflowFacts` into `Workflow` objects once the
agents are assembled: a node names a function (its state writes, and the parameters ADK
binds from state), an agent (its whole tree's writes; its reads are its instructions'), a
nested workflow, a ``JoinNode`` or a tool. A node whose name cannot be followed is
*unknown*: it may write any key, so conclusions about reads after it are not drawn.
"""

from __future__ import annotations

from templating.project.model.facts import ClassFacts, FileFacts, FunctionFacts, Ref, Writer, may_write_any
from templating.project.model.kinds import DEFAULT_ROUTE
from templating.project.model.project_model import Node, Workflow
from templating.project.model.workflow_facts import NodeFunction, WorkflowEdge, WorkflowNode

__all__ = ["Node", "Workflow", "member_writes", "resolve_workflows", "sure_writes"]


def resolve_workflows(assembler, files: dict[str, FileFacts]) -> tuple[Workflow, ...]:
    """Every workflow of the project, its nodes resolved through ``assembler`` (the model's
    `_Assembler`, which knows the agents and follows names across modules)."""
    facts = {(file.key, w.variable): w for file in files.values() for w in file.workflows}
    built: dict[tuple[str, str], Workflow] = {}
    for key, workflow in facts.items():
        built[key] = Workflow(workflow.name, workflow.path, workflow.line, workflow.column, {}, workflow.edges,
                              workflow.unknown, reason=workflow.reason, state_schema=workflow.state_schema)  # fmt: skip
    resolver = _NodeResolver(assembler, files, built)
    for key, workflow in facts.items():
        target = built[key]
        resolver.path = workflow.path
        for node in workflow.nodes:
            target.nodes[node.name] = resolver.node(node)
        # A node we cannot follow may be anything (a join, a router): the order is not known.
        # One that writes keys we cannot read only weakens the reads after it.
        target.unknown = target.unknown or any(n.kind == "unknown" for n in target.nodes.values())
    return tuple(built.values())


class _NodeResolver:
    def __init__(self, assembler, files: dict[str, FileFacts], workflows: dict[tuple[str, str], Workflow]) -> None:
        self.assembler = assembler
        self.files = files
        self.workflows = workflows
        self.path = ""  # the file of the workflow being resolved: where its nodes are written

    def node(self, facts: WorkflowNode, depth: int = 0) -> Node:
        node = Node(facts.name, facts.name, facts.kind, self.path, facts.line, facts.column,
                    parallel_worker=facts.parallel_worker, source_line=facts.source_line,
                    suppressed=facts.suppressed)  # fmt: skip
        if facts.kind in ("start", "join"):
            return node
        if facts.ref is None:
            node.kind, node.unknown = "unknown", True
            return node
        workflow = self.workflows.get((facts.ref.module, facts.ref.name))
        if workflow is not None:
            workflow.nested = True
            node.kind, node.workflow = "workflow", workflow
            return node
        target = self.assembler._resolve(facts.ref)
        if isinstance(target, FunctionFacts):
            self._function(node, facts.ref, target, depth)
        elif target is not None and not isinstance(target, ClassFacts):  # an agent of the model
            node.kind, node.agent, node.name = (
                "agent" if facts.kind != "agent_tool" else "agent_tool",
                target,
                target.name,
            )
            node.writes = _tree_writes(target)
            target.workflow_node = True
            node.unknown = target.unknown
        else:
            node.kind, node.unknown = "unknown", True  # outside the project, or not found
        return node

    def _function(self, node: Node, ref: Ref, function: FunctionFacts, depth: int) -> None:
        home = self.assembler._home(ref)
        node_function = self.files[home].node_functions.get(function.name) if home in self.files else None
        node.kind = "function" if node.kind in ("function", "unknown") else node.kind
        node.function = node_function
        node.writes = list(function.writers)
        node.unknown = any(may_write_any(w) for w in function.writers)
        if node_function is None:
            return
        node.partial = _partial(node_function, function.writers)
        node.skipping = {w.key: w.skipping for w in node_function.partial
                         if w.key in node.partial and w.skipping is not None}  # fmt: skip
        if depth > 4:
            return
        for call in node_function.calls:
            child = WorkflowNode(call.target.name if call.target else "?", "unknown", call.target, call.line, 1)
            node.calls.append((call.line, self.node(child, depth + 1), call.together))


def _partial(function: NodeFunction, writers: tuple[Writer, ...]) -> dict[str, tuple[str, ...] | None]:
    """The keys written on only some returns, unless another write of the key (outside
    those returns, such as ``ctx.state[...]``) may write it anyway."""
    partial = {}
    for write in function.partial:
        inside = [any(first <= w.line <= last for first, last in write.lines) for w in writers if w.key == write.key]
        if inside and all(inside):
            partial[write.key] = write.routes
    return partial


def _tree_writes(agent) -> list[Writer]:
    """The writes of ``agent`` and of every agent under it (as the model's `subtree_writes`),
    depth first, without recursion."""
    seen: set[int] = set()
    writes: list[Writer] = []
    stack = [agent]
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        writes.extend(current.writes)
        stack.extend(reversed(current.sub_agents))
    return writes


def member_writes(workflow: Workflow) -> set[Writer]:
    """Every write of every node of ``workflow``, nested workflows and ``run_node`` children
    (without recursion: workflows can nest thousands deep in one module)."""
    seen = {id(workflow)}
    writes: set[Writer] = set()
    stack = [workflow]
    while stack:
        for node in stack.pop().nodes.values():
            writes.update(node.writes)
            writes.update(w for _, child, _ in node.calls for w in child.writes)
            if node.workflow is not None and id(node.workflow) not in seen:
                seen.add(id(node.workflow))
                stack.append(node.workflow)
    return writes


def sure_writes(node: Node, edge: WorkflowEdge | None, specific: frozenset[str] = frozenset()) -> list[Writer]:
    """The writes of ``node`` that have surely happened when it follows ``edge`` (``None``:
    any way out): a key written on only some returns counts only on an edge that no return
    skipping it follows. ``specific`` are the routes of ``node``'s other routed edges: a
    return with one of them does not follow its ``DEFAULT_ROUTE`` edge (ADK follows that
    edge only when no specific route matched)."""
    if not node.partial:
        return node.writes
    return [w for w in node.writes if w.key not in node.partial or _written_on(node, w.key, edge, specific)]


def _written_on(node: Node, key: str, edge: WorkflowEdge | None, specific: frozenset[str]) -> bool:
    skipping = node.skipping.get(key)
    if skipping is None or edge is None or edge.route is None:
        return _on_route(node.partial[key], edge)
    if DEFAULT_ROUTE in edge.route:
        return all(route in specific for route in skipping)
    return not set(skipping) & set(edge.route)


def _on_route(routes: tuple[str, ...] | None, edge: WorkflowEdge | None) -> bool:
    return routes is not None and edge is not None and edge.route is not None and set(edge.route) <= set(routes)

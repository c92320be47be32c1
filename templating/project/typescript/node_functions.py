"""What a top-level function of an adk-js module does when a ``Workflow`` runs it as a node.

A function node is ``(ctx, input)``: adk-js binds nothing from state, so no parameter is a read;
what it returns is the node's output, not state (`NodeFunction.outputs`, which a message names
when an agent reads such a key); ``ctx.runNode(target)`` runs another node (`NodeFunction.calls`,
those inside one ``Promise.all`` together).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from templating.project.model.facts import Ref
from templating.project.model.workflow_facts import NodeCall, NodeFunction, WorkflowFacts
from templating.project.typescript.evaluate import FUNCTION_KINDS
from templating.project.typescript.modules import ScriptModule, unwrap

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["arguments_of", "node_functions", "options_of"]


def node_functions(module: ScriptModule, workflows: tuple[WorkflowFacts, ...],
                   ref_of: Callable[[Node], Ref | None]) -> dict[str, NodeFunction]:  # fmt: skip
    """What each top-level function of ``module`` does when a workflow runs it: the keys of
    the objects it returns (node output) and the nodes it runs with ``ctx.runNode``, for every
    function of an adk-js module (a workflow in another module may name it)."""
    names = {n.ref.name: n.name for w in workflows for n in w.nodes if n.kind == "function" and n.ref}
    found = {}
    for name, function in _functions(module).items():
        body = function.child_by_field_name("body")
        if body is None:
            continue
        found[name] = NodeFunction(name, names.get(name, name), (), _outputs(body, module),
                                   tuple(_node_calls(body, module, ref_of)))  # fmt: skip
    return found


def arguments_of(call: Node) -> list[Node]:
    arguments = call.child_by_field_name("arguments")
    return [c for c in arguments.named_children if c.type != "comment"] if arguments is not None else []


def options_of(node: Node) -> dict[str, Node]:
    """The properties of an object literal by name (shorthand ones name themselves)."""
    node = unwrap(node)
    found: dict[str, Node] = {}
    if node.type != "object":
        return found
    for member in node.named_children:
        if member.type == "pair":
            key, value = member.child_by_field_name("key"), member.child_by_field_name("value")
            if key is not None and value is not None:
                found[key.text.decode("utf-8", "replace").strip("'\"") if key.text else ""] = value
        elif member.type == "shorthand_property_identifier" and member.text:
            found[member.text.decode("utf-8", "replace")] = member
    return found


def _functions(module: ScriptModule) -> dict[str, Node]:
    found = dict(module.functions)
    for name, value in module.values.items():
        if unwrap(value).type in FUNCTION_KINDS:
            found[name] = unwrap(value)
    return found


def _own_nodes(body: Node) -> list[Node]:
    """The nodes of a function body, not those of functions nested in it."""
    found, stack = [], [body]
    while stack:
        node = stack.pop()
        found.append(node)
        stack.extend(reversed([c for c in node.named_children if c.type not in FUNCTION_KINDS]))
    return found


def _outputs(body: Node, module: ScriptModule) -> tuple[str, ...]:
    """The keys of the object literals the function returns: node output, never state."""
    keys: list[str] = []
    for node in _own_nodes(body):
        value = node.named_children[0] if node.type == "return_statement" and node.named_children else None
        if value is None and body.type != "statement_block" and node is body:
            value = body  # `(ctx) => ({...})`
        if value is not None:
            keys.extend(k for k in options_of(value) if k)
    return tuple(dict.fromkeys(keys))


def _node_calls(body: Node, module: ScriptModule, ref_of: Callable[[Node], Ref | None]) -> list[NodeCall]:
    """``ctx.runNode(target)`` calls in source order; calls inside one ``Promise.all([...])``
    run together (they share a ``together`` number)."""
    calls = []
    for node in _own_nodes(body):
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        prop = (
            function.child_by_field_name("property")
            if function is not None and function.type == "member_expression"
            else None
        )
        if prop is None or module.parsed.text_of(prop) != "runNode":
            continue
        values = arguments_of(node)
        target = ref_of(unwrap(values[0])) if values else None
        calls.append(NodeCall(target, node.start_point[0] + 1, _gathered(node, module)))
    return calls


def _gathered(call: Node, module: ScriptModule) -> int:
    """The line (a nonzero number shared by its siblings) of the ``Promise.all`` a call is in."""
    current = call.parent
    while current is not None and current.type not in FUNCTION_KINDS and current.type != "statement_block":
        if current.type == "call_expression":
            function = current.child_by_field_name("function")
            if function is not None and module.parsed.text_of(function) in ("Promise.all", "Promise.allSettled"):
                return current.start_byte + 1
        current = current.parent
    return 0

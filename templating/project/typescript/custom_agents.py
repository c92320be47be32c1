"""Custom agents: ``class X extends BaseAgent`` whose ``runAsyncImpl`` runs other agents.

A custom agent is built with ``new X(...)``; the agents its ``runAsyncImpl`` runs
(``this.f.runAsync(ctx)``, or a module-level agent's ``runAsync``) are taken in the order of the
calls in its code, each at its first call. ``this.f`` is followed to what the class gives it: a
field initializer, or ``this.f = v`` in the constructor, where ``v`` is a constructor parameter
(then the argument of that ``new X(...)``) or a name in scope. A call this module cannot follow,
or calls inside ``Promise.all`` (side by side), give no order: the agents then run in an order
the code does not tell, as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from templating.project.typescript.evaluate import FUNCTION_KINDS
from templating.project.typescript.modules import ScriptModule, unwrap
from templating.project.typescript.node_functions import arguments_of, options_of
from templating.project.typescript.vocabulary import port_of_specifier
from templating.project.typescript.writes import string_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["CustomSite", "find_custom_agents"]

_RUN_METHODS = frozenset({"runAsync", "runLive"})
#: The expressions an agent in the call order may be written as (a name, or built in place).
_AGENT_EXPRESSIONS = frozenset({"identifier", "new_expression"})


@dataclass(frozen=True, slots=True)
class CustomSite:
    """``new X(...)`` of a custom agent class ``X``: its name and the agents its code runs, in
    order (expressions of this module); ``run_order`` is empty when no order can be told."""

    node: Node
    class_name: str
    name: str | None
    run_order: tuple[Node, ...]


def find_custom_agents(module: ScriptModule) -> tuple[dict[str, Node], list[CustomSite]]:
    """The custom agent classes of ``module`` and every ``new X(...)`` of one."""
    base = module.imports.get("BaseAgent")
    if base is None or port_of_specifier(base.specifier) is None:
        return {}, []
    classes = _classes(module)
    orders: dict[str, tuple[Node | int, ...]] = {}  # each class's calls, read once
    sites = []
    stack = [module.parsed.root]
    while stack:
        node = stack.pop()
        if node.type == "new_expression":
            constructor = node.child_by_field_name("constructor")
            name = module.parsed.text_of(constructor) if constructor is not None else ""
            if name in classes:
                if name not in orders:
                    orders[name] = _class_order(module, classes[name])
                sites.append(_site(module, node, name, orders[name]))
        stack.extend(reversed(node.named_children))
    return classes, sites


def _classes(module: ScriptModule) -> dict[str, Node]:
    found = {}
    for statement in module.parsed.root.named_children:
        declaration = (
            statement.child_by_field_name("declaration") if statement.type == "export_statement" else statement
        )
        if declaration is None or declaration.type != "class_declaration":
            continue
        name = declaration.child_by_field_name("name")
        heritage = next((c for c in declaration.named_children if c.type == "class_heritage"), None)
        if name is not None and heritage is not None and "BaseAgent" in module.parsed.text_of(heritage).split():
            found[module.parsed.text_of(name)] = declaration
    return found


def _site(module: ScriptModule, call: Node, class_name: str, order: tuple[Node | int, ...]) -> CustomSite:
    values = arguments_of(call)
    name = string_of(values[0], module) if values else None
    if name is None and values:
        name = string_of(options_of(values[0]).get("name"), module)
    # A parameter stands for this call's argument; one not given leaves the agent unknown.
    targets = [values[item] if isinstance(item, int) and item < len(values) else item for item in order]
    if any(isinstance(target, int) or unwrap(target).type not in _AGENT_EXPRESSIONS for target in targets):
        return CustomSite(call, class_name, name, ())
    unique: dict[str, Node] = {}  # each agent at its first call
    for target in targets:
        unique.setdefault(module.parsed.text_of(target), unwrap(target))  # type: ignore[arg-type]
    return CustomSite(call, class_name, name, tuple(unique.values()))


def _class_order(module: ScriptModule, declaration: Node) -> tuple[Node | int, ...]:
    """The agents ``runAsyncImpl`` runs, in code order: an expression, or the index of the
    constructor parameter that gives it; empty when no order can be told."""
    body = declaration.child_by_field_name("body")
    methods = {
        module.parsed.text_of(name): member
        for member in (body.named_children if body is not None else [])
        if member.type == "method_definition" and (name := member.child_by_field_name("name")) is not None
    }
    run = methods.get("runAsyncImpl")
    if run is None or (run_body := run.child_by_field_name("body")) is None:
        return ()
    fields = _fields(module, body, methods.get("constructor"))
    order: list[Node | int] = []
    for call in _calls(run_body, module):
        target = _target(module, call, fields) if call is not None else None
        if target is None:
            return ()  # side by side, or a call this module cannot follow: no order
        order.append(target)
    return tuple(order)


def _calls(body: Node, module: ScriptModule) -> list[Node | None]:
    """The objects of the ``x.runAsync(...)`` calls of ``body`` in code order; ``None`` for one
    inside ``Promise.all`` or a nested function (it may run beside another)."""
    found: list[Node | None] = []
    stack = [(body, False)]
    while stack:
        node, aside = stack.pop()
        function = node.child_by_field_name("function") if node.type == "call_expression" else None
        if function is not None and function.type == "member_expression":
            method = function.child_by_field_name("property")
            if method is not None and module.parsed.text_of(method) in _RUN_METHODS:
                found.append(None if aside else function.child_by_field_name("object"))
            elif module.parsed.text_of(function).startswith("Promise."):
                aside = True
        aside = aside or node.type in FUNCTION_KINDS
        stack.extend((child, aside) for child in reversed(node.named_children))
    return found


def _fields(module: ScriptModule, body: Node | None, constructor: Node | None) -> dict[str, Node | int]:
    """What each ``this.f`` holds: a field initializer, what the constructor assigns, or the
    index of the constructor parameter assigned to it."""
    fields: dict[str, Node | int] = {}
    for member in body.named_children if body is not None else []:
        name, value = member.child_by_field_name("name"), member.child_by_field_name("value")
        if member.type == "public_field_definition" and name is not None and value is not None:
            fields[module.parsed.text_of(name)] = value
    if constructor is None:
        return fields
    parameters = constructor.child_by_field_name("parameters")
    names = (
        [module.parsed.text_of(p.child_by_field_name("pattern") or p) for p in parameters.named_children]
        if parameters
        else []
    )
    indexes = {name: index for index, name in enumerate(names)}
    stack = [constructor.child_by_field_name("body")]
    while stack:
        node = stack.pop()
        if node is None:
            continue
        if node.type == "assignment_expression":
            left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
            if left is not None and right is not None and module.parsed.text_of(left).startswith("this."):
                value = unwrap(right)
                text = module.parsed.text_of(value)
                fields[module.parsed.text_of(left)[5:]] = (
                    indexes.get(text, value) if value.type == "identifier" else value
                )
        stack.extend(node.named_children)
    return fields


def _target(module: ScriptModule, expression: Node, fields: dict[str, Node | int]) -> Node | int | None:
    """The agent a ``runAsync`` call's object stands for (or the parameter that gives it), if
    this module can tell."""
    expression = unwrap(expression)
    if expression.type == "member_expression":
        owner, field = expression.child_by_field_name("object"), expression.child_by_field_name("property")
        if owner is None or field is None or owner.type != "this":
            return None
        value = fields.get(module.parsed.text_of(field))
        if isinstance(value, int):
            return value
        return unwrap(value) if value is not None and unwrap(value).type in _AGENT_EXPRESSIONS else None
    return expression if expression.type == "identifier" else None

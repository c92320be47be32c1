"""The order a Kotlin custom agent runs the agents it is built with.

``Flow("root", critic, second = writer)`` of a ``BaseAgent`` subclass declared in the same file:
its primary constructor's parameters (``val`` or plain, taken positionally or by name) and the
properties of its body set from them (``private val later = second``) are the agents it holds;
``runAsyncImpl`` names them in the order it runs them
(`templating.project.treesitter.run_order`). A property built in the class body is the agent
bound to its name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.kotlin.evaluate import arguments_of
from templating.project.treesitter.run_order import mention_order

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.kotlin.scope import KotlinFile

__all__ = ["run_order_nodes"]

_RUN_METHOD = "runAsyncImpl"
#: Expressions that may skip what they hold (``?.`` and ``?:`` included).
_CONDITIONS = frozenset({"if_expression", "when_expression", "elvis_expression", "try_expression"})
#: How deep class declarations are looked for (``object Demo { class Flow ... }``).
_MAX_NESTING = 4


def run_order_nodes(file: KotlinFile, class_name: str, call: Node) -> list[Node | str] | None:
    """What the construction ``call`` of ``class_name`` runs, in order: the argument each
    parameter it uses was given, or a property's name; ``None`` without order. The class is
    read once, however many times it is built."""
    if class_name not in file.run_orders:
        file.run_orders[class_name] = _class_order(file, class_name)
    found = file.run_orders[class_name]
    if found is None:
        return None
    names, order = found
    given: dict[str, Node] = {}
    for index, (name, value) in enumerate(arguments_of(call)):
        if name is not None:
            given[name] = value
        elif index < len(names):
            given[names[index]] = value
    return [given[item] if item in names else item for item in order if item not in names or item in given]


def _class_order(file: KotlinFile, class_name: str) -> tuple[list[str], list[str]] | None:
    """The primary constructor's parameter names, and the parameters and properties
    ``runAsyncImpl`` runs, in order (a property set from a parameter by that parameter)."""
    declaration = _class(file, file.parsed.root, class_name, 0)
    body = next((c for c in declaration.named_children if c.type == "class_body"), None) if declaration else None
    if declaration is None or body is None:
        return None
    run = next((f for f in body.named_children if f.type == "function_declaration" and _name(file, f) == _RUN_METHOD),
               None)  # fmt: skip
    run_body = next((c for c in run.named_children if c.type == "function_body"), None) if run is not None else None
    if run_body is None:
        return None
    names = _parameters(file, declaration)
    holders: dict[str, str] = {name: name for name in names}
    for declared in (c for c in body.named_children if c.type == "property_declaration"):
        local = _local(file, declared)
        if local is not None:
            name, value = local
            holders[name] = file.text(value) if value.type == "identifier" and file.text(value) in names else name
    order = mention_order(run_body, holders.keys(), file.text, ("identifier",), lambda n: _local(file, n), _CONDITIONS)
    return None if order is None else (names, list(dict.fromkeys(holders[name] for name in order)))


def _class(file: KotlinFile, node: Node, name: str, depth: int) -> Node | None:
    for child in node.named_children:
        if child.type in ("class_declaration", "object_declaration"):
            if child.type == "class_declaration" and _name(file, child) == name:
                return child
            body = next((c for c in child.named_children if c.type == "class_body"), None)
            found = _class(file, body, name, depth + 1) if body is not None and depth < _MAX_NESTING else None
            if found is not None:
                return found
    return None


def _name(file: KotlinFile, node: Node) -> str:
    return next((file.text(c) for c in node.named_children if c.type == "identifier"), "")


def _parameters(file: KotlinFile, declaration: Node) -> list[str]:
    """The names of the primary constructor's parameters."""
    constructor = next((c for c in declaration.named_children if c.type == "primary_constructor"), None)
    listed = (
        next((c for c in constructor.named_children if c.type == "class_parameters"), None) if constructor else None
    )
    return [
        _name(file, p) for p in (listed.named_children if listed is not None else ()) if p.type == "class_parameter"
    ]


def _local(file: KotlinFile, node: Node) -> tuple[str, Node] | None:
    """A ``val``/``var`` declared with one value: its name and value."""
    if node.type != "property_declaration":
        return None
    declared = next((c for c in node.named_children if c.type == "variable_declaration"), None)
    value = node.named_children[-1] if node.named_children else None
    if declared is None or value is None or value.type in ("variable_declaration", "modifiers", "user_type"):
        return None
    return _name(file, declared), value

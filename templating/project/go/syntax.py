"""Small questions about Go syntax trees the readers share."""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.treesitter.parsing import ancestors

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.treesitter.parsing import ParsedText

__all__ = ["FUNCTION_NODES", "enclosing_function", "fields", "function_name", "under", "value_of"]

#: The nodes that hold a function body.
FUNCTION_NODES = ("function_declaration", "method_declaration", "func_literal")


def fields(body: Node, parsed: ParsedText) -> dict[str, Node]:
    """The ``Key: value`` elements of a composite literal's body, by key (values unwrapped)."""
    found: dict[str, Node] = {}
    for element in body.named_children:
        if element.type != "keyed_element" or element.named_child_count != 2:
            continue
        key, value = element.named_children
        found[parsed.text_of(key)] = value_of(value)
    return found


def value_of(element: Node) -> Node:
    """The expression a ``literal_element`` wraps (or the node itself)."""
    if element.type == "literal_element" and element.named_child_count == 1:
        return element.named_children[0]
    return element


def enclosing_function(node: Node, root: Node) -> Node | None:
    """The innermost function declaration, method or function literal around ``node`` (in the
    tree of ``root``, walked down once: see `ancestors`)."""
    return next((parent for parent in reversed(ancestors(root, node)) if parent.type in FUNCTION_NODES), None)


def under(node: Node, kinds: frozenset[str], stop: Node) -> bool:
    """Whether a node of one of ``kinds`` lies between ``node`` and ``stop`` (an ancestor)."""
    return any(parent.type in kinds for parent in ancestors(stop, node)[1:])  # one walk down: see `ancestors`


def function_name(function: Node | None, parsed: ParsedText) -> str | None:
    """The name of the top-level function (or method) around ``function``, if any."""
    while function is not None and function.type == "func_literal":
        function = enclosing_function(function, parsed.tree.root_node)
    if function is None:
        return None
    name = function.child_by_field_name("name")
    return parsed.text_of(name) if name is not None else None

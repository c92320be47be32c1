"""The local names of Go functions: what each is assigned, found once per function body.

A name a function assigns once (``cfg := llmagent.Config{...}``, ``state := ctx.State()``)
stands for its value; the readers ask `local_values` for the values of an identifier in the
innermost function that assigns it (function literals are functions of their own).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.syntax import enclosing_function
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile

__all__ = ["local_definitions", "local_values"]


def local_values(node: Node, file: GoFile) -> list[Node | None] | None:
    """The values the identifier ``node`` is assigned in the innermost function that assigns
    it (``None`` for one not given as one expression per name); ``None`` if none does."""
    name = file.parsed.text_of(node)
    function = enclosing_function(node, file.parsed.root)
    while function is not None:
        body = function.child_by_field_name("body")
        definitions = local_definitions(body, file, name) if body is not None else []
        if definitions:
            return definitions
        function = enclosing_function(function, file.parsed.root)
    return None


def local_definitions(body: Node, file: GoFile, name: str) -> list[Node | None]:
    """The values ``name`` is given in ``body`` (``None`` for an assignment whose value is not
    one expression per name), not looking into nested functions; each body is read once."""
    table = file.locals.get(body.id)
    if table is None:
        table = file.locals[body.id] = _local_table(body, file)
    return table.get(name, [])


def _local_table(body: Node, file: GoFile) -> dict[str, list[Node | None]]:
    table: dict[str, list[Node | None]] = {}
    function = body.parent
    for match in matches(query("templating.project.go", "assignments", "go"), body):
        statement = match["assignment"][0]
        if enclosing_function(statement, file.parsed.root) == function:  # not a nested function literal's
            for name, value in _assigned(statement, file):
                table.setdefault(name, []).append(value)
    return table


def _assigned(node: Node, file: GoFile) -> list[tuple[str, Node | None]]:
    if node.type == "var_spec":
        names = node.children_by_field_name("name")
        value = node.child_by_field_name("value")
    else:
        left, value = node.child_by_field_name("left"), node.child_by_field_name("right")
        names = left.named_children if left is not None else []
    values = value.named_children if value is not None else []
    if len(values) == 1 and len(names) > 1 and values[0].type == "call_expression":
        # `agent, err := llmagent.New(...)`: the first name holds what the call builds.
        values = values + [None] * (len(names) - 1)  # type: ignore[list-item]
    return [
        (file.parsed.text_of(target), values[index] if len(values) == len(names) else None)
        for index, target in enumerate(names)
    ]

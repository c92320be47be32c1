"""The order a Java custom agent runs the agents it is built with.

``new StoryFlow(name, writer, critic)`` of a ``BaseAgent`` subclass declared in the same file:
the constructor with that many parameters stores them in fields (``this.writer = writer``),
and ``runAsyncImpl`` names the fields in the order it runs them
(`templating.project.treesitter.run_order`). Fields built in their declaration
(``private final LlmAgent writer = LlmAgent.builder()...build()``) are the agents bound to
their names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.treesitter.run_order import mention_order

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.java.scope import JavaFile

__all__ = ["RUN_METHOD", "run_order_nodes"]

#: Expressions and statements that may skip what they hold.
_CONDITIONS = frozenset({"if_statement", "ternary_expression", "switch_expression", "switch_statement"})
#: The method adk-java's ``BaseAgent.runAsync`` runs a custom agent's own code in.
RUN_METHOD = "runAsyncImpl"


def run_order_nodes(file: JavaFile, class_name: str, arguments: list[Node]) -> list[Node | str] | None:
    """What ``new class_name(arguments)`` runs, in order: the argument each field it uses was
    given, or the field's name for a field built where it is declared; ``None`` without order.
    The class is read once per number of arguments, however many times it is built."""
    memo = (class_name, len(arguments))
    if memo not in file.run_orders:
        file.run_orders[memo] = _class_order(file, class_name, len(arguments))
    order = file.run_orders[memo]
    if order is None:
        return None
    return [arguments[item] if isinstance(item, int) else item for item in order]


def _class_order(file: JavaFile, class_name: str, count: int) -> list[int | str] | None:
    """The fields ``runAsyncImpl`` runs, in order: the index of the constructor parameter
    each was set from, or the field's name."""
    declaration = file.classes.get(class_name)
    body = declaration.child_by_field_name("body") if declaration is not None else None
    if body is None:
        return None
    run = next(
        (m for m in body.named_children if m.type == "method_declaration" and _name(file, m) == RUN_METHOD), None
    )
    run_body = run.child_by_field_name("body") if run is not None else None
    if run_body is None:
        return None
    given = _fields_given(file, body, count)
    declared = {_name(file, d) for f in body.named_children if f.type == "field_declaration"
                for d in f.named_children if d.type == "variable_declarator"}  # fmt: skip
    order = mention_order(run_body, given.keys() | declared, file.text, ("identifier",), lambda n: _local(file, n),
                          _CONDITIONS)  # fmt: skip
    return None if order is None else [given.get(name, name) for name in order]


def _name(file: JavaFile, node: Node) -> str:
    return file.text(node.child_by_field_name("name"))


def _fields_given(file: JavaFile, body: Node, count: int) -> dict[str, int]:
    """The fields the constructor taking ``count`` parameters sets from them, with the index
    of each one's parameter."""
    for constructor in (c for c in body.named_children if c.type == "constructor_declaration"):
        parameters = constructor.child_by_field_name("parameters")
        names = [_name(file, p) for p in (parameters.named_children if parameters is not None else ())
                 if p.type == "formal_parameter"]  # fmt: skip
        block = constructor.child_by_field_name("body")
        if len(names) != count or block is None:
            continue
        given: dict[str, int] = {}
        for statement in block.named_children:
            assigned = statement.named_children[0] if statement.type == "expression_statement" else None
            if assigned is None or assigned.type != "assignment_expression":
                continue
            left, right = assigned.child_by_field_name("left"), assigned.child_by_field_name("right")
            if left is None or right is None or file.text(right) not in names:
                continue
            field = left.child_by_field_name("field") if left.type == "field_access" else left
            given[file.text(field)] = names.index(file.text(right))
        return given
    return {}


def _local(file: JavaFile, node: Node) -> tuple[str, Node] | None:
    """A local variable declared with one value: its name and value."""
    if node.type != "local_variable_declaration":
        return None
    declarators = [d for d in node.named_children if d.type == "variable_declarator"]
    value = declarators[0].child_by_field_name("value") if len(declarators) == 1 else None
    return (_name(file, declarators[0]), value) if value is not None else None

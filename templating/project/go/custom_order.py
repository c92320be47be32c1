"""The order in which a custom adk-go agent's code runs other agents.

``agent.New(agent.Config{Run: ...})`` runs the function given; each ``child.Run(ctx)`` it
ranges over yields the child's events, which the runner appends before the next call starts
(adk-go ``runner/runner.go:348-354``). The function is read where it is written:

- a function literal: its ``x.Run(ctx)`` calls, ``x`` an agent it can see;
- ``value.Run`` of a struct built in the same function (``o := &flow{first: a}``, ``flow{}.Run``):
  the ``Run`` method of that struct type in the package, whose ``f.first.Run(ctx)`` calls name
  the fields the literal sets.

Calls are taken in code order, each agent at its first call. A call in a goroutine (``go``) or
in a function literal handed to another call (``group.Go(func() ...)``) may run beside the
others, and a first call under an ``if`` or a ``switch`` may be held back until later ones have
run: then no order is given, and the agent's sub-agents stay unordered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.locals import local_values
from templating.project.go.names import reference
from templating.project.go.syntax import fields, under
from templating.project.model.facts import Ref
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["run_order"]

_PACKAGE = "templating.project.go"
#: Statements that may skip the calls under them.
_CONDITIONS = frozenset({"if_statement", "expression_switch_statement", "type_switch_statement", "select_statement"})


def run_order(run: Node | None, file: GoFile, package: Package) -> tuple[Ref, ...]:
    """The agents the ``Run`` field's function runs, in the order of its calls."""
    if run is None:
        return ()
    if run.type == "func_literal":
        return _ordered(run, file, package, {})
    if run.type != "selector_expression" or _field(run, file) != "Run":
        return ()
    literal = _struct_literal(run.child_by_field_name("operand"), file)
    type_node = literal.child_by_field_name("type") if literal is not None else None
    body = literal.child_by_field_name("body") if literal is not None else None
    if type_node is None or body is None:
        return ()
    method = _method(file.parsed.text_of(type_node), file, package)
    if method is None:
        return ()
    home, declaration = method
    values = fields(body, file.parsed)
    receiver = _receiver_name(declaration, home)
    return _ordered(declaration, home, package, {f"{receiver}.{name}": node for name, node in values.items()},
                    file)  # fmt: skip


def _field(selector: Node, file: GoFile) -> str | None:
    """The name a selector expression selects (``Run`` of ``o.Run``)."""
    field = selector.child_by_field_name("field")
    return file.parsed.text_of(field) if field is not None else None


def _struct_literal(operand: Node | None, file: GoFile) -> Node | None:
    """The composite literal ``operand`` is (``&flow{...}``, ``flow{...}``, a local bound to one)."""
    while operand is not None and operand.type in ("parenthesized_expression", "unary_expression"):
        operand = operand.named_children[-1] if operand.named_child_count else None
    if operand is not None and operand.type == "identifier":
        values = local_values(operand, file)
        operand = values[0] if values is not None and len(values) == 1 else None
        while operand is not None and operand.type == "unary_expression":
            operand = operand.named_children[-1] if operand.named_child_count else None
    return operand if operand is not None and operand.type == "composite_literal" else None


def _method(type_name: str, file: GoFile, package: Package) -> tuple[GoFile, Node] | None:
    """The ``Run`` method declared on ``type_name`` (or its pointer) in the package."""
    for home in (file, *package.siblings()):
        method = _run_methods(home).get(type_name)
        if method is not None:
            if home is not file:
                package.modules.looked_up.add(package.modules.key(home.path))
            return home, method
    return None


def _run_methods(home: GoFile) -> dict[str, Node]:
    """The ``Run`` methods of ``home`` by receiver type, found in one pass."""
    if home.run_methods is None:
        home.run_methods = {}
        for node in home.parsed.root.named_children:
            name = node.child_by_field_name("name") if node.type == "method_declaration" else None
            if name is None or home.parsed.text_of(name) != "Run":
                continue
            receiver = node.child_by_field_name("receiver")
            declared = receiver.named_children[0] if receiver is not None and receiver.named_child_count else None
            kind = declared.child_by_field_name("type") if declared is not None else None
            if kind is not None:
                home.run_methods.setdefault(home.parsed.text_of(kind).lstrip("*"), node)
    return home.run_methods


def _receiver_name(method: Node, file: GoFile) -> str:
    receiver = method.child_by_field_name("receiver")
    declared = receiver.named_children[0] if receiver is not None and receiver.named_child_count else None
    name = declared.child_by_field_name("name") if declared is not None else None
    return file.parsed.text_of(name) if name is not None else "\0"


def _ordered(
    function: Node, home: GoFile, package: Package, fields_set: dict[str, Node], file: GoFile | None = None
) -> tuple[Ref, ...]:
    """The refs of the ``x.Run(...)`` calls under ``function`` (``x`` a field the struct literal
    sets, or an agent in scope), in code order; ``()`` when one may run beside another."""
    file = file or home
    found: list[Ref] = []
    for match in matches(query(_PACKAGE, "calls", "go"), function):
        callee = match["function"][0]
        if callee.type != "selector_expression" or _field(callee, home) != "Run":
            continue
        operand = callee.child_by_field_name("operand")
        target = fields_set.get(home.parsed.text_of(operand)) if operand is not None else None
        ref = None
        if target is not None and target.type == "identifier":
            ref = reference(target, file, package)
        elif fields_set == {} and operand is not None and operand.type == "identifier":
            ref = reference(operand, home, package)
        if ref is None:
            continue
        if _beside(match["call"][0], function):
            return ()
        if ref in found:
            continue  # run again (StoryFlowAgent's regeneration): its first call is its place
        if under(match["call"][0], _CONDITIONS, function):  # an `if`, a `switch` or a `select`
            return ()  # a guard may hold it back until a later call has run
        found.append(ref)
    return tuple(found)


def _beside(call: Node, function: Node) -> bool:
    """Whether ``call`` sits in a goroutine or in a function literal passed to another call."""
    path = ancestors(function, call)  # `function` down to the call's parent, in one walk down
    for index in range(len(path) - 1, 0, -1):
        node = path[index]
        if node.type == "go_statement" or (node.type == "func_literal" and path[index - 1].type == "argument_list"):
            return True
    return False

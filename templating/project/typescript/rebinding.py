"""TypeScript/JavaScript names bound with ``let`` or ``var`` and assigned again.

Such a name holds its first value only until the next assignment: read as its declaration's
value, ``let text = '{a}'; text = 'plain';`` gave ADK a placeholder it never sees. A name
assigned anywhere in its module after a ``let``/``var`` declaration is therefore not a constant
(`is_rebound`), except a text built up in straight-line code: ``let text = A; text += B;
text += C;`` in one block, read after its last piece, is ``A + B + C`` (`accumulated`), each
piece at its place. A piece in a branch or a loop, or any other assignment of the name, leaves
it unknown.

Every assignment of the module is found in one walk, kept with the module, and each name's
answer is worked out once: many reads of one name cost one look at its assignments.
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.typescript.modules import ScriptModule

__all__ = ["accumulated", "is_mutable_declaration", "is_rebound"]

#: The most pieces read as one text: past that, the name stays unknown.
MAX_PIECES = 256
_ASSIGNMENTS = ("assignment_expression", "augmented_assignment_expression")
_PATTERN_NAMES = ("identifier", "shorthand_property_identifier_pattern")
_BLOCKS = ("statement_block", "program")


def is_mutable_declaration(statement: Node) -> bool:
    """Whether ``statement`` declares with ``let`` or ``var`` (a ``const`` is never assigned)."""
    if statement.type == "variable_declaration":
        return True
    return statement.type == "lexical_declaration" and statement.child_count > 0 and statement.children[0].type == "let"


def is_rebound(name: str, block: Node, module: ScriptModule) -> bool:
    """Whether some expression in ``block`` (the one declaring ``name``) assigns ``name``
    (``=``, ``+=``, ``++``...)."""
    if name not in _assignments(module):
        return False
    memo = _memo(module)
    key = ("starts", name)
    if key not in memo:  # where each assignment of the name starts, sorted once
        memo[key] = sorted(a.node.start_byte for a in _assignments(module)[name])
    starts = memo[key]
    first = bisect.bisect_left(starts, block.start_byte)
    return first < len(starts) and starts[first] < block.end_byte


def accumulated(name: str, at: Node, module: ScriptModule) -> list[Node] | None:
    """The pieces of the text the ``let``/``var`` ``name`` holds where ``at`` reads it: its
    first value then each ``+=`` of the same block, in order; ``None`` unless those are all of
    its assignments in that block and ``at`` comes after the last (worked out once per name)."""
    if name not in _assignments(module):
        return None
    memo = _memo(module)
    key = ("accumulated", name)
    if key not in memo:
        memo[key] = _accumulations(name, module)
    starts, found = memo[key]
    index = bisect.bisect_right(starts, at.start_byte) - 1
    while index >= 0:  # the innermost block around `at` that extends `name`
        block, pieces = found[index]
        if block.start_byte <= at.start_byte < block.end_byte:
            return pieces if pieces is not None and at.start_byte >= pieces[-1].end_byte else None
        index -= 1
    return None


def _accumulations(name: str, module: ScriptModule) -> tuple[list[int], list[tuple[Node, list[Node] | None]]]:
    """Each block holding a ``name += ...`` statement, by where it starts, with the pieces of
    the text it builds there (``None`` when some assignment of ``name`` in it is of another kind
    or place, or there are too many)."""
    assignments = sorted(_assignments(module)[name], key=lambda a: a.node.start_byte)
    starts = [a.node.start_byte for a in assignments]
    blocks = {a.block.id: a.block for a in assignments if a.block is not None and _is_piece(a, name, module)}
    found = []
    for block in sorted(blocks.values(), key=lambda b: b.start_byte):
        inside = assignments[bisect.bisect_left(starts, block.start_byte) : bisect.bisect_left(starts, block.end_byte)]
        pieces = None
        if len(inside) < MAX_PIECES and all(a.block is block and _is_piece(a, name, module) for a in inside):
            pieces = _pieces(name, block, inside, module)
        found.append((block, pieces))
    return [block.start_byte for block, _ in found], found


def _pieces(name: str, block: Node, inside: list[_Assignment], module: ScriptModule) -> list[Node] | None:
    value = _declared_value(name, block, min(a.node.start_byte for a in inside), module)
    rights = [a.node.child_by_field_name("right") for a in sorted(inside, key=lambda a: a.node.start_byte)]
    if value is None or any(right is None for right in rights):
        return None
    return [value, *rights]  # type: ignore[list-item]


def _declared_value(name: str, block: Node, before: int, module: ScriptModule) -> Node | None:
    """The value of the ``let``/``var`` declaration of ``name`` among ``block``'s statements
    before byte ``before``."""
    text_of = module.parsed.text_of
    for statement in block.named_children:
        if statement.start_byte >= before:
            return None
        if not is_mutable_declaration(statement):
            continue
        for declarator in statement.named_children:
            target = declarator.child_by_field_name("name")
            if target is not None and target.type == "identifier" and text_of(target) == name:
                return declarator.child_by_field_name("value")
    return None


def _is_piece(assignment: _Assignment, name: str, module: ScriptModule) -> bool:
    """Whether ``assignment`` is a statement of its own ``name += ...``."""
    node = assignment.node
    if assignment.block is None or node.type != "augmented_assignment_expression":
        return False
    left, operator = node.child_by_field_name("left"), node.child_by_field_name("operator")
    return (
        left is not None
        and left.type == "identifier"
        and module.parsed.text_of(left) == name
        and operator is not None
        and operator.type == "+="
    )


@dataclass(frozen=True, slots=True)
class _Assignment:
    """An assignment expression, with the block its statement is in when it is a statement of
    its own (``name += ...;``), else ``None``."""

    node: Node
    block: Node | None


def _memo(module: ScriptModule) -> dict:
    if module.binding_memo is None:
        module.binding_memo = {}
    return module.binding_memo


def _assignments(module: ScriptModule) -> dict[str, list[_Assignment]]:
    """Every assignment of ``module`` by the name it assigns, found in one walk and kept."""
    if module.assignments is not None:
        return module.assignments
    found: dict[str, list[_Assignment]] = {}
    text_of = module.parsed.text_of
    pending: list[tuple[Node, Node | None, Node | None]] = [(module.parsed.root, None, None)]
    while pending:
        node, parent, grandparent = pending.pop()
        targets: list[Node] = []
        if node.type in _ASSIGNMENTS:
            left = node.child_by_field_name("left")
            targets = _names(left) if left is not None else []
        elif node.type == "update_expression":
            argument = node.child_by_field_name("argument")
            targets = [argument] if argument is not None and argument.type == "identifier" else []
        own = parent is not None and parent.type == "expression_statement" and grandparent is not None
        for target in targets:
            block = grandparent if own and grandparent.type in _BLOCKS else None  # type: ignore[union-attr]
            found.setdefault(text_of(target), []).append(_Assignment(node, block))
        pending.extend((child, node, parent) for child in node.named_children)
    module.assignments = found
    return found


def _names(target: Node) -> list[Node]:
    """The names an assignment's left side binds: itself, or those of a destructuring pattern."""
    if target.type in _PATTERN_NAMES:
        return [target]
    if target.type not in ("array_pattern", "object_pattern", "pair_pattern", "assignment_pattern", "rest_pattern"):
        return []
    names, pending = [], list(target.named_children)
    while pending:
        node = pending.pop()
        if node.type in _PATTERN_NAMES:
            names.append(node)
        elif node.type in ("array_pattern", "object_pattern", "pair_pattern", "assignment_pattern", "rest_pattern"):
            pending.extend(node.named_children)
    return names

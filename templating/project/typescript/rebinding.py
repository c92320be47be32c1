"""TypeScript/JavaScript names bound with ``let`` or ``var`` and assigned again.

Such a name holds its first value only until the next assignment: read as its declaration's
value, ``let text = '{a}'; text = 'plain';`` gave ADK a placeholder it never sees. A name
assigned anywhere in its module after a ``let``/``var`` declaration is therefore not a constant
(`is_rebound`), except a text built up in straight-line code: ``let text = A; text += B;
text += C;`` in one block, read after its last piece, is ``A + B + C`` (`accumulated`), each
piece at its place. A piece in a branch or a loop, or any other assignment of the name, leaves
it unknown.

Every assignment of the module is found in one walk, kept with the module.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.treesitter.parsing import ancestors

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
    return any(block.start_byte <= node.start_byte < block.end_byte for node in _assignments(module).get(name, ()))


def accumulated(name: str, at: Node, module: ScriptModule) -> list[Node] | None:
    """The pieces of the text the ``let``/``var`` ``name`` holds where ``at`` reads it: its
    first value then each ``+=`` of the same block, in order; ``None`` unless those are all of
    its assignments and ``at`` comes after the last."""
    found = _declaration(name, at, module)
    if found is None:
        return None
    block, statement, value = found
    pieces, targets = [value], []
    for sibling in block.named_children:
        if sibling.start_byte <= statement.start_byte:
            continue
        expression = (
            sibling.named_children[0] if sibling.type == "expression_statement" and sibling.named_children else None
        )
        if expression is not None and _is_piece(expression, name, module):
            right = expression.child_by_field_name("right")
            if right is None:
                return None
            pieces.append(right)
            targets.append(expression.id)
    assigned = [
        node.id for node in _assignments(module).get(name, ()) if block.start_byte <= node.start_byte < block.end_byte
    ]
    if len(pieces) < 2 or len(pieces) > MAX_PIECES or sorted(assigned) != sorted(targets):
        return None
    return pieces if at.start_byte >= pieces[-1].end_byte else None


def _declaration(name: str, at: Node, module: ScriptModule) -> tuple[Node, Node, Node] | None:
    """The innermost block around ``at`` declaring ``name`` with ``let``/``var`` before it:
    the block, the declaration and its value."""
    text_of = module.parsed.text_of
    for block in reversed(ancestors(module.parsed.root, at)):
        if block.type not in _BLOCKS:
            continue
        for statement in block.named_children:
            if statement.start_byte >= at.start_byte:
                break
            if statement.type not in ("lexical_declaration", "variable_declaration"):
                continue
            for declarator in statement.named_children:
                target, value = declarator.child_by_field_name("name"), declarator.child_by_field_name("value")
                if target is not None and target.type == "identifier" and text_of(target) == name:
                    if value is None or not is_mutable_declaration(statement):
                        return None
                    return block, statement, value
    return None


def _is_piece(expression: Node, name: str, module: ScriptModule) -> bool:
    if expression.type != "augmented_assignment_expression":
        return False
    left, operator = expression.child_by_field_name("left"), expression.child_by_field_name("operator")
    return (
        left is not None
        and left.type == "identifier"
        and module.parsed.text_of(left) == name
        and operator is not None
        and operator.type == "+="
    )


def _assignments(module: ScriptModule) -> dict[str, list[Node]]:
    """Every assignment of ``module`` by the name it assigns, found in one walk and kept."""
    if module.assignments is not None:
        return module.assignments
    found: dict[str, list[Node]] = {}
    text_of = module.parsed.text_of
    pending = [module.parsed.root]
    while pending:
        node = pending.pop()
        if node.type in _ASSIGNMENTS:
            left = node.child_by_field_name("left")
            for target in _names(left) if left is not None else ():
                found.setdefault(text_of(target), []).append(node)
        elif node.type == "update_expression":
            argument = node.child_by_field_name("argument")
            if argument is not None and argument.type == "identifier":
                found.setdefault(text_of(argument), []).append(node)
        pending.extend(node.named_children)
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

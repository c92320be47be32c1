"""What names mean in one Java file: its ``String`` variables, its methods, its parameters.

`JavaScope` finds the declaration a use of a name sees (locals by block, fields from the whole
class, another class's fields through `sibling`); `is_parameter` tells a method's or lambda's
parameter (a run-time value, whatever a field of the same name holds); `returned` gives the one
expression a method returns, so that ``instruction(buildPrompt())`` reads the prompt.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile
from templating.project.treesitter.parsing import ParsedText, ancestors
from templating.project.treesitter.text import Characters

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["JavaScope", "is_parameter", "returned"]

#: How many earlier declarations of one name are looked at for the one a use sees.
_MAX_SHADOWS = 64
_FIELDS = ("field_declaration", "constant_declaration")
_CALLABLES = ("method_declaration", "constructor_declaration", "lambda_expression")
#: Bodies a ``return`` inside does not belong to the method around them.
_OWN_BODIES = ("lambda_expression", "class_body", "method_declaration", "constructor_declaration")


@dataclass
class JavaScope:
    """What names mean in one Java file: its ``String`` variables by name, its classes, and
    how to reach another class's file (``sibling``, by class name)."""

    parsed: ParsedText
    source: SourceFile
    variables: dict[str, list[Node]] = field(default_factory=dict)
    classes: frozenset[str] = frozenset()
    sibling: Callable[[str], JavaScope | None] = lambda name: None
    #: The file's methods by name (a method declared once is followed when called).
    methods: dict[str, list[Node]] = field(default_factory=dict)

    #: Texts evaluated so far, by node: a constant used twice is evaluated once.
    memo: dict[int, Characters] = field(default_factory=dict)
    #: Where each name's declarations start, in document order (found on first use).
    starts: dict[str, list[int]] = field(default_factory=dict)
    #: Each name's field declaration, if any (found on first use).
    fields: dict[str, Node | None] = field(default_factory=dict)

    def constant(self, name: str, at: int) -> Node | None:
        """The value of the declaration of ``name`` that offset ``at`` sees: the last local
        declared before it in a block holding it (the nearest `_MAX_SHADOWS` are looked at),
        else a field (seen from the whole class)."""
        declarators = self.variables.get(name, ())
        if name not in self.starts:
            self.starts[name] = [d.start_byte for d in declarators]
        index = bisect.bisect_left(self.starts[name], at)
        for declarator in reversed(declarators[max(0, index - _MAX_SHADOWS) : index]):
            declaration = declarator.parent
            block = declaration.parent if declaration is not None else None
            local = declaration is not None and declaration.type not in _FIELDS
            if local and block is not None and block.start_byte <= at < block.end_byte:
                return declarator.child_by_field_name("value")
        if name not in self.fields:
            self.fields[name] = next(
                (d for d in declarators if d.parent is not None and d.parent.type in _FIELDS), None
            )
        field_declarator = self.fields[name]
        return field_declarator.child_by_field_name("value") if field_declarator is not None else None


def is_parameter(node: Node, name: str, text_of: Callable[[Node], str], root: Node) -> bool:
    """Whether ``name`` used at ``node`` is a parameter of a method or lambda around it (in the
    tree of ``root``, walked down once: see `ancestors`)."""
    for parent in reversed(ancestors(root, node)):
        if parent.type in _CALLABLES:
            parameters = parent.child_by_field_name("parameters")
            if parameters is not None:
                if parameters.type == "identifier":
                    found = [parameters]
                else:
                    found = [p.child_by_field_name("name") or p for p in parameters.named_children]
                if any(p is not None and text_of(p) == name for p in found):
                    return True
    return False


def returned(method: Node) -> Node | None:
    """The expression of a method's only ``return`` (none when it has several, or none)."""
    body = method.child_by_field_name("body")
    found: list[Node] = []
    stack = list(body.named_children) if body is not None else []
    while stack and len(found) < 2:
        node = stack.pop()
        if node.type == "return_statement":
            found.append(node)
        elif node.type not in _OWN_BODIES:
            stack.extend(node.named_children)
    return found[0].named_children[0] if len(found) == 1 and found[0].named_children else None

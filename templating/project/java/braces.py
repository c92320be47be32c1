"""Whether a Java value known only at run time can carry braces, and why.

ADK scans an instruction after Java built it, so braces in a spliced value become
placeholders. A number, a boolean, a choice between brace-free texts, a size or a date, or an
environment setting cannot carry any (reporting every setting buries the real cases, as the
Python front end judges too), nor the JSON of a schema the file builds from brace-free texts;
other JSON text has braces for every object; anything else can.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.java.names import JavaScope

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["UNKNOWN", "brace_reason"]

_MAX_DEPTH = 24
UNKNOWN = "its value is only known at run time"
_UNKNOWN = UNKNOWN
_BRACE_FREE_NODES = frozenset({"true", "false", "null_literal", "character_literal"})
#: Calls whose result never holds a brace: environment settings, sizes, numbers, dates.
_BRACE_FREE_CALLS = frozenset({
    "getenv", "getProperty", "size", "length", "count", "ordinal", "hashCode", "now", "currentTimeMillis",
    "nanoTime", "getYear", "getMonthValue", "getDayOfMonth", "toEpochMilli", "getEpochSecond",
})  # fmt: skip
#: Calls that write JSON text.
_JSON_CALLS = frozenset({"toJson", "toJsonString", "writeValueAsString", "toPrettyString"})
#: A class that reads the environment: its blank ``static final`` fields are settings.
_READS_ENVIRONMENT = re.compile(r"\b(?:getenv|getProperty|[Dd]otenv)\b")


def brace_reason(node: Node, scope: JavaScope, depth: int = 0) -> str | None:
    """Why a value known only at run time can carry braces, or ``None`` when it cannot: a
    number, a boolean, a choice between brace-free texts, a size or a date, an environment
    setting (``getenv``/``getProperty``, or a ``static final`` field with no initialiser in a
    class that reads the environment), as the Python front end judges them."""
    kind = node.type
    if depth > _MAX_DEPTH:
        return _UNKNOWN
    if kind in _BRACE_FREE_NODES or kind.endswith(("integer_literal", "floating_point_literal")):
        return None
    if kind == "string_literal":
        return None if "{" not in scope.parsed.text_of(node) else _UNKNOWN
    if kind == "method_invocation":
        name = scope.parsed.text_of(node.child_by_field_name("name") or node)
        if name in _JSON_CALLS:
            receiver = node.child_by_field_name("object")
            if receiver is not None and _is_written_schema(receiver, scope):
                return None
            return f"`{name}` writes JSON, with braces for every object"
        return None if name in _BRACE_FREE_CALLS else _UNKNOWN
    if kind == "ternary_expression":
        branches = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")]
        reasons = [brace_reason(branch, scope, depth + 1) for branch in branches if branch is not None]
        return next((reason for reason in reasons if reason is not None), None)
    if kind == "binary_expression":
        parts = [node.child_by_field_name("left"), node.child_by_field_name("right")]
        reasons = [brace_reason(part, scope, depth + 1) for part in parts if part is not None]
        return next((reason for reason in reasons if reason is not None), None)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return brace_reason(node.named_children[0], scope, depth + 1)
    if kind in ("identifier", "field_access"):
        return _name_reason(node, scope, depth)
    return _UNKNOWN


def _is_written_schema(receiver: Node, scope: JavaScope) -> bool:
    """Whether ``receiver`` is a ``Schema`` the file builds (``Schema.builder()...build()``)
    with no brace in any of its texts: its JSON opens every brace group with a quoted key,
    which adk-java leaves as written (``InstructionUtils.java:215-233``: not a state name)."""
    value: Node | None = receiver
    if receiver.type == "identifier":
        value = scope.constant(scope.parsed.text_of(receiver), receiver.start_byte)
    if value is None:
        return False
    if not scope.parsed.text_of(value).startswith("Schema.builder()"):
        return False
    stack = [value]  # one walk of its subtree: no text of it may hold a brace
    while stack:
        current = stack.pop()
        if current.type == "string_literal":
            if any(brace in scope.parsed.text_of(current) for brace in "{}"):
                return False
            continue
        stack.extend(current.named_children)
    return True


def _name_reason(node: Node, scope: JavaScope, depth: int) -> str | None:
    """The reason of the value a name stands for, followed to its declaration."""
    where, name = scope, scope.parsed.text_of(node)
    if node.type == "field_access":
        owner, field_node = node.child_by_field_name("object"), node.child_by_field_name("field")
        if owner is None or field_node is None:
            return _UNKNOWN
        name = scope.parsed.text_of(field_node)
        owner_name = scope.parsed.text_of(owner)
        other = scope if owner_name in scope.classes else scope.sibling(owner_name)
        if other is None:
            return _UNKNOWN
        where = other
    value = where.constant(name, node.start_byte if where is scope else -1)
    if value is not None:
        return brace_reason(value, where, depth + 1)
    blank = any(d.child_by_field_name("value") is None for d in where.variables.get(name, ()))
    return None if blank and _READS_ENVIRONMENT.search(where.source.text) else _UNKNOWN

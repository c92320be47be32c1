"""Evaluate a Java instruction expression to text without running it, keeping every position.

Understood: string literals and text blocks (incidental whitespace stripped and escapes
decoded as ``javac`` does, each character at the offset it is written at), ``+``,
parentheses, ``String`` constants (fields and locals of the file, ``Class.FIELD`` of another
class of the folder), ``String.format(pattern, ...)`` and ``pattern.formatted(...)``,
``strip()``/``trim()``/``stripIndent()``, ``concat``. Anything else is a hole. Characters
from another file are placed at the expression that brought them in.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.budget import BUDGET_REASON, is_exhausted, pay
from templating.project.java.braces import brace_reason
from templating.project.java.names import JavaScope, is_parameter, returned
from templating.project.model.instruction import MAX_INSTRUCTION, RUNTIME_VALUE, unread_literal
from templating.project.treesitter.text import (
    Character,
    Characters,
    characters_at,
    format_printf,
    hole,
    lines_of,
    strip_blank,
)

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["MAX_TEXT", "JavaScope", "evaluate", "text_block"]

_MAX_DEPTH = 24
#: The longest text an expression may evaluate to (a long prompt is a few hundred kilobytes):
#: the longest instruction checked.
MAX_TEXT = MAX_INSTRUCTION
#: The expressions that build a new text: a concatenation pays for it from the file's budget of
#: built text (`templating.project.budget`), once built; a format is priced before it is built.
_BUILT = frozenset({"binary_expression"})
#: `Character.isWhitespace` for the characters a source line starts or ends with.
_BLANKS = " \t\f\x0b\x1c\x1d\x1e\x1f"
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "s": " ", '"': '"', "'": "'", "\\": "\\"}
_STRIP = {"strip": (True, True), "trim": (True, True), "stripLeading": (True, False), "stripTrailing": (False, True)}


def evaluate(node: Node, scope: JavaScope, depth: int = 0) -> Characters:
    """The text ``node`` evaluates to; holes for what is known only at run time. Each node
    is evaluated once per file, and a text past `MAX_TEXT` characters is a hole: constants
    that double each other (``B = A + A``) cost linear time, not exponential."""
    found = scope.memo.get(node.id)
    if found is None:
        if is_exhausted():
            return _over_budget(node, scope)
        found = _evaluate(node, scope, depth)
        if len(found) > MAX_TEXT:
            found = hole(scope.parsed.text_of(node)[:200], scope.parsed.span(node)[0])
        elif node.type in _BUILT and not pay(len(found)):
            found = _over_budget(node, scope)
        if not _spends_budget(found):  # a hole for want of budget is this file's, not the node's
            scope.memo[node.id] = found
    return found


def _over_budget(node: Node, scope: JavaScope) -> Characters:
    return hole(scope.parsed.text_of(node)[:200], scope.parsed.span(node)[0], BUDGET_REASON)


def _spends_budget(found: Characters) -> bool:
    """Whether ``found`` holds a hole for want of budget, or was built when none was left."""
    return is_exhausted() or any(
        character.hole is not None and character.hole.reason == BUDGET_REASON for character in found
    )


def _evaluate(node: Node, scope: JavaScope, depth: int) -> Characters:
    if depth > _MAX_DEPTH:
        return _hole(node, scope)
    kind = node.type
    if kind == "string_literal":
        return _literal(node, scope)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return evaluate(node.named_children[0], scope, depth + 1)
    if kind == "binary_expression" and _operator(node) == "+":
        return _concatenation(node, scope, depth)
    if kind == "identifier":
        return _name(node, scope, depth)
    if kind == "field_access":
        return _field(node, scope, depth)
    if kind == "method_invocation":
        return _call(node, scope, depth)
    return _hole(node, scope)


def _concatenation(node: Node, scope: JavaScope, depth: int) -> Characters:
    """``a + b + c ...``: the chain is nested to the left, one level per operand, so it is
    walked in a loop (a prompt of a hundred ``+`` lines is no deeper than one)."""
    operands: list[Node] = []
    current: Node | None = node
    while current is not None and current.type == "binary_expression" and _operator(current) == "+":
        right = current.child_by_field_name("right")
        if right is not None:
            operands.append(right)
        current = current.child_by_field_name("left")
    if current is not None:
        operands.append(current)
    characters: list[Character] = []
    for operand in reversed(operands):
        characters.extend(evaluate(operand, scope, depth + 1))
        if len(characters) > MAX_TEXT:
            break
    return tuple(characters)


def _hole(node: Node, scope: JavaScope) -> Characters:
    start, _ = scope.parsed.span(node)
    return hole(scope.parsed.text_of(node), start, brace_reason(node, scope))


def _operator(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return operator.type if operator is not None else ""


def _name(node: Node, scope: JavaScope, depth: int) -> Characters:
    name = scope.parsed.text_of(node)
    if is_parameter(node, name, scope.parsed.text_of, scope.parsed.root):
        return _hole(node, scope)
    value = scope.constant(name, node.start_byte)
    if value is None or value.start_byte <= node.start_byte < value.end_byte:
        return _hole(node, scope)
    return evaluate(value, scope, depth + 1)


def _field(node: Node, scope: JavaScope, depth: int) -> Characters:
    owner, name = node.child_by_field_name("object"), node.child_by_field_name("field")
    if owner is None or name is None or owner.type != "identifier":
        return _hole(node, scope)
    owner_name, field_name = scope.parsed.text_of(owner), scope.parsed.text_of(name)
    if owner_name in scope.classes:
        value = scope.constant(field_name, node.start_byte)
        return evaluate(value, scope, depth + 1) if value is not None else _hole(node, scope)
    other = scope.sibling(owner_name)
    value = other.constant(field_name, -1) if other is not None else None
    if other is None or value is None:
        return _hole(node, scope)
    start, _ = scope.parsed.span(node)
    return tuple(character._replace(offset=start) for character in evaluate(value, other, depth + 1))


def _call(node: Node, scope: JavaScope, depth: int) -> Characters:
    receiver = node.child_by_field_name("object")
    name_node, arguments = node.child_by_field_name("name"), node.child_by_field_name("arguments")
    name = scope.parsed.text_of(name_node) if name_node is not None else ""
    values = [evaluate(a, scope, depth + 1) for a in arguments.named_children] if arguments is not None else []
    result: Characters | None = None
    if receiver is not None and scope.parsed.text_of(receiver) == "String" and name == "format" and values:
        result = format_printf(values[0], values[1:])
    elif receiver is not None and name == "formatted":
        result = format_printf(evaluate(receiver, scope, depth + 1), values)
    elif receiver is not None and name in _STRIP and not values:
        leading, trailing = _STRIP[name]
        result = strip_blank(evaluate(receiver, scope, depth + 1), _BLANKS + "\n\r", leading=leading, trailing=trailing)
    elif receiver is not None and name == "concat" and len(values) == 1:
        result = evaluate(receiver, scope, depth + 1) + values[0]
    elif receiver is None or scope.parsed.text_of(receiver) == "this":
        result = _method_result(node, name, scope, depth)
    return result if result is not None else _hole(node, scope)


def _method_result(call: Node, name: str, scope: JavaScope, depth: int) -> Characters | None:
    """What a method of the file declared once, with one ``return``, returns; its parameters
    are holes. Placed at the call, as another file's text is."""
    declared = scope.methods.get(name) or []
    expression = returned(declared[0]) if len(declared) == 1 else None
    if expression is None or declared[0].start_byte <= call.start_byte < declared[0].end_byte:
        return None  # not a method to follow, or a recursive call
    start = scope.parsed.span(call)[0]
    return tuple(character._replace(offset=start) for character in evaluate(expression, scope, depth + 1))


def _literal(node: Node, scope: JavaScope) -> Characters:
    start, end = scope.parsed.span(node)
    if end - start > MAX_TEXT:
        return (Character(RUNTIME_VALUE, start, unread_literal(end - start)),)
    text = scope.source.text
    if text.startswith('"""', start):
        return text_block(text, start, end)
    return _decode(characters_at(text[start + 1 : end - 1], start + 1))


def text_block(text: str, start: int, end: int) -> Characters:
    """The value of the text block ``text[start:end]`` (both ``\"\"\"`` included), as ``javac``
    computes it: the content starts on the line after the opening delimiter, the common
    indentation of its non-blank lines and of the closing line is removed, trailing blanks
    are removed, then escapes are decoded (so ``\\<line break>`` joins lines)."""
    first = text.find("\n", start + 3)
    if first < 0 or first >= end - 3:
        return ()
    raw = characters_at(text[first + 1 : end - 3], first + 1)
    lines = lines_of(raw)
    significant = [line for line in lines[:-1] if strip_blank(line, _BLANKS)] + [lines[-1]]
    margin = min(len(line) - len(strip_blank(line, _BLANKS, trailing=False)) for line in significant)
    kept: list[Character] = []
    at = first + 1  # the source offset of the current line's first character
    for index, line in enumerate(lines):
        body = strip_blank(line[margin:], _BLANKS, leading=False) if strip_blank(line, _BLANKS) else ()
        kept.extend(body)
        at += len(line)
        if index < len(lines) - 1:
            kept.append(Character("\n", at))
            at += 1
    return _decode(tuple(kept))


def _decode(characters: Characters) -> Characters:
    """Java escapes decoded: each decoded character at the offset of its backslash."""
    if not any(character.text == "\\" for character in characters):
        return characters
    result: list[Character] = []
    index = 0
    while index < len(characters):
        character = characters[index]
        following = characters[index + 1].text if index + 1 < len(characters) else ""
        if character.text != "\\" or not following:
            result.append(character)
            index += 1
        elif following == "\n":
            index += 2  # a line continuation in a text block
        elif following in _ESCAPES:
            result.append(Character(_ESCAPES[following], character.offset))
            index += 2
        elif following in "01234567":
            digits = _octal(characters, index + 1)
            result.append(Character(chr(int(digits, 8)), character.offset))
            index += 1 + len(digits)
        elif following == "u":
            digits = "".join(c.text for c in characters[index + 2 : index + 6])
            result.append(Character(chr(int(digits, 16)) if _is_hex(digits) else "u", character.offset))
            index += 6 if _is_hex(digits) else 2
        else:
            result.append(characters[index + 1])
            index += 2
    return tuple(result)


def _octal(characters: Characters, index: int) -> str:
    limit = 3 if characters[index].text in "0123" else 2
    digits = ""
    while index < len(characters) and len(digits) < limit and characters[index].text in "01234567":
        digits += characters[index].text
        index += 1
    return digits


def _is_hex(digits: str) -> bool:
    return len(digits) == 4 and all(c in "0123456789abcdefABCDEF" for c in digits)

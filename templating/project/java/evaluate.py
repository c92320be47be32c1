"""Evaluate a Java instruction expression to text without running it, keeping every position.

Understood: string literals and text blocks (incidental whitespace stripped and escapes
decoded as ``javac`` does, each character at the offset it is written at), ``+``,
parentheses, ``String`` constants (fields and locals of the file, ``Class.FIELD`` of another
class of the folder), ``String.format(pattern, ...)`` and ``pattern.formatted(...)``,
``strip()``/``trim()``/``stripIndent()``, ``concat``. Anything else is a hole. Characters
from another file are placed at the expression that brought them in.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile
from templating.project.treesitter.parsing import ParsedText
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

__all__ = ["MAX_TEXT", "JavaScope", "brace_reason", "evaluate", "text_block"]

_MAX_DEPTH = 24
#: The longest text an expression may evaluate to (a long prompt is a few hundred kilobytes).
MAX_TEXT = 1_000_000
#: How many earlier declarations of one name are looked at for the one a use sees.
_MAX_SHADOWS = 64
_FIELDS = ("field_declaration", "constant_declaration")
#: `Character.isWhitespace` for the characters a source line starts or ends with.
_BLANKS = " \t\f\x0b\x1c\x1d\x1e\x1f"
_ESCAPES = {"b": "\b", "t": "\t", "n": "\n", "f": "\f", "r": "\r", "s": " ", '"': '"', "'": "'", "\\": "\\"}
_UNKNOWN = "its value is only known at run time"
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
_STRIP = {"strip": (True, True), "trim": (True, True), "stripLeading": (True, False), "stripTrailing": (False, True)}


@dataclass
class JavaScope:
    """What names mean in one Java file: its ``String`` variables by name, its classes, and
    how to reach another class's file (``sibling``, by class name)."""

    parsed: ParsedText
    source: SourceFile
    variables: dict[str, list[Node]] = field(default_factory=dict)
    classes: frozenset[str] = frozenset()
    sibling: Callable[[str], JavaScope | None] = lambda name: None

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


def evaluate(node: Node, scope: JavaScope, depth: int = 0) -> Characters:
    """The text ``node`` evaluates to; holes for what is known only at run time. Each node
    is evaluated once per file, and a text past `MAX_TEXT` characters is a hole: constants
    that double each other (``B = A + A``) cost linear time, not exponential."""
    found = scope.memo.get(node.id)
    if found is None:
        found = _evaluate(node, scope, depth)
        if len(found) > MAX_TEXT:
            found = hole(scope.parsed.text_of(node)[:200], scope.parsed.span(node)[0])
        scope.memo[node.id] = found
    return found


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
            return f"`{name}` writes JSON, with braces for every object"
        return None if name in _BRACE_FREE_CALLS else _UNKNOWN
    if kind == "ternary_expression":
        branches = [node.child_by_field_name("consequence"), node.child_by_field_name("alternative")]
        reasons = [brace_reason(branch, scope, depth + 1) for branch in branches if branch is not None]
        return next((reason for reason in reasons if reason is not None), None)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return brace_reason(node.named_children[0], scope, depth + 1)
    if kind in ("identifier", "field_access"):
        return _name_reason(node, scope, depth)
    return _UNKNOWN


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


def _operator(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return operator.type if operator is not None else ""


def _name(node: Node, scope: JavaScope, depth: int) -> Characters:
    value = scope.constant(scope.parsed.text_of(node), node.start_byte)
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
    return result if result is not None else _hole(node, scope)


def _literal(node: Node, scope: JavaScope) -> Characters:
    start, end = scope.parsed.span(node)
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

"""Evaluate a Kotlin instruction expression to text without running it, keeping every position.

Understood: ``"..."`` strings (escapes decoded) and ``\"\"\"...\"\"\"`` raw strings, ``+``,
parentheses, ``trimIndent()`` / ``trimMargin()`` / ``trim()`` (each character keeps its
offset), ``format(...)``, and names of string ``val``/``const val`` of the file. Kotlin's
own string templates are compile-time: ``$name`` and ``${expr}`` are replaced by the value
of a string constant of the file, or become a hole; ``${'$'}`` is a ``$``. The templates are
read from the source text, not from the tree: tree-sitter-kotlin 1.1 reads ``$name`` in a
``"..."`` string as plain text.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.dialects.jvm import KOTLIN_WHITESPACE
from templating.project.budget import BUDGET_REASON, is_exhausted, pay
from templating.project.model.instruction import MAX_INSTRUCTION, RUNTIME_VALUE, SourceFile, unread_literal
from templating.project.treesitter.parsing import ParsedText
from templating.project.treesitter.text import (
    Character,
    Characters,
    format_printf,
    hole,
    known_text,
    lines_of,
    strip_blank,
)

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["MAX_TEXT", "KotlinScope", "arguments_of", "evaluate", "trim_indent", "trim_margin"]

_MAX_DEPTH = 24
#: The longest text an expression may evaluate to: the longest instruction checked.
MAX_TEXT = MAX_INSTRUCTION
#: The expressions that build a new text: a concatenation pays for it from the file's budget of
#: built text (`templating.project.budget`), once built; a format is priced before it is built.
_BUILT = frozenset({"binary_expression"})
_TOPS = ("source_file", "class_body")
_ESCAPES = {"t": "\t", "b": "\b", "n": "\n", "r": "\r", "'": "'", '"': '"', "\\": "\\", "$": "$"}
_DOLLAR = ("'$'", '"$"')


@dataclass
class KotlinScope:
    """What names mean in one Kotlin file: its ``val`` initialisers by name."""

    parsed: ParsedText
    source: SourceFile
    values: dict[str, list[Node]] = field(default_factory=dict)
    #: Template expressions (``${...}`` and the ``$name`` the grammar sees) by start offset.
    templates: dict[int, Node] = field(default_factory=dict)
    sibling: Callable[[str], KotlinScope | None] = lambda name: None

    #: Texts evaluated so far, by node: a constant used twice is evaluated once.
    memo: dict[int, Characters] = field(default_factory=dict)
    #: Where each name's declarations start, in characters (found on first use).
    starts: dict[str, list[int]] = field(default_factory=dict)

    def constant(self, name: str, at: int) -> Node | None:
        """The initialiser of the last ``val name`` declared before character offset ``at``,
        else of the last one declared at the top level or in a class (``at`` of -1: those only)."""
        values = self.values.get(name, ())
        if name not in self.starts:
            self.starts[name] = [self.parsed.span(value)[0] for value in values]
        index = bisect.bisect_left(self.starts[name], at)
        if index:
            return values[index - 1]
        tops = [
            v for v in values if v.parent is not None and v.parent.parent is not None and v.parent.parent.type in _TOPS
        ]
        return tops[-1] if tops else None


def evaluate(node: Node, scope: KotlinScope, depth: int = 0) -> Characters:
    """The text ``node`` evaluates to; holes for what is known only at run time. Each node
    is evaluated once per file, and a text past `MAX_TEXT` characters is a hole."""
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


def _over_budget(node: Node, scope: KotlinScope) -> Characters:
    return hole(scope.parsed.text_of(node)[:200], scope.parsed.span(node)[0], BUDGET_REASON)


def _spends_budget(found: Characters) -> bool:
    """Whether ``found`` holds a hole for want of budget, or was built when none was left."""
    return is_exhausted() or any(
        character.hole is not None and character.hole.reason == BUDGET_REASON for character in found
    )


def _evaluate(node: Node, scope: KotlinScope, depth: int) -> Characters:
    if depth > _MAX_DEPTH:
        return _hole(node, scope)
    kind = node.type
    if kind in ("string_literal", "multiline_string_literal"):
        return _literal(node, scope, depth)
    if kind == "parenthesized_expression" and node.named_child_count == 1:
        return evaluate(node.named_children[0], scope, depth + 1)
    if _is_plus(node):
        return _concatenation(node, scope, depth)
    if kind == "identifier":
        start, _ = scope.parsed.span(node)
        found = _named(scope.parsed.text_of(node), start, scope, depth)
        return found if found is not None else _hole(node, scope)
    if kind == "navigation_expression":
        return _member(node, scope, depth)
    if kind == "call_expression":
        return _call(node, scope, depth)
    return _hole(node, scope)


def _is_plus(node: Node) -> bool:
    return node.type == "binary_expression" and any(child.type == "+" for child in node.children)


def _concatenation(node: Node, scope: KotlinScope, depth: int) -> Characters:
    """``a + b + c ...``, nested to the left one level per operand, walked in a loop."""
    operands: list[Node] = []
    current = node
    while _is_plus(current) and current.named_children:
        operands.append(current.named_children[-1])
        current = current.named_children[0]
    operands.append(current)
    characters: list[Character] = []
    for operand in reversed(operands):
        characters.extend(evaluate(operand, scope, depth + 1))
        if len(characters) > MAX_TEXT:
            break
    return tuple(characters)


def _hole(node: Node, scope: KotlinScope) -> Characters:
    start, _ = scope.parsed.span(node)
    reason = None if node.type == "number_literal" else "its value is only known at run time"
    return hole(scope.parsed.text_of(node), start, reason)


def _member(node: Node, scope: KotlinScope, depth: int) -> Characters:
    """``Object.CONSTANT``: a ``const val`` by its last name, of the file or of an imported
    package's (placed at the reference)."""
    last = node.named_children[-1]
    value = scope.constant(scope.parsed.text_of(last), -1) if last.type == "identifier" else None
    if value is not None:
        return evaluate(value, scope, depth + 1)
    found = (
        _named(scope.parsed.text_of(last), scope.parsed.span(node)[0], scope, depth)
        if last.type == "identifier"
        else None
    )
    return found if found is not None else _hole(node, scope)


def arguments_of(node: Node) -> list[tuple[str | None, Node]]:
    """A call's arguments: (name or ``None``, expression), a trailing lambda last."""
    found: list[tuple[str | None, Node]] = []
    for child in node.named_children:
        if child.type == "value_arguments":
            for argument in child.named_children:
                if argument.type != "value_argument" or not argument.named_children:
                    continue
                named = any(part.type == "=" for part in argument.children)
                name = argument.named_children[0].text.decode() if named and argument.named_children[0].text else None
                found.append((name, argument.named_children[-1]))
        elif child.type == "annotated_lambda" and child.named_children:
            found.append((None, child.named_children[-1]))
    return found


def _call(node: Node, scope: KotlinScope, depth: int) -> Characters:
    callee = node.named_children[0]
    values = [evaluate(value, scope, depth + 1) for name, value in arguments_of(node) if name is None]
    if callee.type != "navigation_expression":
        return _hole(node, scope)
    receiver, method = callee.named_children[0], scope.parsed.text_of(callee.named_children[-1])
    result: Characters | None = None
    if method == "format" and scope.parsed.text_of(receiver) == "String" and values:
        result = format_printf(values[0], values[1:])
    elif method == "format":
        result = format_printf(evaluate(receiver, scope, depth + 1), values)
    elif method == "trimIndent" and not values:
        result = trim_indent(evaluate(receiver, scope, depth + 1))
    elif method == "trimMargin" and len(values) <= 1:
        prefix = known_text(values[0]) if values else "|"
        result = trim_margin(evaluate(receiver, scope, depth + 1), prefix) if prefix else None
    elif method == "trim" and not values:
        result = strip_blank(evaluate(receiver, scope, depth + 1), KOTLIN_WHITESPACE)
    return result if result is not None else _hole(node, scope)


def _is_blank(line: Characters) -> bool:
    return not strip_blank(line, KOTLIN_WHITESPACE)


def _reindent(characters: Characters, cut: Callable[[Characters], Characters | None]) -> Characters:
    """Kotlin's ``reindent``: a blank first or last line is dropped, every other line is cut
    by ``cut`` (kept whole where it gives ``None``), and the lines are joined with ``\\n``
    (each break at the offset of the break that ended the line before)."""
    lines = lines_of(characters)
    breaks = [c.offset for c in characters if c.text == "\n" and c.hole is None]
    result: list[Character] = []
    kept = False
    for index, line in enumerate(lines):
        if index in (0, len(lines) - 1) and _is_blank(line):
            continue
        if kept:
            result.append(Character("\n", breaks[index - 1]))
        kept = True
        cut_line = cut(line)
        result.extend(line if cut_line is None else cut_line)
    return tuple(result)


def trim_indent(characters: Characters) -> Characters:
    """``trimIndent()``: the smallest indentation of the non-blank lines is removed."""
    lines = [line for line in lines_of(characters) if not _is_blank(line)]
    margin = min((len(line) - len(strip_blank(line, KOTLIN_WHITESPACE, trailing=False)) for line in lines), default=0)
    return _reindent(characters, lambda line: line[margin:])


def trim_margin(characters: Characters, prefix: str = "|") -> Characters:
    """``trimMargin(prefix)``: each line's blanks and ``prefix`` before its text are removed."""

    def cut(line: Characters) -> Characters | None:
        body = strip_blank(line, KOTLIN_WHITESPACE, trailing=False)
        if not body or known_text(body[: len(prefix)]) != prefix:
            return None
        return body[len(prefix) :]

    return _reindent(characters, cut)


def _literal(node: Node, scope: KotlinScope, depth: int) -> Characters:
    start, end = scope.parsed.span(node)
    if end - start > MAX_TEXT:
        return (Character(RUNTIME_VALUE, start, unread_literal(end - start)),)
    text = scope.source.text
    raw = node.type == "multiline_string_literal"
    quote = 3 if raw else 1
    body_end = end - quote
    result: list[Character] = []
    index = start + quote
    while index < body_end:
        character = text[index]
        if character == "\\" and not raw and index + 1 < body_end:
            index = _escape(text, index, result)
        elif character == "$" and index + 1 < body_end and text[index + 1] == "{":
            index = _template_expression(text, index, body_end, scope, depth, result)
        elif character == "$" and index + 1 < body_end and (text[index + 1].isalpha() or text[index + 1] == "_"):
            stop = index + 1
            while stop < body_end and (text[stop].isalnum() or text[stop] == "_"):
                stop += 1
            result.extend(_template_value(text[index + 1 : stop], text[index:stop], index, scope, depth))
            index = stop
        else:
            result.append(Character(character, index))
            index += 1
    return tuple(result)


def _escape(text: str, index: int, result: list[Character]) -> int:
    following = text[index + 1]
    if following == "u" and all(c in "0123456789abcdefABCDEF" for c in text[index + 2 : index + 6]):
        result.append(Character(chr(int(text[index + 2 : index + 6], 16)), index))
        return index + 6
    result.append(Character(_ESCAPES.get(following, following), index))
    return index + 2


def _template_expression(
    text: str, index: int, end: int, scope: KotlinScope, depth: int, result: list[Character]
) -> int:
    node = scope.templates.get(index)
    close = scope.parsed.span(node)[1] if node is not None else _matching_brace(text, index + 1, end)
    inner = text[index + 2 : close - 1].strip()
    if inner in _DOLLAR:
        result.append(Character("$", index))
    else:
        result.extend(_template_value(inner, text[index:close], index, scope, depth))
    return close


def _matching_brace(text: str, opening: int, end: int) -> int:
    """The offset after the ``}`` closing the ``{`` at ``opening`` (or ``end``)."""
    level = 0
    for index in range(opening, end):
        level += {"{": 1, "}": -1}.get(text[index], 0)
        if level == 0:
            return index + 1
    return end


def _template_value(name: str, written: str, at: int, scope: KotlinScope, depth: int) -> Characters:
    found = _named(name, at, scope, depth) if name.isidentifier() and depth < _MAX_DEPTH else None
    if found is not None and not pay(len(found)):
        return hole(written, at, BUDGET_REASON)
    return found if found is not None else hole(written, at)


def _named(name: str, at: int, scope: KotlinScope, depth: int) -> Characters | None:
    """The text of the string ``val`` called ``name`` seen at ``at``: this file's, or a
    top-level ``const val`` of another file of the folder (placed at ``at``)."""
    value = scope.constant(name, at)
    if value is not None:
        return evaluate(value, scope, depth + 1)
    other = scope.sibling(name)
    value = other.constant(name, -1) if other is not None else None
    if other is None or value is None:
        return None
    return tuple(character._replace(offset=at) for character in evaluate(value, other, depth + 1))

"""Evaluate a Go instruction expression to text without running it, keeping every position.

`evaluate` follows string literals (interpreted and raw), ``+``, parentheses, package-level
constants and variables (in any file of the package), a function's own single definition of
a local name, calls of package functions without parameters whose body is one ``return``, ``//go:embed`` texts, ``fmt.Sprintf`` with a constant format (arguments that
resolve are spliced in, ``%%`` is a ``%``), and ``strings.TrimSpace``. Anything else is a
*hole*: one `RUNTIME_VALUE` character with an `Interpolation`, as in the Python reader.

Characters from another file than the expression's are placed at the name that brought them
in, so a text belongs to one file; when the whole text comes from one other file (a constant
in a sibling file, an embedded prompt), it keeps that file's positions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.project.budget import BUDGET_REASON, evaluation_budget, is_exhausted, pay
from templating.project.go.brace_reasons import UNKNOWN, brace_reason
from templating.project.go.literals import decode_go_string
from templating.project.go.locals import local_definitions, local_values
from templating.project.go.package import GoFile, Package, read_embedded
from templating.project.go.parameters import is_brace_free_parameter
from templating.project.go.syntax import enclosing_function
from templating.project.model.instruction import (
    MAX_INSTRUCTION,
    RUNTIME_VALUE,
    Interpolation,
    SourceFile,
    unread_literal,
)

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["GoText", "evaluate"]

# Each name followed is one level: a cycle (`const a = b; const b = a`) stops here.
_MAX_DEPTH = 24
# Possessive flags and widths: a run of `0` is flags or width, and trying each split of a long
# run was quadratic in it (no split is ever needed: the width is optional).
_VERB = re.compile(r"%(?:%|[-+# 0]*+(?:\d++|\*)?(?:\.(?:\d++|\*)?)?(?:\[\d++\])?[a-zA-Z])")
_SPLICED_VERBS = "svd"
#: Verbs that print a number or a boolean: never a brace.
_NUMBER_VERBS = "dbcoOxXeEfFgGtU"


@dataclass(slots=True)
class GoText:
    """A text being built or evaluated: its characters, their offsets in ``source`` (plus
    one for the end), and its holes (values known only at run time) at their text offsets."""

    source: SourceFile
    characters: list[str] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    holes: list[Interpolation] = field(default_factory=list)

    @property
    def text(self) -> str:
        """The text, holes as `RUNTIME_VALUE`."""
        return "".join(self.characters)

    def extend(self, other: GoText, at: int | None = None) -> None:
        """Append ``other``; its characters sit at offset ``at`` when it is another file's."""
        start = len(self.characters)
        self.characters.extend(other.characters)
        self.offsets.extend([at] * len(other.characters) if at is not None else other.offsets[:-1])
        self.holes.extend(Interpolation(hole.offset + start, hole.expression, hole.reason) for hole in other.holes)


def evaluate(node: Node, file: GoFile, package: Package) -> GoText:
    """The text the Go expression ``node`` of ``file`` evaluates to (a hole where the file's
    budget of built text is spent: see `templating.project.budget`)."""
    with evaluation_budget():
        return _evaluate(node, file, package, 0)


def _evaluate(node: Node, file: GoFile, package: Package, depth: int) -> GoText:
    kind = node.type
    if kind in ("interpreted_string_literal", "raw_string_literal"):
        return _literal(node, file)
    if is_exhausted():
        return _over_budget(node, file)
    if depth < _MAX_DEPTH:
        if kind == "parenthesized_expression" and node.named_child_count == 1:
            return _evaluate(node.named_children[0], file, package, depth + 1)
        if kind == "binary_expression" and _operator(node) == "+":
            return _concatenate(node, file, package, depth)
        if kind == "identifier":
            return _name(node, file, package, depth)
        if kind == "call_expression":
            return _call(node, file, package, depth)
    return _hole(node, file, package)


def _literal(node: Node, file: GoFile) -> GoText:
    start, end = file.parsed.span(node)
    if end - start > MAX_INSTRUCTION:
        return GoText(file.source, [RUNTIME_VALUE], [start, end], [unread_literal(end - start)])
    decoded = decode_go_string(file.parsed.text_of(node), start)
    if decoded is None:
        return GoText(file.source, [RUNTIME_VALUE], [start, end], [Interpolation(0, file.source.text[start:end])])
    text, offsets = decoded
    return GoText(file.source, list(text), offsets)


def _hole(node: Node, file: GoFile, package: Package) -> GoText:
    start, end = file.parsed.span(node)
    reason = brace_reason(node, file, package)
    return GoText(file.source, [RUNTIME_VALUE], [start, end], [Interpolation(0, file.source.text[start:end], reason)])


def _over_budget(node: Node, file: GoFile) -> GoText:
    """The hole for a text the file's budget cannot pay for (see `templating.project.budget`)."""
    start, end = file.parsed.span(node)
    hole = Interpolation(0, file.source.text[start:end], BUDGET_REASON)
    return GoText(file.source, [RUNTIME_VALUE], [start, end], [hole])


def _operator(node: Node) -> str:
    operator = node.child_by_field_name("operator")
    return operator.type if operator is not None else ""


def _concatenate(node: Node, file: GoFile, package: Package, depth: int) -> GoText:
    whole = GoText(file.source)
    for part in _operands(node):
        text = _evaluate(part, file, package, depth + 1)
        if not pay(len(text.characters)):
            return _over_budget(node, file)
        whole.extend(*_placed(text, part, file))
    whole.offsets.append(file.parsed.span(node)[1])
    return whole


def _operands(node: Node) -> list[Node]:
    """The operands of a chain of ``+`` (``a + b + c`` nests to the left), read without recursion."""
    operands: list[Node] = []
    stack = [node]
    while stack:
        current = stack.pop()
        left, right = current.child_by_field_name("left"), current.child_by_field_name("right")
        if current.type == "binary_expression" and _operator(current) == "+" and left and right:
            stack.extend((right, left))
        else:
            operands.append(current)
    return operands


def _placed(text: GoText, node: Node, file: GoFile) -> tuple[GoText, int | None]:
    """``text`` and where its characters go in ``file``: at ``node`` when it is another file's."""
    return text, (None if text.source is file.source else file.parsed.span(node)[0])


def _name(node: Node, file: GoFile, package: Package, depth: int) -> GoText:
    name = file.parsed.text_of(node)
    local = _local_value(node, file)
    if local is not None:
        return _evaluate(local, file, package, depth + 1)
    if not _is_package_level(node, file, name):
        hole = _hole(node, file, package)
        if is_brace_free_parameter(node, file, lambda argument: _known(_evaluate(argument, file, package, depth + 1))):
            hole.holes = [Interpolation(0, name, None)]  # every call passes a constant without braces
        return hole
    definition = package.lookup(name)
    if definition is None:
        return _hole(node, file, package)
    if definition.node is not None:
        return _evaluate(definition.node, definition.file, package, depth + 1)
    embedded = read_embedded(definition, package.modules)
    if embedded is None:
        return _hole(node, file, package)
    return GoText(embedded, list(embedded.text), list(range(len(embedded.text) + 1)))


def _known(text: GoText) -> tuple[str, bool]:
    return text.text, bool(text.holes)


def _call(node: Node, file: GoFile, package: Package, depth: int) -> GoText:
    function = node.child_by_field_name("function")
    arguments = node.child_by_field_name("arguments")
    if function is None or arguments is None:
        return _hole(node, file, package)
    name = file.parsed.text_of(function)
    values = arguments.named_children
    if name == "fmt.Sprintf" and values:
        return _sprintf(node, values, file, package, depth)
    if name == "strings.TrimSpace" and len(values) == 1:
        return _trim(_evaluate(values[0], file, package, depth + 1))
    returned = package.single_return(name) if function.type == "identifier" and not values else None
    if returned is not None:
        return _evaluate(returned[1], returned[0], package, depth + 1)
    return _hole(node, file, package)


def _sprintf(node: Node, values: list[Node], file: GoFile, package: Package, depth: int) -> GoText:
    layout = _evaluate(values[0], file, package, depth + 1)
    if layout.holes or layout.source is not file.source:
        return _hole(node, file, package)  # a format known only at run time (or far away): its verbs are unknown
    text = layout.text
    result = GoText(file.source)
    arguments = iter(values[1:])
    index = 0
    for verb in _VERB.finditer(text):
        _copy(layout, index, verb.start(), result)
        if verb.group() == "%%":
            result.characters.append("%")
            result.offsets.append(layout.offsets[verb.start()])
        else:
            argument = next(arguments, None)
            if not _splice(verb.group(), argument, layout.offsets[verb.start()], file, package, depth, result):
                return _over_budget(node, file)
        index = verb.end()
    _copy(layout, index, len(text), result)
    result.offsets.append(file.parsed.span(node)[1])
    return result


def _copy(text: GoText, start: int, end: int, into: GoText) -> None:
    into.characters.extend(text.characters[start:end])
    into.offsets.extend(text.offsets[start:end])


def _splice(
    verb: str, argument: Node | None, at: int, file: GoFile, package: Package, depth: int, into: GoText
) -> bool:
    """Put the value of ``argument`` where ``verb`` is: its text when it resolves to a string
    (``%s``, ``%v``) or is an integer literal (``%d``, ``%v``), else a hole; ``False`` when the
    file's budget cannot pay for it."""
    value: GoText | None = None
    if argument is not None and verb[-1] in _SPLICED_VERBS and len(verb) == 2:
        if argument.type == "int_literal" and verb[-1] in "dv":
            start, end = file.parsed.span(argument)
            value = GoText(file.source, list(file.source.text[start:end]), list(range(start, end + 1)))
        elif verb[-1] in "sv":
            value = _evaluate(argument, file, package, depth + 1)
    if value is None or (value.holes and len(value.holes) == len(value.characters)):
        expression = file.parsed.text_of(argument) if argument is not None else verb
        if verb[-1] in _NUMBER_VERBS:
            reason = None  # printed as a number or a boolean
        elif value is not None:
            reason = value.holes[0].reason
        else:
            reason = brace_reason(argument, file, package) if argument is not None else UNKNOWN
        into.holes.append(Interpolation(len(into.characters), expression, reason))
        into.characters.append(RUNTIME_VALUE)
        into.offsets.append(at)
        return not is_exhausted()
    if not pay(len(value.characters)):
        return False
    into.extend(*_placed(value, argument, file))  # type: ignore[arg-type]
    return True


def _trim(text: GoText) -> GoText:
    characters = text.characters
    start, end = 0, len(characters)
    while start < end and characters[start].isspace():
        start += 1
    while end > start and characters[end - 1].isspace():
        end -= 1
    holes = [Interpolation(h.offset - start, h.expression, h.reason) for h in text.holes if start <= h.offset < end]
    return GoText(text.source, characters[start:end], [*text.offsets[start:end], text.offsets[end]], holes)


def _is_package_level(node: Node, file: GoFile, name: str) -> bool:
    """Whether ``name`` at ``node`` is not a parameter or local of an enclosing function."""
    function = enclosing_function(node, file.parsed.root)
    while function is not None:
        parameters = function.child_by_field_name("parameters")
        if parameters is not None and name in _declared_names(parameters, file):
            return False
        body = function.child_by_field_name("body")
        if body is not None and local_definitions(body, file, name):
            return False
        function = enclosing_function(function, file.parsed.root)
    return True


def _local_value(node: Node, file: GoFile) -> Node | None:
    """The value of the local ``name := value`` (or ``var name = value``) that is the only
    assignment to the name in the innermost function defining it."""
    values = local_values(node, file)
    return values[0] if values is not None and len(values) == 1 else None


def _declared_names(parameters: Node, file: GoFile) -> set[str]:
    return {
        file.parsed.text_of(name)
        for parameter in parameters.named_children
        for name in parameter.children_by_field_name("name")
    }

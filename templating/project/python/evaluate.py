"""Evaluate an instruction expression to text without running it, keeping every position.

`evaluate` takes an expression node and the [`Namespace`][templating.Namespace] it sits in and returns the
texts it can produce (one per branch of ``a if c else b``), each character with its source
offset. It understands string literals and f-strings, implicit and ``+`` concatenation,
``.strip()`` / ``.lstrip()`` / ``.rstrip()`` / ``.replace(a, b)`` / ``.format(...)``,
``textwrap.dedent``, ``"sep".join([...])``, module and function-local constants, names
imported from sibling modules, and calls of functions whose every ``return`` resolves.

A part that cannot be decided without running code is a *hole*: one
`RUNTIME_VALUE` character, as an f-string value is,
with an `Interpolation` saying why its value can
(or cannot) carry braces. Positions around a hole stay exact.

Characters from another file than the one an expression is written in are placed at the
expression that brought them in (``prompts.ROOT`` in ``A + prompts.ROOT``), so an
`Evaluated` text always belongs to one file. When the whole text comes from one
other file (``instruction=prompts.ROOT``), it keeps that file's positions.
"""

from __future__ import annotations

import ast
import itertools
from dataclasses import dataclass
from pathlib import Path

from templating.project.budget import BUDGET_REASON, CHARACTERS, evaluation_budget
from templating.project.budget import afford as _afford
from templating.project.budget import is_spent as _is_spent
from templating.project.model.instruction import RUNTIME_VALUE, Interpolation, SourceFile, Splice, is_key_shaped
from templating.project.noqa import noqa_at
from templating.project.python.brace_risk import brace_reason
from templating.project.python.committed_files import (
    bound_arguments,
    committed_text,
    read_call_path,
    text_mode_characters,
)
from templating.project.python.definitions import FOLLOWED, Namespace, find_definition
from templating.project.python.literal import decode_expression, source_offset
from templating.project.python.long_literal import long_literal
from templating.project.python.syntax_tree import own_nodes
from templating.project.python.text_methods import METHODS, Character, SpliceMark, dedent, result_bound

__all__ = ["Evaluated", "evaluate"]

#: At most this many alternative texts per expression: branches multiply.
MAX_ALTERNATIVES = 16
_DEDENT_NAMES = ("dedent", "cleandoc")
_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True, slots=True)
class Evaluated:
    """One text an expression can produce.

    - ``offsets``: the source offset in ``source`` of each character of ``text``;
    - ``holes``: the values known only at run time, at their offsets in ``text``;
    - ``suppressed``: ``# noqa`` codes on the lines of the definitions followed;
    - ``splices``: the key-shaped constants f-string values put into ``text``.
    """

    source: SourceFile
    text: str
    offsets: tuple[int, ...] | range
    holes: tuple[Interpolation, ...]
    suppressed: frozenset[str] = frozenset()
    splices: tuple[Splice, ...] = ()

    @property
    def is_known(self) -> bool:
        """Whether any character of the text is known before run time."""
        return len(self.holes) < len(self.text)


@dataclass(frozen=True, slots=True)
class _Text:
    """An evaluated text being built: characters (with holes) of one source file."""

    source: SourceFile
    characters: tuple[Character, ...]
    suppressed: frozenset[str] = frozenset()

    @property
    def value(self) -> str:
        return "".join(character.text for character in self.characters)


def evaluate(expression: ast.expr, scope: Namespace) -> list[Evaluated]:
    """The texts ``expression`` can produce (at most `MAX_ALTERNATIVES`)."""
    long = long_literal(expression, scope)
    if long is not None:
        return [Evaluated(*long, ())]  # one TPL013 finding, and its keys unknown to the model
    if isinstance(expression, ast.Constant) and isinstance(expression.value, str):
        return [_plain_literal(expression, scope.module.source)]
    with evaluation_budget():  # a file's, or this call's own outside one
        return [_finish(text) for text in _evaluate(expression, scope, 0)]


def _plain_literal(node: ast.Constant, source: SourceFile) -> Evaluated:
    """A string literal (or an implicit concatenation of them) without f-string values, the
    most common instruction: its text and offsets straight from the decoder, without building
    a character at a time."""
    decoded = decode_expression(source, node)
    return Evaluated(source, "".join(decoded.characters), tuple(decoded.offsets), ())


def _finish(text: _Text) -> Evaluated:
    holes = tuple(
        Interpolation(index, character.hole.expression, character.hole.reason)
        for index, character in enumerate(text.characters)
        if character.hole is not None
    )
    offsets = tuple(character.offset for character in text.characters)
    return Evaluated(text.source, text.value, offsets, holes, text.suppressed, _splices(text.characters))


def _splices(characters: tuple[Character, ...]) -> tuple[Splice, ...]:
    """The runs of characters one f-string value spliced in (see `SpliceMark`)."""
    found: list[Splice] = []
    start = 0
    for index, character in enumerate(characters):
        mark = character.splice
        if mark is not None and (index == 0 or characters[index - 1].splice is not mark):
            start = index
        if mark is not None and (index + 1 == len(characters) or characters[index + 1].splice is not mark):
            found.append(Splice(start, index + 1, mark.expression))
    return tuple(found)


def _evaluate(node: ast.expr, scope: Namespace, depth: int) -> list[_Text]:
    if depth > FOLLOWED:
        return [_unknown(node, scope)]
    if _is_spent():
        return [_over_budget(node, scope)]
    if isinstance(node, (ast.Constant, ast.JoinedStr)):
        return [_constant(node, scope, depth)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = [_evaluate(node.left, scope, depth + 1), _evaluate(node.right, scope, depth + 1)]
        return _concatenate(parts, [node.left, node.right], scope, node)
    if isinstance(node, ast.IfExp):
        return (_evaluate(node.body, scope, depth + 1) + _evaluate(node.orelse, scope, depth + 1))[:MAX_ALTERNATIVES]
    if isinstance(node, (ast.Name, ast.Attribute)):
        # A definition is an expression or a function definition; functions are called, not read.
        value, owner = find_definition(node, scope) or (None, scope)
        if isinstance(value, ast.expr):
            found = _evaluate(value, owner, depth + 1)
            noqa = noqa_at(owner.module.noqa, value)
            return [_Text(t.source, t.characters, t.suppressed | noqa) for t in found]
    if isinstance(node, ast.Call):
        return _call(node, scope, depth)
    return [_unknown(node, scope)]


def _constant(node: ast.Constant | ast.JoinedStr, scope: Namespace, depth: int) -> _Text:
    """A literal's text; an f-string's values are spliced in when they resolve."""
    source = scope.module.source
    if isinstance(node, ast.Constant) and not isinstance(node.value, str):
        if isinstance(node.value, (int, float, bool)) or node.value is None:
            start = source_offset(source, node.lineno, node.col_offset)
            return _Text(source, tuple(Character(c, start) for c in str(node.value)))
        return _unknown(node, scope)
    if _literal_length(node) > CHARACTERS:
        return _over_budget(node, scope)  # more than a file may build: never decoded
    decoded = decode_expression(source, node)
    values = [v for v in node.values if isinstance(v, ast.FormattedValue)] if isinstance(node, ast.JoinedStr) else []
    if len(values) != len(decoded.interpolations):
        values = []  # the decoder and ast disagree (never seen): leave every value a hole
    if not decoded.interpolations:
        return _Text(source, tuple(map(Character, decoded.characters, decoded.offsets)))
    values_at = dict(zip((i.offset for i in decoded.interpolations), values))
    interpolations_at = {i.offset: i for i in decoded.interpolations}
    characters: list[Character] = []
    for index, (text, offset) in enumerate(zip(decoded.characters, decoded.offsets)):
        interpolation = interpolations_at.get(index)
        if interpolation is None:
            characters.append(Character(text, offset))
        else:
            characters.extend(_formatted(values_at.get(index), interpolation.expression, offset, scope, depth))
    if not _afford(len(characters)):
        return _over_budget(node, scope)
    return _Text(source, tuple(characters))


def _literal_length(node: ast.Constant | ast.JoinedStr) -> int:
    """The characters of a literal's constant parts."""
    parts = [node] if isinstance(node, ast.Constant) else node.values
    return sum(len(part.value) for part in parts if isinstance(part, ast.Constant) and isinstance(part.value, str))


def _formatted(value: ast.FormattedValue | None, expression: str, offset: int, scope: Namespace, depth: int):
    """An f-string value: its text when it is a plain constant, else a hole at the ``{``."""
    if value is not None and value.conversion == -1 and value.format_spec is None:
        found = _evaluate(value.value, scope, depth + 1)
        if len(found) == 1 and not any(c.hole for c in found[0].characters) and found[0].characters:
            placed = _place(found[0], scope.module.source, offset).characters
            if isinstance(value.value, (ast.Name, ast.Attribute)) and is_key_shaped(found[0].value):
                # A constant named like a key (TPL027 asks of it), placed at its `{`: it holds no
                # brace another rule could report where the constant is written.
                mark = SpliceMark(expression)
                return tuple(character._replace(offset=offset, splice=mark) for character in placed)
            return placed
    reason = brace_reason(value.value, scope) if value is not None else _RUNTIME
    return (Character(RUNTIME_VALUE, offset, Interpolation(0, expression, reason)),)


_RUNTIME = "its value is only known at run time"


def _unknown(node: ast.expr, scope: Namespace, reason: str | None = None) -> _Text:
    source = scope.module.source
    start = source_offset(source, node.lineno, node.col_offset)
    hole = Interpolation(0, ast.unparse(node), reason or brace_reason(node, scope))
    return _Text(source, (Character(RUNTIME_VALUE, start, hole),))


def _over_budget(node: ast.expr, scope: Namespace) -> _Text:
    """The hole for a text the file's budget cannot pay for (see `templating.project.budget`)."""
    return _unknown(node, scope, BUDGET_REASON)


def _place(text: _Text, source: SourceFile, offset: int) -> _Text:
    """``text`` as part of a text in ``source``: moved to ``offset`` if it is from another file."""
    if text.source is source:
        return text
    return _Text(source, tuple(c._replace(offset=offset) for c in text.characters), text.suppressed)


def _concatenate(parts: list[list[_Text]], nodes: list[ast.expr], scope: Namespace, whole: ast.expr) -> list[_Text]:
    """Every combination of the parts' alternatives, joined, each in the current file (a
    part from another file sits at the expression ``nodes`` gives for it); a hole at
    ``whole`` when the file's budget cannot pay for the text."""
    source = scope.module.source
    anchors = [source_offset(source, node.lineno, node.col_offset) for node in nodes]
    results = []
    for combination in itertools.islice(itertools.product(*parts), MAX_ALTERNATIVES):
        if not _afford(sum(len(part.characters) for part in combination)):
            return [_over_budget(whole, scope)]
        placed = [_place(part, source, anchor) for part, anchor in zip(combination, anchors)]
        characters = tuple(c for part in placed for c in part.characters)
        suppressed = frozenset().union(*(part.suppressed for part in placed))
        results.append(_Text(source, characters, suppressed))
    return results


def _call(node: ast.Call, scope: Namespace, depth: int) -> list[_Text]:
    function = node.func
    committed = read_call_path(node, scope)
    if committed is not None:
        return [_committed(node, committed, scope)]
    if isinstance(function, ast.Attribute) and function.attr == "join" and _is_item_list(node):
        separators = _evaluate(function.value, scope, depth + 1)
        if len(separators) == 1 and _is_known(separators[0]):
            elements = node.args[0].elts  # type: ignore[attr-defined]
            items = [_evaluate(item, scope, depth + 1) for item in elements]
            return _join(separators[0], items, [function.value, *elements], scope, node)
    if isinstance(function, ast.Attribute) and function.attr in METHODS:
        receivers = _evaluate(function.value, scope, depth + 1)
        if any(_is_known(r) for r in receivers):
            return _method(node, function.attr, receivers, scope, depth)
    if _is_dedent(function) and len(node.args) == 1 and not node.keywords:
        found = _evaluate(node.args[0], scope, depth + 1)
        if not _afford(sum(len(text.characters) for text in found)):
            return [_over_budget(node, scope)]
        dedented = [dedent(text.characters) for text in found]
        if all(d is not None for d in dedented):
            return [_Text(t.source, d, t.suppressed) for t, d in zip(found, dedented)]  # type: ignore[arg-type]
    if isinstance(function, (ast.Name, ast.Attribute)):
        definition = find_definition(function, scope)
        if definition is not None and isinstance(definition[0], _FUNCTIONS):
            return _returns(definition[0], definition[1], node, scope, depth)
    return [_unknown(node, scope)]


def _committed(node: ast.Call, path: Path, scope: Namespace) -> _Text:
    """The text of a committed file the call reads, each character at its place in that file."""
    source = committed_text(path, scope)
    if source is None:
        return _unknown(node, scope)
    if not _afford(len(source.text)):
        return _over_budget(node, scope)
    return _Text(source, tuple(Character(text, offset) for text, offset in text_mode_characters(source.text)))


def _method(node: ast.Call, name: str, receivers: list[_Text], scope: Namespace, depth: int) -> list[_Text]:
    """``receiver.name(...)`` for each receiver, or a hole when an argument is unknown."""
    arguments = [_single(argument, scope, depth) for argument in node.args]
    keywords = {k.arg: _single(k.value, scope, depth) for k in node.keywords if k.arg}
    for keyword in node.keywords:
        if keyword.arg is None and isinstance(keyword.value, ast.Dict):
            for key, value in zip(keyword.value.keys, keyword.value.values):
                if isinstance(key, ast.Constant) and isinstance(key.value, str):
                    keywords[key.value] = _single(value, scope, depth)
        elif keyword.arg is None:
            return [_unknown(node, scope)]
    anchor = source_offset(scope.module.source, node.lineno, node.col_offset)
    results = []
    for receiver in receivers:
        placed_arguments = [_place(a, receiver.source, anchor).characters for a in arguments]
        placed_keywords = {k: _place(v, receiver.source, anchor).characters for k, v in keywords.items()}
        if not _afford(result_bound(name, receiver.characters, placed_arguments, placed_keywords)):
            return [_over_budget(node, scope)]  # priced before it is built: a `replace` can square a text
        characters = METHODS[name](receiver.characters, placed_arguments, placed_keywords)
        if characters is None:
            return [_unknown(node, scope)]
        results.append(_Text(receiver.source, characters, receiver.suppressed))
    return results


def _is_item_list(node: ast.Call) -> bool:
    items = node.args[0] if len(node.args) == 1 and not node.keywords else None
    return isinstance(items, (ast.List, ast.Tuple)) and not any(isinstance(i, ast.Starred) for i in items.elts)


def _join(
    separator: _Text, items: list[list[_Text]], nodes: list[ast.expr], scope: Namespace, whole: ast.expr
) -> list[_Text]:
    """``separator.join([...])``: the items with the separator between each two (``nodes``:
    the separator's expression, then the items')."""
    parts: list[list[_Text]] = []
    anchors: list[ast.expr] = []
    for index, (item, node) in enumerate(zip(items, nodes[1:])):
        parts.extend([[separator], item] if index else [item])
        anchors.extend([nodes[0], node] if index else [node])
    return _concatenate(parts, anchors, scope, whole) if parts else [_Text(scope.module.source, ())]


def _single(node: ast.expr, scope: Namespace, depth: int) -> _Text:
    """One text for an argument: its only alternative, or a hole when it has several."""
    found = _evaluate(node, scope, depth + 1)
    return found[0] if len(found) == 1 else _unknown(node, scope)


def _returns(
    function: ast.FunctionDef | ast.AsyncFunctionDef, owner: Namespace, call: ast.Call, caller: Namespace, depth: int
) -> list[_Text]:
    """The texts a function defined in ``owner`` returns, when every ``return`` in it resolves
    to some text; else a hole at ``call``, which is written in ``caller`` (maybe another module)."""
    inner = Namespace(owner.module, owner.cache, function, bound_arguments(function, call, caller))
    returned = [statement.value for statement in own_nodes(function) if isinstance(statement, ast.Return)]
    if not returned or any(value is None for value in returned) or isinstance(function, ast.AsyncFunctionDef):
        return [_unknown(call, caller)]
    results: list[_Text] = []
    for value in returned:
        found = _evaluate(value, inner, depth + 1)  # type: ignore[arg-type]
        if not any(_is_known(text) for text in found):
            return [_unknown(call, caller)]
        results.extend(found)
    return results[:MAX_ALTERNATIVES]


def _is_known(text: _Text) -> bool:
    return any(character.hole is None for character in text.characters)


def _is_dedent(function: ast.expr) -> bool:
    if isinstance(function, ast.Attribute):
        return function.attr in _DEDENT_NAMES and isinstance(function.value, ast.Name)
    return isinstance(function, ast.Name) and function.id in _DEDENT_NAMES

"""What text a TypeScript/JavaScript expression gives ADK, as far as it is constant.

JavaScript substitutes ``${...}`` when the agent object is built, so ADK scans the result:
``{${KEY}}`` is a placeholder once ``KEY`` is known. A string or template literal, a constant
(local, module-level or imported, an object constant's member, ``as const``), a ``+`` and the
``dedent``/``endent`` tags are followed; anything else is a hole (`RUNTIME_VALUE`) with the
reason it can carry braces, as the Python reader does for f-string values. Characters keep
their source offsets; a value from another module sits at the expression that brought it in.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.budget import BUDGET_REASON, evaluation_budget, is_exhausted, pay
from templating.project.model.instruction import (
    MAX_INSTRUCTION,
    RUNTIME_VALUE,
    Interpolation,
    SourceFile,
    Splice,
    is_key_shaped,
    unread_literal,
)
from templating.project.treesitter.parsing import ancestors
from templating.project.typescript.literals import Character, SpliceMark, add_piece, dedent
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap
from templating.project.typescript.rebinding import accumulated, is_mutable_declaration, is_rebound
from templating.project.typescript.vocabulary import DEDENT_TAGS

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["FUNCTION_KINDS", "Text", "constant", "evaluate", "lookup", "resolve_value"]

_MAX_DEPTH = 24
_SCOPES = frozenset({"statement_block", "program", "class_body", "switch_body"})
#: Expressions that are functions: an instruction written as one is a provider.
FUNCTION_KINDS = frozenset({"arrow_function", "function_expression", "function", "function_declaration"})
_RUN_TIME = "its value is only known at run time"
_TRIMS = {"trim": (True, True), "trimStart": (True, False), "trimEnd": (False, True)}
#: Calls whose text comes from outside the program: a file's text can hold any placeholder.
_FILE_CALLS = frozenset({"readFileSync", "readFile", "fs.readFileSync", "fs.readFile"})


@dataclass(frozen=True, slots=True)
class Text:
    """An evaluated text: its characters, all in ``source``, and the module it was read in."""

    source: SourceFile
    characters: tuple[Character, ...]

    @property
    def value(self) -> str:
        return "".join(character.text for character in self.characters)

    @property
    def is_known(self) -> bool:
        return all(character.hole is None for character in self.characters)

    @property
    def offsets(self) -> tuple[int, ...]:
        return tuple(character.offset for character in self.characters)

    @property
    def holes(self) -> tuple[Interpolation, ...]:
        return tuple(
            Interpolation(index, c.hole.expression, c.hole.reason)
            for index, c in enumerate(self.characters)
            if c.hole is not None
        )

    @property
    def splices(self) -> tuple[Splice, ...]:
        """The key-shaped constants ``${...}`` put into the text (rule TPL027 asks of them)."""
        found: list[Splice] = []
        characters = self.characters
        for index, character in enumerate(characters):
            mark = character.splice
            if mark is not None and (index == 0 or characters[index - 1].splice is not mark):
                end = index + 1
                while end < len(characters) and characters[end].splice is mark:
                    end += 1
                found.append(Splice(index, end, mark.expression))
        return tuple(found)


def evaluate(node: Node, module: ScriptModule, cache: ScriptCache, depth: int = 0) -> Text:
    """The text ``node`` (an expression of ``module``) gives, holes where it is not constant
    (and where the file's budget of built text is spent: see `templating.project.budget`)."""
    with evaluation_budget():
        characters = _evaluate(unwrap(node), module, cache, depth)
    return Text(module.source, tuple(characters[:MAX_INSTRUCTION]))


def constant(node: Node, module: ScriptModule, cache: ScriptCache) -> str | None:
    """The string ``node`` always gives (a literal, a constant, ``KEYS.draft``), else ``None``."""
    text = evaluate(node, module, cache)
    return text.value if text.is_known and text.characters else None


def _evaluate(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> list[Character]:
    kind = node.type
    if depth > _MAX_DEPTH:
        return _hole(node, module)
    if is_exhausted():
        return _over_budget(node, module)
    if kind in ("string", "template_string"):
        start, end = module.parsed.span(node)
        if end - start > MAX_INSTRUCTION:
            return [Character(RUNTIME_VALUE, start, unread_literal(end - start))]
    if kind == "string":
        characters: list[Character] = []
        for child in node.children:
            add_piece(module.parsed, child, characters)
        return characters
    if kind == "template_string":
        return _template(node, module, cache, depth)
    if kind == "number":
        start, end = module.parsed.span(node)
        return [Character(c, start + i) for i, c in enumerate(module.parsed.text[start:end])]
    if kind == "binary_expression" and _operator(node) == "+":
        left, right = node.child_by_field_name("left"), node.child_by_field_name("right")
        if left is not None and right is not None:
            characters = _sub(left, module, cache, depth)
            if len(characters) > MAX_INSTRUCTION:
                return characters  # cut to the bound by `evaluate`: the right side is never read
            right_characters = _sub(right, module, cache, depth)
            if not pay(len(characters) + len(right_characters)):
                return _over_budget(node, module)
            return characters + right_characters
    if kind == "call_expression":
        return _call(node, module, cache, depth)
    if kind in ("identifier", "member_expression", "subscript_expression"):
        found = resolve_value(node, module, cache, depth)
        if found is not None:
            value, home = found
            # A constant's characters sit where it is used: a finding on `{${KEY}}` points at it.
            return _moved(_evaluate(unwrap(value), home, cache, depth + 1), module.parsed.span(node)[0])
    if kind in ("identifier", "shorthand_property_identifier"):  # `{ instruction }` names a local too
        pieces = accumulated(module.parsed.text_of(node), node, module)
        if pieces is not None:
            return _pieces(pieces, node, module, cache, depth)
    return _hole(node, module)


def _pieces(pieces: list[Node], node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> list[Character]:
    """A text built with ``+=`` (`rebinding.accumulated`): its pieces joined, each at its place."""
    characters: list[Character] = []
    for piece in pieces:
        characters += _sub(piece, module, cache, depth)
        if len(characters) > MAX_INSTRUCTION:
            return characters  # cut to the bound by `evaluate`
    return characters if pay(len(characters)) else _over_budget(node, module)


def _sub(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> list[Character]:
    return _evaluate(unwrap(node), module, cache, depth + 1)


def _template(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> list[Character]:
    characters: list[Character] = []
    for child in node.children:
        if child.type == "template_substitution":
            inner = child.named_children[0] if child.named_children else None
            if inner is None:
                continue
            spliced = _sub(inner, module, cache, depth)
            if not pay(len(spliced)):
                return _over_budget(node, module)
            if inner.type in ("identifier", "member_expression") and _is_key(spliced):
                mark = SpliceMark(module.parsed.text_of(inner))
                spliced = [character._replace(splice=mark) for character in spliced]
            characters.extend(spliced)
        else:
            add_piece(module.parsed, child, characters)
    return characters


def _call(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> list[Character]:
    function, arguments = node.child_by_field_name("function"), node.child_by_field_name("arguments")
    method = (
        function.child_by_field_name("property")
        if function is not None and function.type == "member_expression"
        else None
    )
    receiver = function.child_by_field_name("object") if method is not None and function is not None else None
    if method is not None and receiver is not None and arguments is not None and not arguments.named_children:
        trim = _TRIMS.get(module.parsed.text_of(method))
        if trim is not None:
            return _trimmed(_sub(receiver, module, cache, depth), *trim)
    if (
        method is not None
        and receiver is not None
        and arguments is not None
        and module.parsed.text_of(method) == "join"
    ):
        joined = _join(receiver, arguments, module, cache, depth)
        if joined is not None:
            return joined
    tagged = arguments is not None and arguments.type == "template_string"
    if function is not None and arguments is not None and tagged and module.parsed.text_of(function) in DEDENT_TAGS:
        return dedent(_template(arguments, module, cache, depth))
    if (
        function is not None
        and function.type == "identifier"
        and arguments is not None
        and not arguments.named_children
    ):
        found = resolve_value(function, module, cache, depth)  # a function returning a constant
        if found is not None and found[0].type in FUNCTION_KINDS:
            body = found[0].child_by_field_name("body")
            if body is not None and body.type != "statement_block":
                text = _evaluate(unwrap(body), found[1], cache, depth + 1)
                return text if found[1] is module else _moved(text, module.parsed.span(node)[0])
    return _hole(node, module)


def _join(
    receiver: Node, arguments: Node, module: ScriptModule, cache: ScriptCache, depth: int
) -> list[Character] | None:
    """``[a, b].join(separator)`` (the array written there or held in a constant): the items'
    texts with the separator's between each two (a comma when none is given); ``None`` when the
    array or the separator is not known."""
    items = unwrap(receiver)
    if items.type == "identifier":
        found = resolve_value(items, module, cache, depth)
        items, home = (unwrap(found[0]), found[1]) if found is not None else (items, module)
    else:
        home = module
    values = [child for child in arguments.named_children if child.type != "comment"]
    if items.type != "array" or len(values) > 1 or any(e.type == "spread_element" for e in items.named_children):
        return None
    start = module.parsed.span(arguments)[0]
    separator = _sub(values[0], module, cache, depth) if values else [Character(",", start)]
    if any(character.hole is not None for character in separator):
        return None
    characters: list[Character] = []
    for index, element in enumerate(e for e in items.named_children if e.type != "comment"):
        if index:
            characters.extend(separator)
        text = _sub(element, home, cache, depth)
        characters.extend(text if home is module else _moved(text, module.parsed.span(receiver)[0]))
        if len(characters) > MAX_INSTRUCTION:
            break
    return characters


def _is_key(characters: list[Character]) -> bool:
    """Whether a spliced constant is known and spelled like a state key."""
    return all(c.hole is None for c in characters) and is_key_shaped("".join(c.text for c in characters))


def _trimmed(characters: list[Character], start: bool, end: bool) -> list[Character]:
    """``String.prototype.trim`` (and ``trimStart``/``trimEnd``) on the known edges of a text."""
    first, last = 0, len(characters)
    while start and first < last and characters[first].hole is None and characters[first].text.isspace():
        first += 1
    while end and last > first and characters[last - 1].hole is None and characters[last - 1].text.isspace():
        last -= 1
    return characters[first:last]


def _moved(characters: list[Character], offset: int) -> list[Character]:
    """Characters from another module, placed at ``offset`` of this one."""
    return [character._replace(offset=offset) for character in characters]


def _over_budget(node: Node, module: ScriptModule) -> list[Character]:
    """The hole for a text the file's budget cannot pay for."""
    hole = Interpolation(0, module.parsed.text_of(node), BUDGET_REASON)
    return [Character(RUNTIME_VALUE, module.parsed.span(node)[0], hole)]


def _hole(node: Node, module: ScriptModule, offset: int | None = None) -> list[Character]:
    start, _ = module.parsed.span(node)
    expression = module.parsed.text_of(node)
    hole = Interpolation(0, expression, brace_reason(node, module))
    return [Character(RUNTIME_VALUE, start if offset is None else offset, hole)]


def brace_reason(node: Node, module: ScriptModule) -> str | None:
    """Why a value known only at run time can carry braces (rule TPL010), or ``None``.

    Only what plainly can is reported: a function's parameter (the caller's text, a user's
    input) and a file's text. A date, a number, `JSON.stringify` output (its quoted keys are
    never a name to either port) or a class field are not: reporting every run-time value
    would bury the real cases.
    """
    node = unwrap(node)
    if node.type == "call_expression":
        function = node.child_by_field_name("function")
        name = module.parsed.text_of(function) if function is not None else ""
        if name in _FILE_CALLS or name.rpartition(".")[2] in _FILE_CALLS:
            return "a file's text can hold any brace"
        return None
    if node.type == "await_expression" and node.named_children:
        return brace_reason(node.named_children[0], module)
    if node.type == "identifier" and _is_parameter(node, module):
        return "it is a parameter: whatever the caller passes is scanned"
    return None


def _is_parameter(node: Node, module: ScriptModule) -> bool:
    """Whether an identifier names a parameter of a function around it."""
    name = module.parsed.text_of(node)
    for scope in reversed(ancestors(module.parsed.root, node)):
        if scope.type in FUNCTION_KINDS or scope.type == "method_definition":
            parameters = scope.child_by_field_name("parameters") or scope.child_by_field_name("parameter")
            if parameters is not None and any(
                module.parsed.text_of(found) == name for found in _parameter_names(parameters)
            ):
                return True
    return False


def _parameter_names(parameters: Node) -> list[Node]:
    if parameters.type == "identifier":
        return [parameters]
    found = []
    for parameter in parameters.named_children:
        pattern = parameter.child_by_field_name("pattern") or parameter
        if pattern.type == "identifier":
            found.append(pattern)
    return found


def _operator(node: Node) -> str | None:
    operator = node.child_by_field_name("operator")
    return operator.type if operator is not None else None


def lookup(name: str, at: Node, module: ScriptModule) -> Node | None:
    """The value bound to ``name`` where ``at`` is: the nearest enclosing block's ``const``,
    then the module's (the blocks around it found in one walk down: see `ancestors`)."""
    for scope in reversed(ancestors(module.parsed.root, at)):
        if scope.type in _SCOPES and scope.type != "program":
            for statement in scope.named_children:
                if statement.start_byte >= at.start_byte:
                    break
                value = _declared(name, statement, module)
                if value is not None:
                    return None if is_mutable_declaration(statement) and is_rebound(name, scope, module) else value
    if name in module.mutable and is_rebound(name, module.parsed.root, module):
        return None  # a top-level `let` assigned again: its first value may be gone
    return module.values.get(name) or module.functions.get(name)


def _declared(name: str, statement: Node, module: ScriptModule) -> Node | None:
    if statement.type not in ("lexical_declaration", "variable_declaration"):
        return None
    for declarator in statement.named_children:
        target = declarator.child_by_field_name("name")
        if target is not None and target.type == "identifier" and module.parsed.text_of(target) == name:
            return declarator.child_by_field_name("value")
    return None


def resolve_value(
    node: Node, module: ScriptModule, cache: ScriptCache, depth: int = 0
) -> tuple[Node, ScriptModule] | None:
    """The expression an identifier or a member of an object constant stands for, and the
    module it is written in; ``None`` when it is not a constant this reader follows."""
    node = unwrap(node)
    if depth > _MAX_DEPTH:
        return None
    if node.type == "identifier":
        name = module.parsed.text_of(node)
        local = lookup(name, node, module)
        if local is not None:
            return local, module
        if name in module.imports:
            return export_of(module, module.imports[name].specifier, module.imports[name].name, cache, depth + 1)
        return None
    if node.type in ("member_expression", "subscript_expression"):
        return _member(node, module, cache, depth)
    return None


def _member(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> tuple[Node, ScriptModule] | None:
    target = node.child_by_field_name("object")
    field = node.child_by_field_name("property") or node.child_by_field_name("index")
    if target is None or field is None:
        return None
    key = module.parsed.text_of(field).strip("'\"`")
    if unwrap(target).type == "identifier" and module.parsed.text_of(unwrap(target)) in module.imports:
        imported = module.imports[module.parsed.text_of(unwrap(target))]
        if imported.name == "*":
            return export_of(module, imported.specifier, key, cache, depth + 1)
    owner = resolve_value(target, module, cache, depth + 1)
    if owner is None or unwrap(owner[0]).type != "object":
        return None
    home = owner[1]
    for pair in unwrap(owner[0]).named_children:
        if pair.type == "pair":
            pair_key = pair.child_by_field_name("key")
            if pair_key is not None and home.parsed.text_of(pair_key).strip("'\"") == key:
                return pair.child_by_field_name("value"), home  # type: ignore[return-value]
    return None


def export_of(
    module: ScriptModule, specifier: str, name: str, cache: ScriptCache, depth: int
) -> tuple[Node, ScriptModule] | None:
    """What module ``specifier`` (imported by ``module``) exports as ``name``."""
    path = cache.resolve(specifier, module.path)
    other = cache.load(path) if path is not None else None
    if other is None or depth > _MAX_DEPTH:
        return None
    return exported(other, name, cache, depth)


def exported(module: ScriptModule, name: str, cache: ScriptCache, depth: int) -> tuple[Node, ScriptModule] | None:
    """The value ``module`` exports as ``name``, following re-exports."""
    if name in module.values or name in module.functions:
        return module.values.get(name) or module.functions[name], module
    if name in module.reexports:
        again = module.reexports[name]
        if not again.specifier:
            return exported(module, again.name, cache, depth + 1) if again.name != name else None
        return export_of(module, again.specifier, again.name, cache, depth + 1)
    if name in module.imports:  # `import { X } from './a'; export { X }`
        return export_of(module, module.imports[name].specifier, module.imports[name].name, cache, depth + 1)
    for specifier in module.stars:
        found = export_of(module, specifier, name, cache, depth + 1)
        if found is not None:
            return found
    return None


def module_path(module: ScriptModule) -> Path:
    """The path ``module`` was read from."""
    return module.path

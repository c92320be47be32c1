"""Whether a value inserted into an instruction at run time can carry braces, and why.

ADK scans an instruction after Python has built it, so braces in an interpolated value
become placeholders. A literal without braces, a number, a date, an environment setting or
a file system path, a name bound to one of those, or a parameter of a module-private factory
that every call feeds such values cannot carry any (an environment setting
or a path could in theory, but reporting every `PROJECT_ID` buries the real cases); a function's result, ``json.dumps`` output,
a file's text or a parameter can. `brace_reason` says which, as the end of a sentence
("`json.dumps` writes braces for every object"), or ``None`` when the value is brace-free.
"""

from __future__ import annotations

import ast
from contextvars import ContextVar
from dataclasses import replace
from typing import TYPE_CHECKING, cast

from templating.project.python.brace_free import (
    NUMERIC_CALLS,
    PATH_ATTRIBUTES,
    PATH_CALLS,
    annotation,
    comprehension_items,
    enum_members,
    is_number_spec,
    loop_items,
    removes_braces,
)
from templating.project.python.call_sites import parameter_values
from templating.project.python.committed_files import read_call_path
from templating.project.python.committed_globs import is_committed_file, opened_committed_file
from templating.project.python.definitions import find_definition, local_assignments
from templating.project.python.syntax_tree import dotted_name, own_nodes

if TYPE_CHECKING:
    from templating.project.python.definitions import Namespace

__all__ = ["brace_reason"]

# Builtins and methods whose result never holds a brace: numbers, dates, case changes of
# brace-free text are handled apart.
_BRACE_FREE_CALLS = frozenset({
    "len", "int", "float", "round", "abs", "bool", "ord", "hash", "id", "sum",
    "now", "today", "utcnow", "date", "datetime", "time", "strftime", "isoformat", "timestamp",
    "getenv", "os.getenv", "os.environ.get", "environ.get", "uuid4", "uuid1",
    # File system paths: a folder name with braces in it is not a hazard worth a warning.
    "os.path.dirname", "os.path.abspath", "os.path.realpath", "os.path.join", "os.path.basename",
    "os.getcwd", "resolve", "absolute",
})  # fmt: skip
# Calls that keep their first argument's braces (or lack of them).
_PASSING_CALLS = frozenset({
    "str", "repr", "format", "upper", "lower", "title", "capitalize", "strip", "lstrip", "rstrip",
    # Pieces of a text hold no brace the text does not.
    "split", "rsplit", "splitlines", "partition", "rpartition", "removeprefix", "removesuffix",
})  # fmt: skip
_FILE_CALLS = frozenset({"open", "read", "read_text", "readlines", "load", "safe_load", "json.load", "yaml.safe_load"})
_JSON_CALLS = frozenset({"dumps", "json.dumps", "model_dump_json", "to_json"})
_ENVIRONMENT = ("os.environ", "environ")
_MAX_DEPTH = 16
#: The locals being worked out, by function and name (see `_local_reason`).
_LOCALS_IN_PROGRESS: ContextVar[frozenset[tuple[int, str]]] = ContextVar("locals_in_progress", default=frozenset())
#: The run's memo of `brace_reason` in the `SourceCache`.
_MEMO = "python-brace-reasons"
_MAX_PARAMETER_DEPTH = 3  # calls of factories of factories: each level multiplies the call sites
#: What each comprehension variable being read stands for (its reason, ``None``: brace-free).
_BOUND: ContextVar[dict[str, str | None]] = ContextVar("bound", default={})  # noqa: B039 - never mutated
#: The comprehension variables that iterate an ``Enum`` class, with its member values.
_ENUM_ITEMS: ContextVar[dict[str, list[ast.expr]]] = ContextVar("enum_items", default={})  # noqa: B039
_UNKNOWN = object()
#: Operators whose result is a number (or a path, for `/`), whatever the operands.
_NUMBER_OPERATORS = (ast.Sub, ast.Div, ast.FloorDiv, ast.Pow)
#: Parameter annotations of numbers and booleans: the value holds no brace.
_NUMBER_ANNOTATIONS = frozenset({"int", "float", "bool", "complex", "Decimal", "datetime", "date"})
#: Calls whose items are their argument's items.
_ITEM_KEEPING = frozenset({"sorted", "list", "tuple", "set", "reversed", "frozenset"})
#: Library functions that reduce a text to letters, digits and hyphens.
_SLUG_CALLS = frozenset({"slugify"})


def brace_reason(node: ast.expr, scope: Namespace, depth: int = 0) -> str | None:
    """Why the value of ``node`` can carry braces, or ``None`` if it statically cannot.

    Worked out once per run for each node, scope and depth: constants that each name the one
    before sixty times over four levels sent the walk down 13 million paths (35 s for one
    kilobyte of empty f-strings), where it needs one per constant."""
    memo = cast("dict[tuple, tuple[ast.expr, str | None]]", scope.cache.parsed(_MEMO))  # keyed by node, not path
    key = (id(node), id(scope.module), id(scope.function), id(scope.arguments), depth, _LOCALS_IN_PROGRESS.get())
    found = memo.get(key)
    if found is None or found[0] is not node:  # the node is held: its id is not another's
        found = memo[key] = (node, _brace_reason(node, scope, depth))
    return found[1]


def _brace_reason(node: ast.expr, scope: Namespace, depth: int) -> str | None:
    if depth > _MAX_DEPTH:
        return _runtime(node)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and ("{" in node.value or "}" in node.value):
            return f"its text `{_quote(node.value)}` has braces"
        return None
    if isinstance(node, ast.IfExp):
        return brace_reason(node.body, scope, depth + 1) or brace_reason(node.orelse, scope, depth + 1)
    if isinstance(node, ast.BinOp) and isinstance(node.op, _NUMBER_OPERATORS):
        return None  # a number, or a path (`folder / slug`): nothing a `{name}` can come from
    if isinstance(node, ast.BinOp):
        return brace_reason(node.left, scope, depth + 1) or brace_reason(node.right, scope, depth + 1)
    if isinstance(node, (ast.Compare, ast.BoolOp)) or (isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not)):
        return None if isinstance(node, (ast.Compare, ast.UnaryOp)) else _any_reason(node.values, scope, depth)
    if isinstance(node, ast.UnaryOp):
        return brace_reason(node.operand, scope, depth + 1)
    if isinstance(node, ast.JoinedStr):
        return next(filter(None, (_part_reason(part, scope, depth) for part in node.values)), None)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _name_reason(node, scope, depth)
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in _ENVIRONMENT:
        return None
    if isinstance(node, ast.Subscript):
        # A character, a slice or a piece (`text.split("---")[2]`) of a brace-free text.
        return None if brace_reason(node.value, scope, depth + 1) is None else _runtime(node)
    if isinstance(node, ast.Call):
        return _call_reason(node, scope, depth)
    return _runtime(node)


def _part_reason(part: ast.expr, scope: Namespace, depth: int) -> str | None:
    if isinstance(part, ast.FormattedValue) and is_number_spec(part.format_spec):
        return None  # `{total:,.2f}`: a number, or formatting raises
    if isinstance(part, ast.FormattedValue):
        return brace_reason(part.value, scope, depth + 1)
    return brace_reason(part, scope, depth + 1)


def _any_reason(values: list[ast.expr], scope: Namespace, depth: int) -> str | None:
    return next(filter(None, (brace_reason(value, scope, depth + 1) for value in values)), None)


def _name_reason(node: ast.Name | ast.Attribute, scope: Namespace, depth: int) -> str | None:
    bound = _BOUND.get()
    if isinstance(node, ast.Name) and node.id in bound:
        return bound[node.id]  # a comprehension's variable (`i` of `enumerate(items, start=1)`)
    if isinstance(node, ast.Attribute):
        known = _attribute_reason(node, scope, depth)
        if known is not _UNKNOWN:
            return known  # type: ignore[return-value]
    definition = find_definition(node, scope)
    if definition is None and isinstance(node, ast.Name) and scope.function is not None:
        # A local bound in several branches (`if a: x = "p" else: x = "q"`) is brace-free
        # when every value it can take is.
        values = local_assignments(scope.function).get(node.id, [])
        if values and all(isinstance(value, ast.expr) for value in values):
            return _local_reason(node.id, values, scope, depth)  # type: ignore[arg-type]
    if definition is None and isinstance(node, ast.Name) and scope.function is not None:
        looped = list(loop_items(node.id, scope.function))
        if looped:
            return _looped_reason(node, looped, scope, depth)
        return _parameter_reason(node, scope.function, scope, depth)
    if definition is None:
        return _runtime(node)
    value, owner = definition
    if isinstance(value, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None  # a function object prints as `<function name at 0x...>`
    return brace_reason(value, owner, depth + 1)  # type: ignore[arg-type]


def _attribute_reason(node: ast.Attribute, scope: Namespace, depth: int) -> str | object | None:
    """What an attribute says by its kind: a path's part (``Path(x).parent``), an enum member
    or its ``.name``/``.value``; `_UNKNOWN` when its kind says nothing."""
    if node.attr in PATH_ATTRIBUTES and isinstance(node.value, ast.Call):
        return None if brace_reason(node.value, scope, depth + 1) is None else _UNKNOWN
    owner = node.value
    if isinstance(owner, ast.Attribute) and node.attr in ("name", "value"):
        owner = owner.value  # `Color.RED.value`
    looped = _ENUM_ITEMS.get().get(owner.id) if isinstance(owner, ast.Name) and owner is node.value else None
    if looped is not None and node.attr in ("name", "value"):  # `c.value for c in Color`
        return None if node.attr == "name" else _any_reason(looped, scope, depth)
    members = enum_members(owner, scope)
    if members is None:
        return _UNKNOWN
    return None if node.attr == "name" or node.value is owner else _any_reason(members, scope, depth)


def _looped_reason(node: ast.Name, looped: list[tuple[ast.expr, str]], scope: Namespace, depth: int) -> str | None:
    """A name a loop binds: a count is a number; an item is brace-free when every item of the
    iterable is (a constant list, an enum's members)."""
    for iterable, role in looped:
        if role == "unknown":
            return _runtime(node)
        if role == "item":
            reason = _items_reason(iterable, scope, depth + 1)
            if reason is not None:
                return reason
    return None


def _items_reason(items: ast.expr, scope: Namespace, depth: int) -> str | None:
    """Why some item of the iterable ``items`` can carry braces (``None``: none can)."""
    if depth > _MAX_DEPTH:
        return _runtime(items)
    if isinstance(items, (ast.List, ast.Tuple, ast.Set)):
        return _any_reason([e.value if isinstance(e, ast.Starred) else e for e in items.elts], scope, depth)
    if isinstance(items, (ast.GeneratorExp, ast.ListComp, ast.SetComp)):
        return _comprehension_reason(items, scope, depth)
    if isinstance(items, ast.Call) and dotted_name(items.func) in _ITEM_KEEPING and items.args:
        return _items_reason(items.args[0], scope, depth + 1)
    if isinstance(items, ast.Call) and dotted_name(items.func) == "map" and len(items.args) == 2:
        return None if dotted_name(items.args[0]) in _BRACE_FREE_CALLS else _items_reason(items.args[1], scope, depth)
    if isinstance(items, ast.Name):
        members = enum_members(items, scope)
        if members is not None:
            return None  # an enum's members print as `Class.NAME`
        definition = find_definition(items, scope)
        if definition is not None and isinstance(definition[0], ast.expr):
            return _items_reason(definition[0], definition[1], depth + 1)
    return _runtime(items)


def _comprehension_reason(
    node: ast.GeneratorExp | ast.ListComp | ast.SetComp, scope: Namespace, depth: int
) -> str | None:
    """Why some value a comprehension makes can carry braces: its element, with each of its
    variables known as what its iterable gives (a count, an enum member, an item)."""
    bound, enums = dict(_BOUND.get()), dict(_ENUM_ITEMS.get())
    for generator in node.generators:
        for name in _target_names(generator.target):
            roles = list(comprehension_items(node, name))
            bound[name] = _bound_reason(name, roles, scope, depth)
        members = enum_members(generator.iter, scope)
        if members is not None and isinstance(generator.target, ast.Name):
            enums[generator.target.id] = members
    tokens = _BOUND.set(bound), _ENUM_ITEMS.set(enums)
    try:
        return brace_reason(node.elt, scope, depth + 1)
    finally:
        _BOUND.reset(tokens[0])
        _ENUM_ITEMS.reset(tokens[1])


def _bound_reason(name: str, roles: list[tuple[ast.expr, str]], scope: Namespace, depth: int) -> str | None:
    for iterable, role in roles:
        if role == "unknown":
            return f"`{name}` is only known at run time"
        if role == "item" and _items_reason(iterable, scope, depth + 1) is not None:
            return f"`{name}` is only known at run time"
    return None


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, (ast.Tuple, ast.List)):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _local_reason(name: str, values: list[ast.expr], scope: Namespace, depth: int) -> str | None:
    """Why a local bound to ``values`` can carry braces. A value built from the local itself
    (``text = text.split("---")[2]``) adds no brace its other values do not hold, so the local
    counts as brace-free where it feeds itself."""
    key = (id(scope.function), name)
    busy = _LOCALS_IN_PROGRESS.get()
    if key in busy:
        return None
    token = _LOCALS_IN_PROGRESS.set(busy | {key})
    try:
        return next(filter(None, (brace_reason(value, scope, depth + 1) for value in values)), None)
    finally:
        _LOCALS_IN_PROGRESS.reset(token)


def _parameter_reason(
    node: ast.Name, function: ast.FunctionDef | ast.AsyncFunctionDef, scope: Namespace, depth: int
) -> str | None:
    """A parameter of a module-private factory is brace-free when every call passes a
    brace-free value (`call_sites.parameter_values`); followed a few calls deep only. One
    annotated as a number or a boolean is one (or the call fails before any instruction)."""
    if annotation(function, node.id) in _NUMBER_ANNOTATIONS:
        return None
    values = None
    if depth < _MAX_PARAMETER_DEPTH and not local_assignments(function).get(node.id):
        values = parameter_values(function, node.id, scope)
    if values is None:
        return _runtime(node)
    return next(filter(None, (brace_reason(value, where, depth + 1) for value, where in values)), None)


def _call_reason(node: ast.Call, scope: Namespace, depth: int) -> str | None:
    name = dotted_name(node.func)
    last = name.rsplit(".", 1)[-1]
    if name in _BRACE_FREE_CALLS or last in _BRACE_FREE_CALLS:
        return None
    method = isinstance(node.func, ast.Attribute)
    kinds = NUMERIC_CALLS | PATH_CALLS
    if (method or _is_builtin(node.func, scope)) and (last in kinds or name in kinds or last in _SLUG_CALLS):
        return None  # a number, a boolean, a path, or a library's slug of a text
    if removes_braces(node, lambda value: brace_reason(value, scope, depth + 1)):
        return None  # `re.sub(r"[^a-z0-9-]+", "-", text)`: every brace is replaced
    if last == "join" and method and len(node.args) == 1 and not node.keywords:
        return brace_reason(node.func.value, scope, depth + 1) or _items_reason(node.args[0], scope, depth + 1)  # type: ignore[attr-defined]
    if name in _JSON_CALLS or last in _JSON_CALLS:
        return f"`{last}` writes braces for every object"
    if read_call_path(node, scope) is not None:
        return None  # a file of the project, next to the module: its braces are the instruction's own
    if last == "read" and isinstance(node.func, ast.Attribute) and opened_committed_file(node.func.value, scope):
        return None
    if last == "read_text" and isinstance(node.func, ast.Attribute) and is_committed_file(node.func.value, scope):
        return None  # one of the project's files beside the module, named in part at run time
    if name in _FILE_CALLS or last in _FILE_CALLS:
        return "it is read from a file or stream, which can hold any text"
    if last in _PASSING_CALLS:
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None  # `input().strip()` too
        subject = receiver if receiver is not None else (node.args[0] if node.args else None)
        return brace_reason(subject, scope, depth + 1) if subject is not None else None
    if isinstance(node.func, ast.Name) and _returns_brace_free(node.func, scope, depth):
        return None
    return f"`{shorten(ast.unparse(node.func))}(...)` returns a value known only at run time"


def _is_builtin(function: ast.expr, scope: Namespace) -> bool:
    """Whether ``function`` names no function of the project (``slugify`` of a library)."""
    return isinstance(function, ast.Name) and find_definition(function, scope) is None


def _returns_brace_free(name: ast.Name, scope: Namespace, depth: int) -> bool:
    """Whether ``name`` is a function of the project whose every return is brace-free (a
    helper that reads a prompt file beside its module, ``_prompt("planner")``)."""
    definition = find_definition(name, scope)
    function = definition[0] if definition is not None else None
    if definition is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    owner = definition[1]
    nodes = list(own_nodes(function))
    returns = [n for n in nodes if isinstance(n, ast.Return)]
    if not returns or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
        return False
    inside = replace(owner, function=function)
    return all(r.value is not None and brace_reason(r.value, inside, depth + 1) is None for r in returns)


def _runtime(node: ast.expr) -> str:
    return f"`{shorten(ast.unparse(node))}` is only known at run time"


def _quote(text: str) -> str:
    return shorten(text)


def shorten(text: str) -> str:
    """``text`` on one line and cut to a few dozen characters, for a message."""
    text = text if len(text) <= 40 else text[:37] + "..."
    return text.replace("\n", "\\n")

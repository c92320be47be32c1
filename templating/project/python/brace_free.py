"""Values whose kind cannot hold a ``{name}``: numbers, booleans, paths, enum members, text a
function reduced to a few characters, and the names loops bind to such values.

`brace_risk` asks these questions before it calls a value known only at run time evidence for
TPL010: an index from ``enumerate(items, start=1)``, a word count, a slug that
``re.sub(r"[^a-z0-9-]+", "-", text)`` made, a path built from it or the working folder, or an
f-string value formatted as a number (``{total:,.2f}``) can never become a placeholder.
Where an answer needs another value's reason, the caller's ``reason`` function is asked.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

from templating.project.python.module import load
from templating.project.python.syntax_tree import dotted_name, own_nodes

if TYPE_CHECKING:
    from templating.project.python.definitions import Namespace

__all__ = [
    "NUMERIC_CALLS", "PATH_ATTRIBUTES", "PATH_CALLS", "annotation", "comprehension_items", "enum_members",
    "enum_values", "is_number_spec", "loop_items", "removes_braces",
]  # fmt: skip

#: Calls and methods whose result is a number or a boolean.
NUMERIC_CALLS = frozenset({
    "count", "index", "find", "rfind", "bit_length", "total_seconds", "isdigit", "isalpha", "isalnum",
    "startswith", "endswith", "isinstance", "hasattr", "callable", "all", "any", "divmod", "pow",
    "math.floor", "math.ceil", "floor", "ceil", "perf_counter", "monotonic", "getpid", "randint", "random",
})  # fmt: skip
#: Calls and attributes that give a file system path (or a part of one): a folder name with
#: braces in it is not a hazard worth a warning.
PATH_CALLS = frozenset({
    "Path", "PurePath", "PosixPath", "cwd", "home", "expanduser", "relative_to", "with_suffix", "with_name",
    "joinpath", "as_posix", "os.path.splitext", "os.path.normpath", "os.path.expanduser", "os.path.relpath",
})  # fmt: skip
PATH_ATTRIBUTES = frozenset({"parent", "name", "stem", "suffix", "parents"})
_NUMBER_TYPES = frozenset("bdeEfFgGnoxX%")
_SUB_CALLS = frozenset({"re.sub", "sub"})
_MAX_REEXPORTS = 16

Reason = Callable[[ast.expr], "str | None"]


def is_number_spec(spec: ast.expr | None) -> bool:
    """Whether an f-string format spec formats a number (``:,.2f``, ``:d``, ``:.0%``): the
    value is then a number, or formatting raises."""
    if not isinstance(spec, ast.JoinedStr) or not spec.values:
        return False
    last = spec.values[-1]
    return isinstance(last, ast.Constant) and isinstance(last.value, str) and last.value[-1:] in _NUMBER_TYPES


def removes_braces(call: ast.Call, reason: Reason) -> bool:
    """Whether ``call`` is ``re.sub(pattern, replacement, text)`` with a negated character
    class that does not keep braces (``[^a-z0-9-]``) and a brace-free replacement: every brace
    of ``text`` is replaced. A compiled pattern's ``.sub(replacement, text)`` counts too."""
    name = dotted_name(call.func)
    pattern: ast.expr | None
    if name in _SUB_CALLS and len(call.args) >= 3:
        pattern, replacement = call.args[0], call.args[1]
    elif name.endswith(".sub") and len(call.args) >= 2 and isinstance(call.func, ast.Attribute):
        pattern, replacement = _compiled(call.func.value), call.args[0]
    else:
        return False
    if not isinstance(pattern, ast.Constant) or not isinstance(pattern.value, str):
        return False
    kept = _negated_class(pattern.value)
    return kept is not None and not {"{", "}"} & set(kept) and reason(replacement) is None


def _negated_class(pattern: str) -> str | None:
    """What a pattern that is one negated character class (``[^a-z0-9-]``, repeated or not)
    keeps, as written; ``None`` for any other pattern. Read a character at a time: one pass."""
    if not pattern.startswith("[^"):
        return None
    index = 2
    while index < len(pattern) and pattern[index] != "]":
        index += 2 if pattern[index] == "\\" else 1
    if index >= len(pattern) or pattern[index + 1 :] not in ("", "+", "*"):
        return None
    return pattern[2:index]


def _compiled(node: ast.expr) -> ast.expr | None:
    """The pattern of ``re.compile(PATTERN)`` when ``node`` is that call."""
    if isinstance(node, ast.Call) and dotted_name(node.func) in ("re.compile", "compile") and node.args:
        return node.args[0]
    return None


def loop_items(name: str, function: ast.AST) -> Iterator[tuple[ast.expr, str]]:
    """Where a loop or comprehension in ``function``'s own body binds ``name``: each
    iterable with the role of ``name`` in it (``index``: an ``enumerate`` or ``range`` count,
    ``item``: an item of the iterable, ``unknown``: a part of an item)."""
    for node in own_nodes(function):
        if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)):
            yield from _bindings(node.target, node.iter, name)


def comprehension_items(node: ast.AST, name: str) -> Iterator[tuple[ast.expr, str]]:
    """Where a comprehension's own generators bind ``name`` (as `loop_items` says)."""
    for generator in getattr(node, "generators", ()):
        yield from _bindings(generator.target, generator.iter, name)


def _bindings(target: ast.expr, iterable: ast.expr, name: str) -> Iterator[tuple[ast.expr, str]]:
    call = iterable if isinstance(iterable, ast.Call) else None
    counted = call is not None and dotted_name(call.func) == "enumerate" and bool(call.args)
    if isinstance(target, ast.Name) and target.id == name:
        is_range = call is not None and dotted_name(call.func) == "range"
        yield iterable, "index" if is_range else "unknown" if counted else "item"
    elif isinstance(target, ast.Tuple) and target.elts:
        first = target.elts[0]
        if counted and isinstance(first, ast.Name) and first.id == name:
            yield iterable, "index"
        elif counted and len(target.elts) == 2 and isinstance(target.elts[1], ast.Name) and target.elts[1].id == name:
            yield call.args[0], "item"  # type: ignore[union-attr]
        elif any(isinstance(e, ast.Name) and e.id == name for e in target.elts):
            yield iterable, "unknown"


def enum_values(class_node: ast.ClassDef) -> list[ast.expr] | None:
    """The member values of an ``Enum`` class (``None`` when it is not one)."""
    bases = {dotted_name(base).rsplit(".", 1)[-1] for base in class_node.bases}
    if not bases & {"Enum", "StrEnum", "IntEnum", "Flag", "IntFlag"}:
        return None
    values = []
    for statement in class_node.body:
        if isinstance(statement, ast.Assign) and all(isinstance(t, ast.Name) for t in statement.targets):
            values.append(statement.value)
    return values


def enum_members(node: ast.expr, scope: Namespace) -> list[ast.expr] | None:
    """The member values of the ``Enum`` class ``node`` names (defined in its module, or in a
    sibling module it is imported from), if it is one."""
    if not isinstance(node, ast.Name):
        return None
    module, name = scope.module, node.id
    for _ in range(_MAX_REEXPORTS):  # through the packages that re-export it
        if name not in module.imports:
            break
        path, symbol = module.imports[name]
        other = load(scope.cache, path)
        if other is None or symbol is None:
            return None
        module, name = other, symbol
    found = next((s for s in module.tree.body if isinstance(s, ast.ClassDef) and s.name == name), None)
    return enum_values(found) if found is not None else None


def annotation(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> str:
    """The annotation of parameter ``name`` of ``function``, as written (``""``: none)."""
    arguments = function.args
    for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        if argument.arg == name and argument.annotation is not None:
            return ast.unparse(argument.annotation)
    return ""

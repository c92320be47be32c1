"""What a name in a Python module is bound to, followed statically through sibling modules.

`find_definition` answers for the readers (`evaluate`, `brace_risk`) where a constant or a
function a name refers to is written; `local_assignments` lists a function's own bindings.
"""

from __future__ import annotations

import ast
import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

from templating.project.python.accumulated import accumulated
from templating.project.python.module import load
from templating.project.python.syntax_tree import FUNCTIONS, own_nodes

if TYPE_CHECKING:
    from templating.project.python.module import PythonModule
    from templating.project.sources import SourceCache

__all__ = ["FOLLOWED", "Namespace", "find_definition", "is_local", "local_assignments"]

#: Each function's own bindings (`local_assignments`), kept while its tree is.
_BINDINGS: weakref.WeakKeyDictionary[ast.AST, dict[str, list[ast.expr | None]]] = weakref.WeakKeyDictionary()
#: The run's memo of `accumulated` in the `SourceCache`.
_ACCUMULATED = "python-accumulated"
#: How many names, calls or attributes an evaluation follows, one level each: a cycle stops here.
FOLLOWED = 24


@dataclass(frozen=True, slots=True)
class Namespace:
    """The names an expression can see: its module, the function around it (if any) and the
    cache that loads sibling modules (named apart from the state `templating.Scope`)."""

    module: PythonModule
    cache: SourceCache
    function: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    #: The arguments of the call being evaluated, by parameter name, each with the scope it
    #: is written in: read only to find the file a loader reads (`committed_files`).
    arguments: tuple[tuple[str, ast.expr, Namespace], ...] = ()


def find_definition(node: ast.Name | ast.Attribute, scope: Namespace) -> tuple[ast.AST, Namespace] | None:
    """What a name or ``module.NAME`` is bound to: an expression or a function definition,
    with the scope it is written in; ``None`` if it is not a constant this module can see.

    A function-local name bound more than once, or a parameter, is not a constant, except a
    text built up with ``+=`` in straight-line code and read after it (`accumulated`).
    """
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Name) and not _is_local(node.value.id, scope):
            return _imported(scope, node.value.id, node.attr)
        return None
    if scope.function is not None and _is_local(node.id, scope):
        values = local_assignments(scope.function).get(node.id, [])
        if len(values) == 1 and values[0] is not None:
            return values[0], scope
        text = accumulated(scope.function, node, scope.cache.parsed(_ACCUMULATED))
        return (text, scope) if text is not None else None
    module_scope = Namespace(scope.module, scope.cache)
    if node.id in scope.module.constants:
        return scope.module.constants[node.id], module_scope
    if node.id in scope.module.functions:
        return scope.module.functions[node.id], module_scope
    return _imported(scope, node.id, None)


def _is_local(name: str, scope: Namespace) -> bool:
    return scope.function is not None and is_local(name, scope.function)


def is_local(name: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Whether ``name`` is a parameter of ``function`` or bound in its own body."""
    arguments = function.args
    parameters = [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs, arguments.vararg, arguments.kwarg]
    return name in local_assignments(function) or any(p is not None and p.arg == name for p in parameters)


def _imported(scope: Namespace, name: str, attribute: str | None) -> tuple[ast.AST, Namespace] | None:
    """Follow ``name`` (and ``.attribute``) through sibling-module imports to a definition.

    Modules that import a name from each other form a cycle that never reaches a
    definition: each (module, name) pair is visited once.
    """
    module, visited = scope.module, set()
    while name in module.imports and (module.path, name) not in visited:
        visited.add((module.path, name))
        path, symbol = module.imports[name]
        other = load(scope.cache, path)
        wanted = symbol if attribute is None else attribute
        if other is None or wanted is None:
            return None
        if wanted in other.constants:
            return other.constants[wanted], Namespace(other, scope.cache)
        if wanted in other.functions:
            return other.functions[wanted], Namespace(other, scope.cache)
        if attribute is not None:
            return None
        module, name = other, wanted
    return None


def local_assignments(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[ast.expr | None]]:
    """The values bound to each name in ``function``'s own body (not in nested functions).

    A nested ``def`` binds its definition. A binding other than ``name = value`` (``+=``, a
    loop, ``with ... as``, unpacking) is recorded as ``None``: the name is then not a constant.
    Worked out once per function while its tree lives: asked again for each name read, a
    function of 800 locals each read once took 97 s; the answer is shared, never to be changed.
    """
    bound = _BINDINGS.get(function)
    if bound is None:
        bound = _BINDINGS[function] = _bindings(function)
    return bound


def _bindings(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, list[ast.expr | None]]:
    bound: dict[str, list[ast.expr | None]] = {}
    plain: set[int] = set()
    nodes = list(own_nodes(function))
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    bound.setdefault(target.id, []).append(node.value)
                    plain.add(id(target))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None:
            bound.setdefault(node.target.id, []).append(node.value)
            plain.add(id(node.target))
        elif isinstance(node, FUNCTIONS) and node is not function:
            bound.setdefault(node.name, []).append(node)  # type: ignore[arg-type]
    for node in nodes:
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and id(node) not in plain:
            bound.setdefault(node.id, []).append(None)
    return bound

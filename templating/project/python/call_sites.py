"""What a module-private function's parameter is given at every call of it, statically.

A factory such as ``def _specialist(name, domain): return Agent(instruction=f"... {domain}")``
builds instructions from its parameters. When the function is private to its module
(``_name``), is used only by calling it there, and every call passes an expression this
module can read (a constant, a name bound to one, or the items of a constant list that a
``for`` or a comprehension unpacks), the parameter's values are known: `parameter_values`
lists them. Anything else (a call with ``*args``, the function passed as a value, a value
read at run time) gives ``None``: the parameter stays unknown.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from templating.project.python.definitions import Namespace

if TYPE_CHECKING:
    from templating.project.python.module import PythonModule

__all__ = ["parameter_values"]

_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
_MAX_CALLS = 64  # beyond this many call sites, the parameter is not worth the walk


def parameter_values(
    function: ast.FunctionDef | ast.AsyncFunctionDef, name: str, scope: Namespace
) -> list[tuple[ast.expr, Namespace]] | None:
    """Each expression passed for parameter ``name`` of ``function``, with the scope to read
    it in; ``None`` when some call (or use) of ``function`` cannot be read."""
    module = scope.module
    if not function.name.startswith("_") or module.functions.get(function.name) is not function:
        return None
    position = _position(function, name)
    index = _index(module)
    calls = index.calls.get(function.name, [])
    if position is None or function.name in index.other_uses or not calls or len(calls) > _MAX_CALLS:
        return None
    values: list[tuple[ast.expr, Namespace]] = []
    default = _default(function, name)
    for call, bindings, enclosing in calls:
        found = _argument(call, name, position, default, bindings)
        if found is None:
            return None
        values.extend((value, Namespace(module, scope.cache, enclosing if local else None)) for value, local in found)
    return values


def _argument(
    call: ast.Call, name: str, position: int, default: ast.expr | None, bindings: tuple[dict[str, list[ast.expr]], ...]
) -> list[tuple[ast.expr, bool]] | None:
    """The values one call passes for the parameter (each with whether it is read in the
    caller's function); ``[]`` for a call that misses it; ``None`` when it cannot be read."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return None
    argument = next((k.value for k in call.keywords if k.arg == name), None)
    if argument is None and 0 <= position < len(call.args):
        argument = call.args[position]
    argument = argument if argument is not None else default
    if argument is None:
        return []  # a call missing the argument raises TypeError: it builds no instruction
    if isinstance(argument, ast.Name):
        for bound in reversed(bindings):
            if argument.id in bound:
                return [(value, False) for value in bound[argument.id]]
    return [(argument, True)]


_Bindings = tuple[dict[str, list[ast.expr]], ...]
_Function = ast.FunctionDef | ast.AsyncFunctionDef


class _Index:
    """A module's calls of its private functions, by name, each with the loop bindings and the
    function around it; and the private names used other than by calling them."""

    def __init__(self) -> None:
        self.calls: dict[str, list[tuple[ast.Call, _Bindings, _Function | None]]] = {}
        self.other_uses: set[str] = set()


_INDEXES: dict[int, tuple[ast.Module, _Index]] = {}


def _index(module: PythonModule) -> _Index:
    """The module's `_Index`, built once per parsed module (one walk, however many factories)."""
    cached = _INDEXES.get(id(module.tree))
    if cached is not None and cached[0] is module.tree:
        return cached[1]
    if len(_INDEXES) > 256:
        _INDEXES.clear()
    walker = _CallWalker(module)
    walker.visit(module.tree)
    _INDEXES[id(module.tree)] = (module.tree, walker.index)
    return walker.index


def _position(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> int | None:
    """The index of positional-or-keyword parameter ``name`` (-1: keyword-only)."""
    positional = [*function.args.posonlyargs, *function.args.args]
    for index, argument in enumerate(positional):
        if argument.arg == name:
            return index
    return -1 if any(a.arg == name for a in function.args.kwonlyargs) else None


def _default(function: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    positional = [*function.args.posonlyargs, *function.args.args]
    defaults = dict(zip([a.arg for a in positional][-len(function.args.defaults) :], function.args.defaults))
    if not function.args.defaults:
        defaults = {}
    defaults.update({a.arg: d for a, d in zip(function.args.kwonlyargs, function.args.kw_defaults) if d is not None})
    return defaults.get(name)


class _CallWalker(ast.NodeVisitor):
    """Finds every use of a private name; records each call with its loop bindings."""

    def __init__(self, module: PythonModule) -> None:
        self.module = module
        self.index = _Index()
        self.bindings: tuple[dict[str, list[ast.expr]], ...] = ()  # names a loop over a constant unpacks
        self.enclosing: ast.FunctionDef | ast.AsyncFunctionDef | None = None
        self.calls: set[int] = set()

    def visit(self, node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            outer, self.enclosing = self.enclosing, node
            self.generic_visit(node)
            self.enclosing = outer
        elif isinstance(node, _COMPREHENSIONS):
            self._visit_comprehension(node)
        else:
            super().visit(node)

    def visit_For(self, node: ast.For) -> None:
        outer = self.bindings
        self.visit(node.iter)
        self.bindings = (*outer, self._unpacked(node.target, node.iter))
        for statement in [*node.body, *node.orelse]:
            self.visit(statement)
        self.bindings = outer

    def _visit_comprehension(self, node: ast.AST) -> None:
        bound: dict[str, list[ast.expr]] = {}
        for generator in node.generators:  # type: ignore[attr-defined]
            bound.update(self._unpacked(generator.target, generator.iter))
        outer, self.bindings = self.bindings, (*self.bindings, bound)
        self.generic_visit(node)
        self.bindings = outer

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Name) and node.func.id.startswith("_"):
            self.calls.add(id(node.func))
            self.index.calls.setdefault(node.func.id, []).append((node, self.bindings, self.enclosing))
        self.generic_visit(node)

    def visit_Name(self, node: ast.Name) -> None:
        if node.id.startswith("_") and id(node) not in self.calls:
            self.index.other_uses.add(node.id)  # passed as a value, rebound: calls elsewhere unknown

    def _unpacked(self, target: ast.expr, iterable: ast.expr) -> dict[str, list[ast.expr]]:
        """The values each name of ``target`` takes over a constant list or tuple ``iterable``
        (``for name, domain in SPECS``); names whose values cannot be read are left out."""
        items = self._constant_items(iterable)
        if items is None:
            return {}
        if isinstance(target, ast.Name):
            return {target.id: items}
        if not isinstance(target, ast.Tuple) or not all(isinstance(e, ast.Name) for e in target.elts):
            return {}
        columns: dict[str, list[ast.expr]] = {e.id: [] for e in target.elts}  # type: ignore[attr-defined]
        for item in items:
            if not isinstance(item, (ast.Tuple, ast.List)) or len(item.elts) != len(target.elts):
                return {}
            for element, value in zip(target.elts, item.elts, strict=True):
                columns[element.id].append(value)  # type: ignore[attr-defined]
        return columns

    def _constant_items(self, iterable: ast.expr) -> list[ast.expr] | None:
        if isinstance(iterable, ast.Name) and iterable.id in self.module.constants:
            iterable = self.module.constants[iterable.id]
        if isinstance(iterable, (ast.List, ast.Tuple)) and not any(isinstance(e, ast.Starred) for e in iterable.elts):
            return list(iterable.elts)
        return None

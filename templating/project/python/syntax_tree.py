"""Small questions asked of Python syntax trees by every reader of Python source."""

from __future__ import annotations

import ast
import collections
from collections.abc import Iterator, Sequence

__all__ = [
    "FUNCTIONS",
    "called_name",
    "dotted_name",
    "keyword_argument",
    "own_nodes",
    "string_constant",
    "walk_module",
    "walk_tree",
]

#: The nodes that define a function.
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def walk_tree(root: ast.AST) -> list[ast.AST]:
    """The nodes under ``root`` in ``ast.walk`` order (breadth first), as a list: the same
    walk without a generator per node."""
    found = [root]
    index = 0
    while index < len(found):
        node = found[index]
        index += 1
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                found.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                found.append(value)
    return found


def walk_module(tree: ast.Module) -> dict[ast.AST, Sequence[ast.AST]]:
    """`walk_tree` of ``tree`` (a list) and of each of its statements (a tuple, of the exact
    length), by node. The statements are walked one by one, level by level; the module's walk
    is their levels put together (the module, its statements, then each statement's first
    level in turn, its second...), so a module of 100,000 functions is walked once, not twice,
    and no node is looked up on the way."""
    walks: dict[ast.AST, Sequence[ast.AST]] = {}
    levels: list[tuple[tuple[ast.AST, ...], list[int]]] = []
    for statement in (*tree.body, *tree.type_ignores):
        found, ends = _walk_levels(statement)
        walks[statement] = walked = tuple(found)
        levels.append((walked, ends))
    module: list[ast.AST] = [tree]
    depth = 0
    while levels:
        for walked, ends in levels:
            module.extend(walked[ends[depth - 1] if depth else 0 : ends[depth]])
        depth += 1
        levels = [level for level in levels if len(level[1]) > depth]
    walks[tree] = module
    return walks


def _walk_levels(root: ast.AST) -> tuple[list[ast.AST], list[int]]:
    """`walk_tree` of ``root``, and where each of its levels ends in it (the same loop, which
    every walk runs a node at a time: keeping the levels there costs `walk_tree` a tenth)."""
    found = [root]
    ends = [1]
    index = 0
    while index < len(found):
        if index == ends[-1]:
            ends.append(len(found))
        node = found[index]
        index += 1
        for field in node._fields:
            value = getattr(node, field, None)
            if isinstance(value, list):
                found.extend(item for item in value if isinstance(item, ast.AST))
            elif isinstance(value, ast.AST):
                found.append(value)
    return found, ends


def own_nodes(scope: ast.AST) -> Iterator[ast.AST]:
    """Every node of ``scope``'s body in source order, not entering nested functions,
    lambdas or classes."""
    pending = collections.deque(ast.iter_child_nodes(scope))
    while pending:
        node = pending.popleft()
        yield node
        if not isinstance(node, (*FUNCTIONS, ast.Lambda, ast.ClassDef)):
            pending.extend(ast.iter_child_nodes(node))


def called_name(call: ast.Call) -> str | None:
    """The last name of what ``call`` calls: ``f`` for ``f()`` and ``a.b.f()``."""
    function = call.func
    return function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)


def keyword_argument(call: ast.Call, name: str) -> ast.expr | None:
    """The value ``call`` passes as ``name=``, if it does."""
    return next((k.value for k in call.keywords if k.arg == name), None)


def string_constant(node: ast.expr | None) -> str | None:
    """The text of a string literal; ``None`` for anything else."""
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def dotted_name(node: ast.expr) -> str:
    """``a.b.c`` for a chain of names and attributes, else ``""``."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        inner = dotted_name(node.value)
        return f"{inner}.{node.attr}" if inner else node.attr
    return ""

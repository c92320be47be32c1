"""A function-local text built up with ``+=`` in straight-line code, read as one expression.

``instruction = "..."`` followed by ``instruction += "..."`` statements, all in the function's
own body (none inside an ``if``, a loop, a ``try`` or a ``with``), with no other binding of the
name, holds the sum of its pieces in order wherever it is read after the last of them:
`accumulated` gives that sum as a ``+`` expression of the pieces themselves, so each keeps its
place in the file. A piece in a branch or a loop makes the text depend on the run, and a read
before the last piece sees only part of it: the name then stays unknown, as any local bound
more than once.
"""

from __future__ import annotations

import ast

from templating.project.python.syntax_tree import own_nodes

__all__ = ["accumulated"]

#: The most pieces read as one text: past that, the name stays unknown (a generated function of
#: many thousand ``+=`` lines is read in one pass and then left).
MAX_PIECES = 256
_Function = ast.FunctionDef | ast.AsyncFunctionDef


def accumulated(function: _Function, name: ast.Name, memo: dict) -> ast.expr | None:
    """The text the local ``name`` holds where it is read, as one ``+`` expression of its
    pieces; ``None`` unless every binding is a straight-line ``=`` then ``+=`` before the read.
    ``memo`` keeps each function's texts for the run: its body is walked once for all names."""
    found = memo.get(id(function))
    if found is None or found[0] is not function:  # the function is held: its id is not another's
        found = memo[id(function)] = (function, _texts(function))
    text, last_line = found[1].get(name.id, (None, 0))
    return text if text is not None and name.lineno > last_line else None


def _texts(function: _Function) -> dict[str, tuple[ast.expr, int]]:
    """Each name of ``function`` built with ``+=`` in straight-line code: its text and the last
    line of its last piece. Names bound any other way too (in a branch, a loop, a ``for``
    target) are left out."""
    pieces: dict[str, list[ast.expr]] = {}
    last_lines: dict[str, int] = {}
    for statement in function.body:
        first = _first_binding(statement)
        if first is not None and first[0] not in pieces:
            pieces[first[0]] = [first[1]]
        elif _is_piece(statement) and statement.target.id in pieces:  # type: ignore[attr-defined]
            name = statement.target.id  # type: ignore[attr-defined]
            pieces[name].append(statement.value)  # type: ignore[attr-defined]
            last_lines[name] = statement.end_lineno or statement.lineno
    stores: dict[str, int] = {}
    for node in own_nodes(function):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store) and node.id in last_lines:
            stores[node.id] = stores.get(node.id, 0) + 1
    return {
        name: (_sum(found), last_lines[name])
        for name, found in pieces.items()
        if name in last_lines and stores.get(name) == len(found) and len(found) <= MAX_PIECES
    }


def _first_binding(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """``(name, value)`` of a plain ``name = value`` (or ``name: T = value``)."""
    if isinstance(statement, ast.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], ast.Name):
        return statement.targets[0].id, statement.value
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name) and statement.value is not None:
        return statement.target.id, statement.value
    return None


def _is_piece(statement: ast.stmt) -> bool:
    return (
        isinstance(statement, ast.AugAssign)
        and isinstance(statement.op, ast.Add)
        and isinstance(statement.target, ast.Name)
    )


def _sum(pieces: list[ast.expr]) -> ast.expr:
    """``pieces`` joined by ``+``, as a balanced tree: its depth grows with the logarithm of
    their number, so the readers' depth limit is not spent on a long chain."""
    if len(pieces) == 1:
        return pieces[0]
    middle = len(pieces) // 2
    joined = ast.BinOp(left=_sum(pieces[:middle]), op=ast.Add(), right=_sum(pieces[middle:]))
    return ast.copy_location(joined, pieces[0])

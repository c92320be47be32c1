"""Keys a node function writes with ``Event(state=...)`` on only some of its returns.

ADK applies a node's ``Event(state=...)`` when the node returns it, and follows the edges
of the event's ``route``. A key one return writes and another does not is therefore written
only on the routes of the writing returns, when every return names a constant route; when
they do not (no route, a computed route, a fall-through ``None``), the node *may* write it.
A generator, or a return we cannot read (a ``state`` that is not a dict literal), is left
alone: its writes count as they do today.
"""

from __future__ import annotations

import ast

from templating.project.model.workflow_facts import PartialWrite
from templating.project.python.adk_vocabulary import EVENT_CLASS
from templating.project.python.syntax_tree import called_name, keyword_argument, walk_tree

__all__ = ["PartialWrite", "partial_writes"]

_NO_ROUTE = ""  # a return without a route (a route name is never empty)
_Scopes = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def partial_writes(
    function: ast.FunctionDef | ast.AsyncFunctionDef, nodes: list[ast.AST] | None = None
) -> tuple[PartialWrite, ...]:
    """The `PartialWrite` of every key some returns of ``function`` write and others do not;
    ``nodes``, all the nodes under it when the caller has walked it already."""
    returns, generator = _own_returns(function, walk_tree(function) if nodes is None else nodes)
    if generator or not returns:
        return ()
    outcomes = []
    for statement in returns:
        outcome = _outcome(statement)
        if outcome is None:
            return ()
        outcomes.append(outcome)
    if _falls_through(function.body):
        outcomes.append((frozenset(), _NO_ROUTE, (0, 0)))  # writes nothing: its lines are never used
    found = []
    for key in sorted({key for keys, _, _ in outcomes for key in keys}):
        writing = [o for o in outcomes if key in o[0]]
        skipping = [o for o in outcomes if key not in o[0]]
        if not skipping:
            continue
        found.append(
            PartialWrite(key, _routes(writing, skipping), tuple(o[2] for o in writing), _skipping(writing, skipping))
        )
    return tuple(found)


def _routes(writing: list, skipping: list) -> tuple[str, ...] | None:
    """The routes that write the key, or ``None`` when the routes do not tell the returns apart."""
    written = {route for _, route, _ in writing}
    skipped = {route for _, route, _ in skipping}
    if None in written | skipped or _NO_ROUTE in written | skipped or written & skipped:
        return None
    return tuple(sorted(written))


def _skipping(writing: list, skipping: list) -> tuple[str, ...] | None:
    """The routes of the returns that skip the key, when they are told apart from the writing ones."""
    written = {route for _, route, _ in writing}
    skipped = {route for _, route, _ in skipping}
    if None in written | skipped or written & skipped:
        return None
    return tuple(sorted(skipped))


def _outcome(
    statement: ast.Return,
) -> tuple[frozenset[str], str | None, tuple[int, int]] | None:
    """The keys a return writes, its route (``None``: not a constant), its lines; ``None``
    when its state cannot be read."""
    lines = (statement.lineno, statement.end_lineno or statement.lineno)
    value = statement.value
    if not (isinstance(value, ast.Call) and called_name(value) == EVENT_CLASS):
        return frozenset(), _NO_ROUTE, lines
    state = keyword_argument(value, "state")
    keys: frozenset[str] = frozenset()
    if state is not None:
        if not isinstance(state, ast.Dict) or not all(_string(k) for k in state.keys):
            return None
        keys = frozenset(k.value for k in state.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
    route = keyword_argument(value, "route")
    if route is None:
        return keys, _NO_ROUTE, lines
    constant = route.value if isinstance(route, ast.Constant) and isinstance(route.value, str) else ""
    return keys, (constant or None), lines


def _string(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _own_returns(function: ast.AST, nodes: list[ast.AST]) -> tuple[list[ast.Return], bool]:
    """The returns of ``function`` itself (not of functions inside it), and whether it yields."""
    returns: list[ast.Return] = []
    if not any(isinstance(node, _Scopes) for node in nodes[1:]):
        # The common case: no function or class inside, so every node is the function's own.
        returns = [node for node in nodes if isinstance(node, ast.Return)]
        generator = any(isinstance(node, (ast.Yield, ast.YieldFrom)) for node in nodes)
        return sorted(returns, key=lambda r: r.lineno), generator
    generator = False
    stack = list(ast.iter_child_nodes(function))
    while stack:
        node = stack.pop()
        if isinstance(node, _Scopes):
            continue
        if isinstance(node, ast.Return):
            returns.append(node)
        generator = generator or isinstance(node, (ast.Yield, ast.YieldFrom))
        stack.extend(ast.iter_child_nodes(node))
    return sorted(returns, key=lambda r: r.lineno), generator


def _falls_through(body: list[ast.stmt]) -> bool:
    """Whether running ``body`` may reach its end (and the function return ``None``)."""
    if not body:
        return True
    last = body[-1]
    if isinstance(last, (ast.Return, ast.Raise)):
        return False
    if isinstance(last, ast.If):
        return _falls_through(last.body) or _falls_through(last.orelse)
    if isinstance(last, (ast.With, ast.AsyncWith)):
        return _falls_through(last.body)
    return True

"""Syntax trees of large modules, held in compact nodes.

A node made by `ast.parse` keeps its fields and positions in a dictionary of its own: about
330 bytes for a ``Name``. A module of 100,000 small functions is 1.2 million nodes, so its tree
alone was some 400 MB. A compact node is an instance of a subclass of the same `ast` class
with one slot per field and position and no dictionary: about 100 bytes. ``isinstance``,
`ast.walk`, `ast.iter_fields`, `ast.unparse`, `ast.dump` (the class keeps its name) and
``compile`` take it for the node it copies, and it pickles and copies as a plain `ast` node.
Only a test of the exact class (``type(node) is ast.Name``) tells them apart: such a test
names the compact classes too (`with_compact`). A compact tree's lists are of their exact
length, and every empty one is the same shared list, which refuses changes: a compact tree is
read, never changed.

Nodes without fields or positions (``Load``, ``Add``) are shared by every tree as `ast.parse`
makes them, and stay so; every other class `ast.parse` makes has a compact class. The
parameters of a function that takes none (an ``arguments`` node has no position) are one
shared node too, `NO_ARGUMENTS`.
"""

from __future__ import annotations

import _ast
import ast
from typing import Any, NoReturn

__all__ = ["EMPTY", "NO_ARGUMENTS", "compact_tree", "with_compact"]


def _reduce(node: ast.AST) -> tuple[type, tuple[None, ...], dict[str, Any]]:
    """Pickle and copy a compact node as the `ast` node it copies: made with a None for each
    field (as `ast` itself does, since Python 3.13 warns of a class called without them),
    then given its fields and positions."""
    names = (*node._fields, *node._attributes)
    state = {name: getattr(node, name) for name in names if hasattr(node, name)}
    return type(node).__bases__[0], (None,) * len(node._fields), state


def _compact_class(base: type[ast.AST]) -> type[ast.AST]:
    names = {"__slots__": (*base._fields, *base._attributes), "__reduce__": _reduce, "__module__": __name__}
    compact = type(base.__name__, (base,), names)
    compact.__qualname__ = base.__qualname__
    return compact


def _node_classes() -> list[type[ast.AST]]:
    """The classes `ast.parse` makes nodes of (those of the C module `_ast`: not the abstract
    ones such as ``expr``, nor the deprecated ``Num`` or ``Str``) that have fields or positions."""
    classes = [value for value in vars(_ast).values() if isinstance(value, type) and issubclass(value, ast.AST)]
    bases = {base for c in classes for base in c.__mro__[1:]}
    return [c for c in classes if c not in bases and (c._fields or c._attributes)]


#: The compact class of each `ast` class that has fields or positions.
_COMPACT: dict[type, type[ast.AST]] = {base: _compact_class(base) for base in _node_classes()}


class _EmptyList(list[Any]):
    """A list that stays empty: changing it raises ``TypeError``."""

    __slots__ = ()

    def _refuse(self, *arguments: object) -> NoReturn:
        raise TypeError("the empty list of a compact syntax tree is shared and cannot change")

    append = extend = insert = pop = remove = clear = sort = reverse = _refuse  # type: ignore[assignment]
    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse


#: The value of every empty list field of a compact tree (seven of a function's eleven lists
#: are empty: decorators, the kinds of parameters, defaults).
EMPTY: list[Any] = _EmptyList()
_LINES = frozenset({"lineno", "end_lineno"})


def with_compact(*classes: type[ast.AST]) -> frozenset[type]:
    """``classes`` and their compact classes: for a test of a node's exact class."""
    return frozenset(classes) | {_COMPACT[c] for c in classes if c in _COMPACT}


def compact_tree(tree: ast.AST, lines: int = 0, numbers: list[int] | None = None) -> ast.AST:
    """A copy of ``tree`` (as `ast.parse` made it) in compact nodes, every line number moved
    down by ``lines`` and taken from ``numbers`` (one int per line, shared by every node) when
    given. Walked from a stack: a tree of any depth is copied without recursion."""
    pending: list[tuple[ast.AST, ast.AST]] = []
    root = _copy_later(tree, pending)
    while pending:
        node, copy = pending.pop()
        for name, value in node.__dict__.items():
            if type(value) is list:
                setattr(copy, name, _copied_list(value, pending))
            elif isinstance(value, ast.AST):
                setattr(copy, name, _copy_later(value, pending))
            elif name in _LINES and value is not None:
                setattr(copy, name, numbers[value + lines] if numbers is not None else value + lines)
            else:
                setattr(copy, name, value)
    return root


def _copied_list(items: list[Any], pending: list[tuple[ast.AST, ast.AST]]) -> list[Any]:
    """A field's list with each node replaced by its compact node (to be filled from
    ``pending``): of the exact length (a list built item by item keeps room to grow), and an
    empty field is the one shared `EMPTY`."""
    if not items:
        return EMPTY
    copied = list(items)
    for index, item in enumerate(items):
        if isinstance(item, ast.AST):
            copied[index] = _copy_later(item, pending)
    return copied


def _copy_later(node: ast.AST, pending: list[tuple[ast.AST, ast.AST]]) -> ast.AST:
    """The compact node of ``node``, its fields to be filled from ``pending``; ``node`` itself
    for a node without fields or positions, and `NO_ARGUMENTS` for the parameters of a function
    that takes none (all three are shared by every tree)."""
    compact = _COMPACT.get(type(node))
    if compact is None:
        return node
    if compact is _ARGUMENTS and not any(getattr(node, name) for name in node._fields):
        return NO_ARGUMENTS
    copy = compact.__new__(compact)
    pending.append((node, copy))
    return copy


_ARGUMENTS = _COMPACT[ast.arguments]
#: The parameters of every function and lambda that takes none, in a compact tree (such an
#: ``arguments`` node has no position): one node, not one a function.
NO_ARGUMENTS = _ARGUMENTS.__new__(_ARGUMENTS)
for _name in ast.arguments._fields:  # lists of parameters and defaults, and two optional ones
    setattr(NO_ARGUMENTS, _name, None if _name in ("vararg", "kwarg") else EMPTY)

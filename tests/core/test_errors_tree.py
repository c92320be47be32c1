"""The exception tree drawn in `templating.errors`'s docstring is the real one."""

from __future__ import annotations

import re

from templating import errors


def _drawn_tree() -> dict[str, tuple[str, str | None]]:
    """Each class in the drawing: its drawn parent and the built-in named beside it."""
    parents: dict[int, str] = {}
    drawn = {}
    for line in errors.__doc__.splitlines():
        match = re.match(r"^(?P<indent>[ │├└─]*)(?P<name>\w+Error)(?: \((?P<builtin>\w+)\))?", line.strip("\n")[4:])
        if match is None:
            continue
        depth = len(match.group("indent")) // 4
        parents[depth] = match.group("name")
        drawn[match.group("name")] = (parents.get(depth - 1, "Exception"), match.group("builtin"))
    return drawn


def test_errors_tree_in_the_docstring_matches_the_classes():
    drawn = _drawn_tree()
    assert set(drawn) == set(errors.__all__)
    for name, (parent, builtin) in drawn.items():
        cls = getattr(errors, name)
        assert cls.__bases__[0].__name__ == parent, name
        if builtin is not None:
            assert any(base.__name__ == builtin for base in cls.__mro__), name

"""Parse a Python module with `ast`, a large one a run of top-level statements at a time.

`ast.parse` builds its whole tree in C before it makes the Python objects, so a 6 MB module
peaked at twice the memory of the tree it gave (1.1 GB for a workflow of 100,000 nodes).
Parsed in runs of some 256 KB, only one run's C tree exists at a time.

A run ends before a line that starts at column 0 with a name or ``@`` (not ``else``, ``elif``,
``except`` or ``finally``, and not after a decorator). A cut inside a statement (in a string,
in brackets, after a backslash) always leaves a run that does not parse: that run is joined
with what follows, twice as long each time, so the work stays linear. When every run parses,
the statements are the module's statements; the line numbers are moved to the module's. A
module that does not parse is parsed whole again, so that its error is ``ast.parse``'s.
"""

from __future__ import annotations

import ast
import re

from templating.project.python.syntax_tree import walk_tree

__all__ = ["CHUNK", "WHOLE", "parse_python"]

#: Texts up to this many characters are parsed whole (most modules: one call, no walk).
WHOLE = 1_000_000
#: The length a run of statements reaches before it may end.
CHUNK = 256_000
# A line that can start a top-level statement of its own (see the module's docstring).
_STATEMENT = re.compile(r"^(?!(?:else|elif|except|finally)\b)[A-Za-z_@]", re.MULTILINE)


def parse_python(text: str, filename: str) -> ast.Module:
    """The syntax tree of ``text``, as ``ast.parse(text, filename=filename)`` gives it; raises
    what it raises (``SyntaxError`` for invalid code)."""
    if len(text) <= WHOLE or text.count("\r") != text.count("\r\n"):
        # A lone carriage return ends a line too: the line count below would be wrong.
        return ast.parse(text, filename=filename)
    statements: list[ast.stmt] = []
    numbers = list(range(text.count("\n") + 2))  # one int per line, shared by every node
    start = line = 0
    while start < len(text):
        run, end = _parse_run(text, start, filename)
        if run is None:
            return ast.parse(text, filename=filename)
        if line:
            _move_lines(run, line, numbers)
        statements.extend(run.body)
        line += text.count("\n", start, end)
        start = end
    return ast.Module(body=statements, type_ignores=[])


def _parse_run(text: str, start: int, filename: str) -> tuple[ast.Module | None, int]:
    """The tree of the run of statements from ``start`` and where the run ends; ``None`` if
    the rest of the text does not parse."""
    length = CHUNK
    while True:
        end = _cut(text, start + length)
        try:
            return ast.parse(text[start:end], filename=filename), end
        except SyntaxError:
            if end == len(text):
                return None, end
            length *= 2


def _cut(text: str, position: int) -> int:
    """The first place at or after ``position`` where a top-level statement can start."""
    for match in _STATEMENT.finditer(text, position):
        cut = match.start()
        previous = text.rfind("\n", 0, cut - 1) + 1
        if text[previous] != "@":
            return cut
    return len(text)


def _move_lines(tree: ast.Module, lines: int, numbers: list[int]) -> None:
    """Move every position in ``tree`` down by ``lines`` lines."""
    for node in walk_tree(tree):
        if "lineno" in node._attributes:
            node.lineno = numbers[node.lineno + lines]  # type: ignore[attr-defined]
            end = getattr(node, "end_lineno", None)
            if end is not None:
                node.end_lineno = numbers[end + lines]  # type: ignore[attr-defined]

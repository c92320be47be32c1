"""Parse a Python module with `ast`, a large one a run of top-level statements at a time.

`ast.parse` builds its whole tree in C before it makes the Python objects, so a 6 MB module
peaked at twice the memory of the tree it gave (1.1 GB for a workflow of 100,000 nodes).
Parsed in runs of some 64 KB, only one run's C tree exists at a time.

A run ends before a line that starts at column 0 with a name or ``@`` (not ``else``, ``elif``,
``except`` or ``finally``, and not after a decorator). A cut inside a statement (in a string,
in brackets, after a backslash) always leaves a run that does not parse: that run is joined
with what follows, twice as long each time, so the work stays linear. When every run parses,
the statements are the module's statements; the line numbers are moved to the module's. A
module that does not parse is parsed whole again, so that its error is ``ast.parse``'s.

Each run's tree is copied into compact nodes (`compact_tree`) as it is parsed, and the run's
own tree let go: a node `ast.parse` makes costs three times as much, and a large module's tree
was most of what reading it held (400 MB of the 570 MB a 100,000-node workflow took).

The parser holds some 150 bytes per character of what it parses until it is done. A stretch
longer than `CHUNK` between two places where a statement can start (a workflow whose edges
name 100,000 nodes is one 800 KB statement) is parsed before everything else, the longest
first, while the rest of the tree is not there yet; then the memory the parser freed is handed
back (`give_back_free_memory`). If such a stretch turns out to be no statement of its own (the
run before it does not parse without it), it is read in its run like any other text.
"""

from __future__ import annotations

import ast
import collections
import itertools
import re

from templating.project.heap import give_back_free_memory
from templating.project.python.compact_tree import compact_tree

__all__ = ["CHUNK", "WHOLE", "parse_python"]

#: Texts up to this many characters are parsed whole (most modules: one call, no walk).
WHOLE = 1_000_000
#: The length a run of statements reaches before it may end.
CHUNK = 64_000
# A line that can start a top-level statement of its own (see the module's docstring).
_STATEMENT = re.compile(r"^(?!(?:else|elif|except|finally)\b)[A-Za-z_@]", re.MULTILINE)


def parse_python(text: str, filename: str) -> ast.Module:
    """The syntax tree of ``text``, as ``ast.parse(text, filename=filename)`` gives it; raises
    what it raises (``SyntaxError`` for invalid code)."""
    if len(text) <= WHOLE or text.count("\r") != text.count("\r\n"):
        # A lone carriage return ends a line too: the line count below would be wrong.
        return ast.parse(text, filename=filename)
    numbers = list(range(text.count("\n") + 2))  # one int per line, shared by every node
    large = _large_statements(text, filename, numbers)
    following = collections.deque(sorted(large))  # where the large statements not passed yet start
    statements: list[ast.stmt] = []
    start = line = 0
    while start < len(text):
        while following and following[0] < start:
            del large[following.popleft()]  # a run held it: it was no statement of its own
        if following and following[0] == start:
            end, parsed = large.pop(following.popleft())
            statements.extend(parsed)
        else:
            run, end = _parse_run(text, start, filename, following[0] if following else len(text))
            if run is None:
                return ast.parse(text, filename=filename)
            statements.extend(compact_tree(run, line, numbers).body)  # type: ignore[attr-defined]
        line += text.count("\n", start, end)
        start = end
    return ast.Module(body=statements, type_ignores=[])


def _large_statements(text: str, filename: str, numbers: list[int]) -> dict[int, tuple[int, list[ast.stmt]]]:
    """Each stretch longer than `CHUNK` between two places where a statement can start that
    parses on its own, parsed the longest first, by where it starts: where it ends and its
    statements (see the module's docstring)."""
    found: list[tuple[int, int, int]] = []  # (start, end, lines before start)
    previous = line = counted = 0
    for start in itertools.chain((match.start() for match in _STATEMENT.finditer(text, 1)), [len(text)]):
        if start - previous > CHUNK and _can_start(text, previous):
            line += text.count("\n", counted, previous)
            counted = previous
            found.append((previous, start, line))
        previous = start
    large: dict[int, tuple[int, list[ast.stmt]]] = {}
    for start, end, lines in sorted(found, key=lambda stretch: stretch[0] - stretch[1]):
        statements = _parse_alone(text[start:end], filename, lines, numbers)
        if statements is not None:
            large[start] = end, statements
    if found:
        give_back_free_memory()  # once: later parses reuse the heap the longest one left
    return large


def _parse_alone(text: str, filename: str, lines: int, numbers: list[int]) -> list[ast.stmt] | None:
    """The statements of ``text``, in compact nodes, ``lines`` lines down; ``None`` if it does
    not parse on its own (it is inside a string, say: it is read in its run)."""
    try:
        tree = ast.parse(text, filename=filename)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return compact_tree(tree, lines, numbers).body  # type: ignore[attr-defined]


def _parse_run(text: str, start: int, filename: str, stop: int) -> tuple[ast.Module | None, int]:
    """The tree of the run of statements from ``start`` and where the run ends (at ``stop`` at
    the latest, unless the run does not parse there); ``None`` if the rest of the text does
    not parse."""
    length = CHUNK
    end = min(_cut(text, start + length), stop)
    while True:
        try:
            return ast.parse(text[start:end], filename=filename), end
        except SyntaxError:
            if end == len(text):
                return None, end
            length *= 2
            end = _cut(text, max(start + length, end + 1))


def _cut(text: str, position: int) -> int:
    """The first place at or after ``position`` where a top-level statement can start."""
    for match in _STATEMENT.finditer(text, position):
        if _can_start(text, match.start()):
            return match.start()
    return len(text)


def _can_start(text: str, position: int) -> bool:
    """Whether a statement can start at ``position``, a line `_STATEMENT` matches: not on the
    line after a decorator."""
    previous = text.rfind("\n", 0, position - 1) + 1
    return position == 0 or text[previous] != "@"

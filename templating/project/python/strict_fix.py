"""The edits that make a Python instruction a template of the strict dialect, where ``{{name}}``
is an escape: ``instruction="... {{name}} ..."`` becomes
``instruction=compile_template("... {{name}} ...", dialect="strict")``, with
``from templating import compile_template`` added to the module when it lacks it.

Offered only where the instruction is one string literal, written as an agent's
``instruction=`` or ``global_instruction=`` or as a module-level constant: there a compiled
template (an instruction provider) takes the text's place, and the linter reads it again in
the strict dialect. Any other shape (a ``+``, a ``.format()``, a literal inside a function) is
left alone: wrapping a piece of it would change what the code does.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Callable

from templating.project.model.instruction import Instruction

__all__ = ["strict_fix"]

_FIELDS = frozenset({"instruction", "global_instruction"})
_IMPORT = "from templating import compile_template\n"


def strict_fix(instruction: Instruction) -> tuple[tuple[int, int, str], ...] | None:
    """The edits ``(start, end, text)`` in source offsets (as the linter reads the file) that
    compile ``instruction`` in the strict dialect, the one over its literal first; ``None``
    when its shape does not allow it."""
    if not instruction.text:
        return None
    tree = _parsed(instruction.source.text)
    if tree is None:
        return None
    first, last = instruction.source_offset(0), instruction.source_offset(len(instruction.text) - 1)
    starts = instruction.source.line_starts
    lines = instruction.source.text.split("\n")

    def offset(line: int, column: int) -> int:  # ast columns count UTF-8 bytes
        return starts[line - 1] + len(lines[line - 1].encode("utf-8")[:column].decode("utf-8", "replace"))

    for literal in _wrappable_literals(tree):
        start = offset(literal.lineno, literal.col_offset)
        end = offset(literal.end_lineno or literal.lineno, literal.end_col_offset or 0)
        if start <= first and last < end and literal.value == instruction.text:
            wrapped = f'compile_template({instruction.source.text[start:end]}, dialect="strict")'
            edits = [(start, end, wrapped)]
            if not _imports_compile_template(tree):
                where = _import_offset(tree, offset)
                edits.append((where, where, _IMPORT))
            return tuple(edits)
    return None


@functools.lru_cache(maxsize=4)
def _parsed(text: str) -> ast.Module | None:
    # A file with several doubled braces is parsed once, not once per finding.
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _wrappable_literals(tree: ast.Module) -> list[ast.Constant]:
    """The string literals that are a whole instruction field or a module-level constant."""
    found = [
        statement.value for statement in tree.body
        if isinstance(statement, (ast.Assign, ast.AnnAssign)) and statement.value is not None
        and all(isinstance(target, ast.Name) for target in _targets(statement))
    ]  # fmt: skip
    found += [node.value for node in ast.walk(tree) if isinstance(node, ast.keyword) and node.arg in _FIELDS]
    return [node for node in found if isinstance(node, ast.Constant) and isinstance(node.value, str)]


def _targets(statement: ast.Assign | ast.AnnAssign) -> list[ast.expr]:
    return statement.targets if isinstance(statement, ast.Assign) else [statement.target]


def _imports_compile_template(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ImportFrom) and node.module == "templating"
        and any(alias.name == "compile_template" and alias.asname is None for alias in node.names)
        for node in tree.body
    )  # fmt: skip


def _import_offset(tree: ast.Module, offset: Callable[[int, int], int]) -> int:
    """Where the import goes: the start of the first statement after the module's docstring
    and its ``from __future__`` imports (one holds the literal, so there is one)."""
    for index, statement in enumerate(tree.body):
        docstring = index == 0 and isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant)
        future = isinstance(statement, ast.ImportFrom) and statement.module == "__future__"
        if not (docstring or future):
            return offset(statement.lineno, 0)
    return 0

"""Where a ``# noqa`` can go for a Python instruction whose first line cannot hold a comment.

The linter reads ``# noqa`` on the line an instruction's literal starts on, after the closing
quotes of a multi-line literal, and on the line of the call that passes it
(``root = LlmAgent(``). When the literal is triple-quoted and runs on past its first line, a
comment there would be text of the instruction, so the comment goes on the call's line
(`call_line`: in this module, or in the sibling module that passes this module's constant,
``instruction=prompt.ROOT``) or after the closing quotes (`closing_line`: always in this module).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Iterable
from pathlib import Path

from templating.project.model.instruction import Instruction
from templating.project.python.module import PythonModule, load_module
from templating.project.python.python_source import find_sites
from templating.project.sources import SourceCache

__all__ = ["call_line", "closing_line", "is_commentable"]


def call_line(
    instruction: Instruction, path: Path, text: str, siblings: Iterable[tuple[Path, str]], modules: SourceCache
) -> tuple[Path, str, int] | None:
    """The file, its text and the 1-based line of the call passing ``instruction`` (whose
    text lies in ``path``, now ``text``) where a comment can go; ``None`` if there is none."""
    line, _ = instruction.position(0)
    try:
        module = load_module(path, text, modules.display(path), modules)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    found = _site_line(module, text, lambda value: _spans(value, line))
    if found is not None:
        return path, text, found
    name = next((name for name, value in module.constants.items() if _spans(value, line)), None)
    if name is None:
        return None
    for sibling, sibling_text in siblings:
        try:
            other = load_module(sibling, sibling_text, modules.display(sibling), modules)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        found = _site_line(other, sibling_text, lambda value: _names(value, name, path.stem))
        if found is not None:
            return sibling, sibling_text, found
    return None


def closing_line(instruction: Instruction, path: Path, text: str, modules: SourceCache) -> int | None:
    """The 1-based line of the closing quotes of the expression in ``path`` (now ``text``)
    that holds a multi-line ``instruction``, where the linter reads a ``# noqa`` after them;
    ``None`` when there is none (the expression ends on its first line, or no comment fits)."""
    line, _ = instruction.position(0)
    try:
        module = load_module(path, text, modules.display(path), modules)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    values = [*(site.value for site in find_sites(module)), *module.constants.values()]
    for value in values:
        end = value.end_lineno or value.lineno
        if _spans(value, line) and end != value.lineno and is_commentable(text, end):
            return end
    return None


def _site_line(module: PythonModule, text: str, wanted) -> int | None:
    for site in find_sites(module):
        if wanted(site.value) and is_commentable(text, site.line):
            return site.line
    return None


def _spans(value: ast.expr, line: int) -> bool:
    return value.lineno <= line <= (value.end_lineno or value.lineno)


def _names(value: ast.expr, name: str, module_name: str) -> bool:
    """Whether ``value`` is ``NAME`` or ``module.NAME``."""
    if isinstance(value, ast.Name):
        return value.id == name
    return (
        isinstance(value, ast.Attribute)
        and value.attr == name
        and isinstance(value.value, ast.Name)
        and value.value.id == module_name
    )


def is_commentable(text: str, line: int) -> bool:
    """Whether a comment can end ``line``: no string literal runs on past it."""
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.start[0] <= line < token.end[0] and token.type != tokenize.NL:
                return False
            if token.start[0] > line:
                return True
    except (tokenize.TokenError, SyntaxError):
        return False
    return True

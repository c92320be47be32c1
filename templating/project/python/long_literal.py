"""String literals longer than any instruction the linter checks, read without decoding them.

An instruction over `MAX_INSTRUCTION` characters is one TPL013 finding, and its keys are
unknown to the project model: nothing asks where its characters after the first came from.
Decoding it a character at a time (each with its source offset) is what made a 30 MB literal
cost 34 s and 4 GB. `long_literal` gives its text as `ast` decoded it, and offsets that run on
from its first character: exact up to its first escape or line continuation.
"""

from __future__ import annotations

import ast

from templating.project.model.instruction import MAX_INSTRUCTION, SourceFile
from templating.project.python.definitions import FOLLOWED, Namespace, find_definition
from templating.project.python.literal import source_offset

__all__ = ["long_literal"]


def long_literal(expression: ast.expr, scope: Namespace) -> tuple[SourceFile, str, range] | None:
    """The source, text and offsets of the literal ``expression`` is, or a name (``PROMPT``,
    ``prompts.ROOT``) is bound to through other names, when it is longer than
    `MAX_INSTRUCTION`; else ``None``."""
    for _ in range(FOLLOWED):
        if isinstance(expression, ast.Constant):
            text = expression.value
            if not isinstance(text, str) or len(text) <= MAX_INSTRUCTION:
                return None
            source = scope.module.source
            body = _body_start(source.text, source_offset(source, expression.lineno, expression.col_offset))
            return source, text, range(body, body + len(text))
        if not isinstance(expression, (ast.Name, ast.Attribute)):
            return None
        value, scope = find_definition(expression, scope) or (None, scope)
        if not isinstance(value, ast.expr):
            return None
        expression = value
    return None


def _body_start(text: str, start: int) -> int:
    """Where the body of the string literal at ``start`` begins: after its prefix (``r``,
    ``b``, ``u``, two letters at most) and its opening quote or quotes."""
    position = start
    while position < min(start + 2, len(text)) and text[position].isalpha():
        position += 1
    if position >= len(text):
        return start
    quote = text[position]
    return position + 3 if text.startswith(quote * 3, position) else position + 1

"""The Python surface: instructions passed to agents and the state code writes, in ``.py``.

A module is read only if it says something the project needs (`INSTRUCTION_HINT` or
`FACT_HINT`); an ``__init__.py`` always, for the names it re-exports. A module saying none of
it writes no state: it still counts as read (a tool imported from it writes nothing). A ``# noqa`` goes on
the line the instruction's literal starts on, when no string runs on past that line. Code that
does not parse is this surface's `Problem`, never an exception for the front door.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Generic, TypeVar

from templating.project.frontend import ADK_SPELLING, Found, Problem
from templating.project.model.facts import FileFacts
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.python.adk_vocabulary import FACT_HINT, INSTRUCTION_HINT
from templating.project.python.agents import python_facts
from templating.project.python.module import load_module
from templating.project.python.newer_syntax import newer_grammar
from templating.project.python.parsing import parse_python
from templating.project.python.python_source import find_python_instructions
from templating.project.python.siblings import comment_elsewhere, lent_instructions
from templating.project.python.suppression import is_commentable
from templating.project.sources import SourceCache
from templating.project.surfaces.surface import Surface

__all__ = ["PYTHON"]

_Text = TypeVar("_Text", str, bytes)

_PACKAGE_FILE = "__init__.py"


class _Hint(Generic[_Text]):
    """Whether a text matches a hint, an alternation of words and patterns (`INSTRUCTION_HINT`):
    each word is looked for on its own (a substring search in C, many times faster than the
    regular expression engine trying every alternative at every position of a file that holds
    none, as most files do), each pattern only in a text holding the word it starts with."""

    def __init__(self, hint: str, kind: Callable[[str], _Text]) -> None:
        alternatives = hint.split("|")
        self.words: tuple[_Text, ...] = tuple(kind(word) for word in alternatives if re.escape(word) == word)
        patterns = [pattern for pattern in alternatives if re.escape(pattern) != pattern]
        self.patterns: tuple[tuple[_Text, re.Pattern[_Text]], ...] = tuple(
            (kind(_leading_word(pattern)), re.compile(kind(pattern))) for pattern in patterns
        )

    def __call__(self, text: _Text) -> bool:
        return any(word in text for word in self.words) or any(
            word in text and pattern.search(text) is not None for word, pattern in self.patterns
        )


def _leading_word(pattern: str) -> str:
    word = re.match(r"\w+", pattern)
    assert word is not None, pattern  # every pattern of a hint starts with a word
    return word.group()


_INSTRUCTIONS = _Hint(INSTRUCTION_HINT, str)
_FACTS = _Hint(FACT_HINT, str)
_BYTES = _Hint(f"{INSTRUCTION_HINT}|{FACT_HINT}", str.encode)


def _may_hold(name: str, data: bytes) -> bool:
    return name == _PACKAGE_FILE or _BYTES(data)


def _read(source: SourceFile, path: Path, cache: SourceCache) -> Found | Problem:
    has_instructions = _INSTRUCTIONS(source.text)
    if not (path.name == _PACKAGE_FILE or has_instructions or _FACTS(source.text)):
        return Found(facts=(FileFacts(cache.key(path), source.path),))  # read, and it writes nothing
    try:
        module = load_module(path, source.text, source.path, cache)
        instructions = tuple(find_python_instructions(module, cache)) if has_instructions else ()
        return Found(instructions, (python_facts(module, cache),))
    except SyntaxError as error:
        return _invalid(error, source.text)


def _invalid(error: SyntaxError, text: str) -> Problem:
    """The problem of code that does not parse: written for a newer Python, or invalid."""
    newer = newer_grammar(error, text)
    if newer is None:
        return Problem("invalid", f"invalid Python: {error.msg}", error.lineno or 1, error.offset or 1)
    running = f"{sys.version_info.major}.{sys.version_info.minor}"
    message = f"needs Python {newer} to parse: Python {running} reads `{error.msg}` here"
    return Problem("needs-newer-python", message, error.lineno or 1, error.offset or 1, newer)


def _noqa_line(instruction: Instruction, source: SourceFile) -> int | None:
    first_line, _ = instruction.position(0)
    return first_line if is_commentable(source.text, first_line) else None


def _strict_fix(instruction: Instruction) -> tuple[tuple[int, int, str], ...] | None:
    from templating.project.python.strict_fix import strict_fix  # only for a finding that offers it

    return strict_fix(instruction)


def _is_valid(text: str) -> bool:
    try:
        parse_python(text, "<fixed>")  # a large module a run at a time, as it was read
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


PYTHON = Surface(
    name="python",
    suffixes=frozenset({".py", ".pyi"}),
    names=frozenset(),
    walked=True,
    may_hold=_may_hold,
    read=_read,
    passed_over_writes_nothing=True,
    noqa_line=_noqa_line,
    is_valid=_is_valid,
    coding_line=True,
    import_hint=re.compile(INSTRUCTION_HINT.encode()),
    spelling=ADK_SPELLING,
    lend=lent_instructions,
    comment_elsewhere=comment_elsewhere,
    literal_braces=(
        'make the instruction `compile_template(TEXT, dialect="strict")` (from `templating`), where '
        "`{{name}}` is the text `{name}`"
    ),
    strict_fix=_strict_fix,
)

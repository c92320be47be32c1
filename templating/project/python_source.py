"""Find the instructions in Python source, without importing or running it.

The module is parsed with `ast`; the string literals of an instruction are located by
running `tokenize` over that expression's source only, and comments are tokenized only
in a module that has a ``noqa`` in it. An instruction is a ``str`` literal, an implicit concatenation or an
f-string passed as ``instruction=``, ``global_instruction=`` or ``static_instruction=`` to
any call, or as the first argument of ``inject_session_state``; or a module constant passed
that way, including one imported from a sibling module of the same package
(``from . import prompt`` ... ``prompt.ROOT``, ``from .prompts import ROOT``).
"""

from __future__ import annotations

import ast
import bisect
import io
import os
import re
import tokenize
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from templating.project.encoding import read_source
from templating.project.files import real_path, relative
from templating.project.instruction import Instruction, SourceFile
from templating.project.literal import DecodedText, decode_literal
from templating.project.modules import resolve_import

__all__ = [
    "INSTRUCTION_FIELDS", "INSTRUCTION_HINT", "ModuleCache", "PythonModule", "find_call_instructions",
    "find_python_instructions", "load_module",
]  # fmt: skip

#: The keyword arguments whose value is an instruction.
INSTRUCTION_FIELDS = ("instruction", "global_instruction", "static_instruction")
_INJECT_FUNCTION = "inject_session_state"
#: What a module that passes an instruction must contain (``instruction=``,
#: ``global_instruction =``, ``inject_session_state``): a file without it is not parsed, and
#: in one with it only the calls around these lines are visited. Searched in text and bytes.
INSTRUCTION_HINT = r"instruction\s*=|inject_session_state"
_HINT = re.compile(INSTRUCTION_HINT)
_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)
_STRING_TOKENS = {tokenize.STRING}
_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)


@dataclass(frozen=True)
class PythonModule:
    """A parsed module: its source and syntax tree; its ``# noqa`` comments, constants and
    imports are worked out when first asked for (most modules are never asked)."""

    path: Path
    source: SourceFile
    tree: ast.Module

    @cached_property
    def noqa(self) -> dict[int, frozenset[str]]:
        """The ``# noqa`` codes per 1-based line."""
        return _noqa_comments(self.source.text)

    @cached_property
    def constants(self) -> dict[str, ast.expr]:
        """Module-level ``NAME = value`` assignments (the last one wins)."""
        return _constants(self.tree)

    @cached_property
    def imports(self) -> dict[str, tuple[Path, str | None]]:
        """Names bound by module-level imports that resolve to files of the same package."""
        return _imports(self.tree, self.path)


class ModuleCache:
    """Modules parsed so far in one run, by resolved path; paths display relative to ``root``
    (the working folder)."""

    def __init__(self, root: Path) -> None:
        self.root = os.path.realpath(root)
        self.modules: dict[str, PythonModule | None] = {}
        #: The resolved paths of the modules looked up through imports since it was last
        #: cleared: what a file's instructions depend on besides the file itself.
        self.looked_up: set[str] = set()
        self._folders: dict[str, str] = {}

    def key(self, path: Path) -> str:
        """The resolved path modules are cached by (each folder is resolved once per run)."""
        return real_path(os.fspath(path), self._folders)

    def display(self, path: Path) -> str:
        """The path as findings show it: relative to the root when inside it. A symbolic link
        shows under its own name, not its target's (whose file may be missing)."""
        folder, name = os.path.split(os.fspath(path))
        real_folder = self._folders.get(folder) or self._folders.setdefault(folder, os.path.realpath(folder or "."))
        shown = relative(os.path.join(real_folder, name), self.root)
        return shown if shown is not None else path.as_posix()


def load_module(path: Path, text: str, display: str, cache: ModuleCache) -> PythonModule:
    """Parse ``text`` as the module at ``path``; raises ``SyntaxError`` for invalid code."""
    tree = ast.parse(text, filename=display)
    module = PythonModule(path, SourceFile(display, text), tree)
    cache.modules[cache.key(path)] = module
    return module


def find_python_instructions(module: PythonModule, cache: ModuleCache) -> list[Instruction]:
    """Every instruction ``module`` passes to an agent or to ``inject_session_state``."""
    found = []
    for node in _calls_near(module.tree, _hint_lines(module.source.text)):
        if isinstance(node, ast.Call):
            found.extend(find_call_instructions(module, node, cache))
    return found


def find_call_instructions(module: PythonModule, call: ast.Call, cache: ModuleCache) -> list[Instruction]:
    """The instructions one call of ``module`` passes (the project model asks per agent)."""
    found = []
    for field, value in _instruction_arguments(call):
        suppressed = module.noqa.get(value.lineno, frozenset()) | module.noqa.get(call.lineno, frozenset())
        found.extend(_resolve(module, value, field, suppressed, cache, depth=0))
    return found


def _hint_lines(text: str) -> list[int]:
    """The 1-based lines, in order, where `INSTRUCTION_HINT` matches."""
    lines, line, position = [], 1, 0
    for match in _HINT.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        lines.append(line)
    return lines


def _calls_near(tree: ast.AST, lines: list[int]):
    """The nodes of ``tree`` whose line range holds one of ``lines``: an instruction keyword
    or ``inject_session_state`` sits on such a line, so other subtrees are never visited.
    Depth first, in source order."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        for child in reversed(list(ast.iter_child_nodes(node))):
            start = getattr(child, "lineno", None)
            if start is None:
                stack.append(child)
                continue
            index = bisect.bisect_left(lines, start)
            if index < len(lines) and lines[index] <= (child.end_lineno or start):
                stack.append(child)


def _instruction_arguments(call: ast.Call) -> list[tuple[str, ast.expr]]:
    arguments = [(k.arg, k.value) for k in call.keywords if k.arg in INSTRUCTION_FIELDS]
    function = call.func
    name = function.id if isinstance(function, ast.Name) else getattr(function, "attr", None)
    if name == _INJECT_FUNCTION and call.args:
        arguments.append((_INJECT_FUNCTION, call.args[0]))
    return arguments  # type: ignore[return-value]


def _resolve(
    module: PythonModule, value: ast.expr, field: str, suppressed: frozenset[str], cache: ModuleCache, depth: int
) -> list[Instruction]:
    """Follow ``value`` to string literals, through constants and sibling-module imports."""
    if depth > 8:
        return []
    if isinstance(value, ast.Constant) and isinstance(value.value, str) or isinstance(value, ast.JoinedStr):
        instruction = _decode(module, value, field, suppressed)
        return [instruction] if instruction else []
    target = _lookup(module, value, cache)
    if target is None:
        return []
    owner, expression = target
    suppressed = suppressed | owner.noqa.get(expression.lineno, frozenset())
    return _resolve(owner, expression, field, suppressed, cache, depth + 1)


def _lookup(module: PythonModule, value: ast.expr, cache: ModuleCache) -> tuple[PythonModule, ast.expr] | None:
    """The module and expression a name or ``module.NAME`` refers to, if it is a constant."""
    if isinstance(value, ast.Name):
        if value.id in module.constants:
            return module, module.constants[value.id]
        return _imported(module, value.id, None, cache)
    if isinstance(value, ast.Attribute) and isinstance(value.value, ast.Name):
        return _imported(module, value.value.id, value.attr, cache)
    return None


def _imported(module: PythonModule, name: str, attribute: str | None, cache: ModuleCache):
    """Follow ``name`` (and ``.attribute``) through sibling-module imports to a constant.

    Modules that import a name from each other form a cycle that never reaches a constant:
    each (module, name) pair is visited once, and a cycle leaves the name unresolved.
    """
    visited: set[tuple[Path, str]] = set()
    while name in module.imports and (module.path, name) not in visited:
        visited.add((module.path, name))
        path, symbol = module.imports[name]
        other = _cached_module(path, cache)
        wanted = symbol if attribute is None else attribute
        if other is None or wanted is None:
            return None
        if wanted in other.constants:
            return other, other.constants[wanted]
        if attribute is not None:
            return None
        module, name = other, wanted
    return None


def _cached_module(path: Path, cache: ModuleCache) -> PythonModule | None:
    key = cache.key(path)
    cache.looked_up.add(key)
    if key not in cache.modules:
        cache.modules[key] = None
        try:
            load_module(path, read_source(path), cache.display(path), cache)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            pass  # a sibling that cannot be read or parsed leaves its names unresolved
    return cache.modules[key]


def _decode(module: PythonModule, node: ast.expr, field: str, suppressed: frozenset[str]) -> Instruction | None:
    start = _offset(module.source, node.lineno, node.col_offset)
    end = _offset(module.source, node.end_lineno or node.lineno, node.end_col_offset or 0)
    decoded = DecodedText()
    text = module.source.text
    for literal_start, literal_end in _literals(text, start, end):
        decode_literal(text[literal_start:literal_end], literal_start, decoded)
    if not decoded.offsets and start == end:
        return None
    offsets = (*decoded.offsets, decoded.offsets[-1] + 1 if decoded.offsets else start)
    return Instruction(
        module.source, decoded.text, offsets, field, tuple(decoded.interpolations), suppressed
    )


def _offset(source: SourceFile, line: int, byte_column: int) -> int:
    """Turn ast's 1-based line and UTF-8 byte column into a character offset."""
    start = source.line_starts[line - 1]
    line_text = source.text[start : start + byte_column + 1]
    return start + len(line_text.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))


def _literals(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The character ranges of the string literals of the expression at ``text[start:end]``.

    Only the expression is tokenized, wrapped in parentheses so that its line breaks are not
    statements; the ranges are offsets in ``text``.
    """
    segment = SourceFile("", "(" + text[start:end] + ")\n")
    shift = start - 1  # the added "(" sits at segment offset 0
    literals: list[tuple[int, int]] = []
    fstring_starts: list[int] = []
    for token in tokenize.generate_tokens(io.StringIO(segment.text).readline):
        token_start = segment.line_starts[token.start[0] - 1] + token.start[1] + shift
        token_end = segment.line_starts[token.end[0] - 1] + token.end[1] + shift
        if token.type in _STRING_TOKENS and not fstring_starts:
            literals.append((token_start, token_end))
        elif token.type == _FSTRING_START:
            fstring_starts.append(token_start)
        elif token.type == _FSTRING_END:
            opening = fstring_starts.pop()
            if not fstring_starts:
                literals.append((opening, token_end))
    return literals


def _noqa_comments(text: str) -> dict[int, frozenset[str]]:
    """The ``# noqa`` codes per line; the module is tokenized only if ``noqa`` occurs in it."""
    noqa: dict[int, frozenset[str]] = {}
    if _NOQA.search(text) is None:
        return noqa
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and (match := _NOQA.search(token.string)):
            noqa[token.start[0]] = _noqa_codes(match)
    return noqa


def _noqa_codes(match: re.Match[str]) -> frozenset[str]:
    codes = match.group("codes")
    if not codes:
        return frozenset({"ALL"})
    return frozenset(code.strip().upper() for code in codes.split(","))


def _constants(tree: ast.Module) -> dict[str, ast.expr]:
    """Module-level ``NAME = value`` assignments (the last one wins)."""
    constants: dict[str, ast.expr] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value and isinstance(statement.target, ast.Name):
            constants[statement.target.id] = statement.value
    return constants


def _imports(tree: ast.Module, path: Path) -> dict[str, tuple[Path, str | None]]:
    """Names bound by module-level imports that resolve to files of the same package."""
    bound: dict[str, tuple[Path, str | None]] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                target = resolve_import(path, statement, alias)
                if target is not None:
                    bound[alias.asname or alias.name.split(".")[0]] = target
    return bound

"""Find the instructions in Python source, without importing or running it.

The module is parsed with :mod:`ast`; comments are tokenized only in a module that has a
``noqa`` in it. An instruction site is an expression passed as ``instruction=``,
``global_instruction=`` or ``static_instruction=`` to any call, assigned to such an
attribute (``agent.instruction = ...``), or passed as the first argument of
``inject_session_state`` or of this package's ``compile_template``. Each site's expression
is turned into text by :mod:`~templating.project.evaluate` (literals, constants, sibling
modules, ``+``, ``.strip()``, ``.format()``, functions returning text, ...); a site that
yields no known text (an InstructionProvider, a value read at run time) is not an instruction.
"""

from __future__ import annotations

import ast
import io
import os
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from templating.project.encoding import read_source
from templating.project.evaluate import Evaluated, Scope, evaluate
from templating.project.files import real_path, relative
from templating.project.instruction import Instruction, SourceFile
from templating.project.modules import resolve_import

__all__ = ["INSTRUCTION_FIELDS", "ModuleCache", "PythonModule", "find_python_instructions", "load_module"]

#: The keyword arguments whose value is an instruction.
INSTRUCTION_FIELDS = ("instruction", "global_instruction", "static_instruction")
_INJECT_FUNCTION = "inject_session_state"
#: This package's functions whose first argument is a template, and the dialect they default to.
_API_FUNCTIONS = {"compile_template": "adk", _INJECT_FUNCTION: "adk"}
_PACKAGE = "templating"
_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NOQA = re.compile(r"#\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


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
    def functions(self) -> dict[str, ast.FunctionDef | ast.AsyncFunctionDef]:
        """Module-level function definitions by name (the last one wins)."""
        return {node.name: node for node in self.tree.body if isinstance(node, _FUNCTION_NODES)}

    @cached_property
    def api_names(self) -> dict[str, str]:
        """Local names bound to this package's template functions (``from templating import
        compile_template as compile``), and ``templating`` module aliases (to ``""``)."""
        return _api_names(self.tree)

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
        self._folders: dict[str, str] = {}

    def key(self, path: Path) -> str:
        """The resolved path modules are cached by (each folder is resolved once per run)."""
        return real_path(os.fspath(path), self._folders)

    def display(self, path: Path) -> str:
        """The path as findings show it: relative to the root when inside it."""
        shown = relative(self.key(path), self.root)
        return shown if shown is not None else path.as_posix()

    def load(self, path: Path) -> PythonModule | None:
        """The module at ``path``, parsed once; ``None`` if it cannot be read or parsed."""
        key = self.key(path)
        if key not in self.modules:
            self.modules[key] = None
            try:
                load_module(path, read_source(path), self.display(path), self)
            except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
                pass  # a sibling that cannot be read or parsed leaves its names unresolved
        return self.modules[key]


def load_module(path: Path, text: str, display: str, cache: ModuleCache) -> PythonModule:
    """Parse ``text`` as the module at ``path``; raises ``SyntaxError`` for invalid code."""
    tree = ast.parse(text, filename=display)
    module = PythonModule(path, SourceFile(display, text), tree)
    cache.modules[cache.key(path)] = module
    return module


def find_python_instructions(module: PythonModule, cache: ModuleCache) -> list[Instruction]:
    """Every instruction ``module`` gives an agent, ADK's injection or this package's API.

    A text a site names a dialect for (``compile_template(TEXT, dialect="strict")``) is read
    in that dialect only, wherever else it is used.
    """
    found: dict[tuple[str, tuple[int, ...]], Instruction] = {}
    for site in find_sites(module):
        scope = Scope(module, cache, site.function)
        suppressed = module.noqa.get(site.value.lineno, frozenset()) | module.noqa.get(site.line, frozenset())
        for text in evaluate(site.value, scope):
            if text.is_known:
                instruction = _instruction(text, site, suppressed)
                key = (instruction.source.path, instruction.offsets)
                if key not in found or found[key].dialect is None:
                    found[key] = instruction
    return list(found.values())


@dataclass(frozen=True, slots=True)
class Site:
    """Where code hands an instruction over: the expression, the field or function it is
    given to, the function around it, and the dialect a call names (``None``: configured)."""

    value: ast.expr
    field: str
    line: int
    function: ast.FunctionDef | ast.AsyncFunctionDef | None = None
    dialect: str | None = None


def find_sites(module: PythonModule) -> Iterator[Site]:
    """Every instruction site of ``module``, in no particular order."""
    for node, function in _nodes_in_functions(module.tree):
        if isinstance(node, ast.Call):
            for keyword in node.keywords:
                if keyword.arg in INSTRUCTION_FIELDS:
                    yield Site(keyword.value, keyword.arg, node.lineno, function)
            yield from _api_sites(node, module, function)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Attribute) and target.attr in INSTRUCTION_FIELDS and node.value:
                    yield Site(node.value, target.attr, node.lineno, function)


def _api_sites(call: ast.Call, module: PythonModule, function) -> Iterator[Site]:
    """The template argument of ``inject_session_state`` (any) or of this package's API."""
    api = _api_function(call.func, module)
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    template = call.args[0] if call.args else next((k.value for k in call.keywords if k.arg in ("text", "template")), None)
    if template is None or (api is None and name != _INJECT_FUNCTION):
        return
    dialect = None
    if api is not None:
        named = next((k.value for k in call.keywords if k.arg == "dialect"), None)
        literal = named.value if isinstance(named, ast.Constant) and isinstance(named.value, str) else None
        dialect = literal or (_API_FUNCTIONS[api] if named is None else None)
    yield Site(template, api or _INJECT_FUNCTION, call.lineno, function, dialect)


def _api_function(function: ast.expr, module: PythonModule) -> str | None:
    """Which of this package's template functions ``function`` names, if any."""
    names = module.api_names
    if isinstance(function, ast.Name):
        return names.get(function.id) or None
    if isinstance(function, ast.Attribute) and isinstance(function.value, ast.Name):
        if names.get(function.value.id) == "" and function.attr in _API_FUNCTIONS:
            return function.attr
    return None


def _nodes_in_functions(tree: ast.Module) -> Iterator[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    """Every node in source order, with the innermost function definition it is written in."""
    pending: list[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]] = [(tree, None)]
    while pending:
        node, function = pending.pop()
        yield node, function
        inner = node if isinstance(node, _FUNCTION_NODES) else function
        pending.extend((child, inner) for child in reversed(list(ast.iter_child_nodes(node))))


def _instruction(text: Evaluated, site: Site, suppressed: frozenset[str]) -> Instruction:
    end = text.offsets[-1] + 1 if text.offsets else 0
    return Instruction(
        text.source, text.text, (*text.offsets, end), site.field, text.holes,
        suppressed | text.suppressed, site.dialect,
    )  # fmt: skip


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


def _api_names(tree: ast.Module) -> dict[str, str]:
    """Names bound to this package's template functions, and aliases of the package (``""``)."""
    bound: dict[str, str] = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            if statement.module.split(".")[0] == _PACKAGE:
                for alias in statement.names:
                    if alias.name in _API_FUNCTIONS:
                        bound[alias.asname or alias.name] = alias.name
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.name == _PACKAGE:
                    bound[alias.asname or alias.name] = ""
    return bound

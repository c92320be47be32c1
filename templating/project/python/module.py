"""A parsed Python module, kept in the run's `templating.project.sources.SourceCache` (its
``python`` memo): its source and syntax tree, and what readers ask of it (``# noqa`` comments,
constants, functions, imports), each worked out when first asked for.
"""

from __future__ import annotations

import ast
import collections
import io
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from templating.project.encoding import python_text
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.noqa import NOQA, noqa_codes
from templating.project.python.modules import resolve_import
from templating.project.python.parsing import parse_python
from templating.project.python.syntax_tree import walk_module, walk_tree
from templating.project.sources import SourceCache

__all__ = ["API_FUNCTIONS", "LANGUAGE", "PACKAGE", "PythonModule", "load", "load_module", "python_modules"]

#: The name of the Python front end's memo in the `SourceCache`.
LANGUAGE = "python"
#: This package's functions whose first argument is a template, and the dialect they default to.
API_FUNCTIONS = {"compile_template": "adk", "inject_session_state": "adk"}
PACKAGE = "templating"
_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)


@dataclass(frozen=True)
class PythonModule:
    """A parsed module: its source and syntax tree; its ``# noqa`` comments, constants and
    imports are worked out when first asked for (most modules are never asked)."""

    path: Path
    source: SourceFile
    tree: ast.Module
    #: The resolved folder of the project (`SourceCache.project`): no file out of it is read
    #: to resolve an import (``None``: the module's own folder's parent chain is not judged).
    project: str | None = None

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
        if PACKAGE not in self.source.text:
            return {}  # the common case, without walking the tree
        return _api_names(self.tree)

    @cached_property
    def evaluated(self) -> dict[tuple[int, str, str | None], list[Instruction]]:
        """The instructions of each site evaluated so far, by expression node, field and
        dialect (see `find_call_instructions`)."""
        return {}

    @cached_property
    def with_targets(self) -> dict[int, dict[str, list[ast.expr]]]:
        """What each ``with EXPRESSION as NAME`` binds, per function (by ``id``; ``0`` for the
        module level, nested blocks included), filled in as each is first asked for."""
        return {}

    @cached_property
    def enclosing_functions(self) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
        """The innermost function definition around each call written in one, by ``id``."""
        return _enclosing_functions(self.tree)

    @cached_property
    def _walked(self) -> dict[ast.AST, Sequence[ast.AST]]:
        return {}

    def walk(self, node: ast.AST) -> Sequence[ast.AST]:
        """Every node under ``node`` (itself included), in ``ast.walk`` order, walked once per
        run: each reader of a function asks for its nodes, and a module of 100,000 functions
        must not be walked again by every reader."""
        if not self._walked:
            self._walked.update(walk_module(self.tree))  # the module and its statements at once
        walked = self._walked.get(node)
        if walked is None:
            walked = self._walked[node] = walk_tree(node)
        return walked

    @cached_property
    def imports(self) -> dict[str, tuple[Path, str | None]]:
        """Names bound by module-level imports that resolve to files of the same package."""
        return _imports(self.tree, self.path, self.project)


def python_modules(cache: SourceCache) -> dict[str, PythonModule | None]:
    """The modules parsed so far in the run of ``cache``, by resolved path (``None``: a module
    that could not be read or parsed)."""
    return cache.parsed(LANGUAGE)


def load(cache: SourceCache, path: Path) -> PythonModule | None:
    """The module at ``path``, parsed once per run; ``None`` if it cannot be read or parsed.
    The path is recorded in ``cache.looked_up``: the file being read depends on it."""
    key = cache.key(path)
    cache.looked_up.add(key)
    modules = python_modules(cache)
    if key not in modules:
        modules[key] = None
        try:
            text = cache.read_text(path, decode=python_text)  # a link out of the project is never opened
            load_module(path, text, cache.display(path), cache)
        except (OSError, UnicodeDecodeError, SyntaxError, ValueError, RecursionError, MemoryError):
            pass  # a sibling that cannot be read or parsed leaves its names unresolved
    return modules[key]


def load_module(path: Path, text: str, display: str, cache: SourceCache) -> PythonModule:
    """Parse ``text`` as the module at ``path``; raises ``SyntaxError`` for invalid code."""
    tree = _parse(text, display)
    module = PythonModule(path, SourceFile(display, text), tree, cache.project)
    python_modules(cache)[cache.key(path)] = module
    return module


#: The syntax trees of the last large texts parsed, by text and display name: the language
#: server reads an open buffer again for every keystroke in a file that imports it, and a 2 MB
#: module took half a second to parse each time. At most `_HELD` characters of text are
#: remembered (a tree costs some tens of bytes per character); trees are never changed once made.
_TREES: dict[tuple[str, str], ast.Module] = {}
_LARGE = 100_000
_HELD = 4_000_000


def _parse(text: str, display: str) -> ast.Module:
    if not _LARGE <= len(text) <= _HELD:
        return parse_python(text, display)
    tree = _TREES.get((text, display))
    if tree is None:
        tree = parse_python(text, display)
        while _TREES and sum(len(held) for held, _ in _TREES) + len(text) > _HELD:
            _TREES.pop(next(iter(_TREES)))
        _TREES[text, display] = tree
    return tree


def _enclosing_functions(tree: ast.Module) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
    """The innermost function definition around each call, by the call's ``id``."""
    found: dict[int, ast.FunctionDef | ast.AsyncFunctionDef] = {}
    pending: list[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]] = [(tree, None)]
    while pending:
        node, function = pending.pop()
        if function is not None and isinstance(node, ast.Call):
            found[id(node)] = function
        inner = node if isinstance(node, _FUNCTION_NODES) else function
        pending.extend((child, inner) for child in ast.iter_child_nodes(node))
    return found


def _noqa_comments(text: str) -> dict[int, frozenset[str]]:
    """The ``# noqa`` codes per line; the module is tokenized only if ``noqa`` occurs in it."""
    noqa: dict[int, frozenset[str]] = {}
    if NOQA.search(text) is None:
        return noqa
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type == tokenize.COMMENT and (match := NOQA.search(token.string)):
            noqa[token.start[0]] = noqa_codes(match)
    return noqa


def _constants(tree: ast.Module) -> dict[str, ast.expr]:
    """Module-level ``NAME = value`` assignments (the last one wins), those in a module-level
    ``with`` block too (``with open(PATH) as f: PROMPT = f.read()``)."""
    constants: dict[str, ast.expr] = {}
    statements = collections.deque(tree.body)
    while statements:
        statement = statements.popleft()
        if isinstance(statement, ast.With):
            statements.extendleft(reversed(statement.body))  # in source order, before what follows
            continue
        if isinstance(statement, ast.Assign):
            for target in statement.targets:
                if isinstance(target, ast.Name):
                    constants[target.id] = statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value and isinstance(statement.target, ast.Name):
            constants[statement.target.id] = statement.value
    return constants


def _imports(tree: ast.Module, path: Path, project: str | None) -> dict[str, tuple[Path, str | None]]:
    """Names bound by module-level imports that resolve to files of the same package."""
    bound: dict[str, tuple[Path, str | None]] = {}
    for statement in tree.body:
        if isinstance(statement, (ast.Import, ast.ImportFrom)):
            for alias in statement.names:
                target = resolve_import(path, statement, alias, project)
                if target is not None:
                    bound[alias.asname or alias.name.split(".")[0]] = target
    return bound


def _api_names(tree: ast.Module) -> dict[str, str]:
    """Names bound to this package's template functions, and aliases of the package (``""``)."""
    bound: dict[str, str] = {}
    for statement in ast.walk(tree):
        if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            if statement.module.split(".")[0] == PACKAGE:
                for alias in statement.names:
                    if alias.name in API_FUNCTIONS:
                        bound[alias.asname or alias.name] = alias.name
        elif isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.name == PACKAGE:
                    bound[alias.asname or alias.name] = ""
    return bound

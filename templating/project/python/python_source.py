"""Find the instructions in Python source, without importing or running it.

The module is parsed with `ast`; only the statements around the lines that name an
instruction field, ``inject_session_state`` or ``compile_template`` are visited, and comments
are tokenized only in a module that has a ``noqa`` in it. An instruction site is an expression passed as ``instruction=``,
``global_instruction=`` or ``static_instruction=`` to any call, assigned to such an
attribute (``agent.instruction = ...``), or passed as the first argument of
``inject_session_state`` or of this package's ``compile_template``. Each site's expression
is turned into text by `templating.project.python.evaluate` (literals, constants, sibling
modules, ``+``, ``.strip()``, ``.format()``, functions returning text, ...); a site that
yields no known text (an InstructionProvider, a value read at run time) is not an instruction.
"""

from __future__ import annotations

import ast
import bisect
import io
import os
import re
import tokenize
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from templating.project.encoding import read_source
from templating.project.model.instruction import Instruction, SourceFile
from templating.project.noqa import NOQA, noqa_codes
from templating.project.paths import real_path, relative
from templating.project.python.adk_vocabulary import INSTRUCTION_FIELDS, INSTRUCTION_HINT, POSITIONAL_INSTRUCTIONS
from templating.project.python.definitions import Namespace
from templating.project.python.evaluate import Evaluated, evaluate
from templating.project.python.modules import resolve_import
from templating.project.python.syntax_tree import called_name

__all__ = [
    "ModuleCache", "PythonModule", "Site", "find_call_instructions",
    "find_python_instructions", "find_sites", "load_module",
]  # fmt: skip

_INJECT_FUNCTION = "inject_session_state"
#: This package's functions whose first argument is a template, and the dialect they default to.
_API_FUNCTIONS = {"compile_template": "adk", _INJECT_FUNCTION: "adk"}
_PACKAGE = "templating"
_FUNCTION_NODES = (ast.FunctionDef, ast.AsyncFunctionDef)
# A module without `INSTRUCTION_HINT` (``instruction=``, ``inject_session_state``...) passes
# no instruction; in one with it only the statements around these lines are visited.
_HINT = re.compile(INSTRUCTION_HINT)


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
        if _PACKAGE not in self.source.text:
            return {}  # the common case, without walking the tree
        return _api_names(self.tree)

    @cached_property
    def evaluated(self) -> dict[tuple[int, str, str | None], list[Instruction]]:
        """The instructions of each site evaluated so far, by expression node, field and
        dialect (see `find_call_instructions`)."""
        return {}

    @cached_property
    def enclosing_functions(self) -> dict[int, ast.FunctionDef | ast.AsyncFunctionDef]:
        """The innermost function definition around each call written in one, by ``id``."""
        return _enclosing_functions(self.tree)

    @cached_property
    def imports(self) -> dict[str, tuple[Path, str | None]]:
        """Names bound by module-level imports that resolve to files of the same package."""
        return _imports(self.tree, self.path)


class ModuleCache:
    """Modules parsed so far in one run, by resolved path; paths display relative to ``root``
    (the working folder)."""

    def __init__(self, root: Path, buffers: Mapping[str, str] | None = None) -> None:
        self.root = os.path.realpath(root)
        #: An editor's unsaved texts by resolved path (line breaks read as ``\\n``): a module
        #: looked up through an import is read from its buffer when it has one.
        self.buffers: Mapping[str, str] = buffers or {}
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

    def load(self, path: Path) -> PythonModule | None:
        """The module at ``path``, parsed once; ``None`` if it cannot be read or parsed. The
        path is recorded in `looked_up`: the file being linted depends on it."""
        key = self.key(path)
        self.looked_up.add(key)
        if key not in self.modules:
            self.modules[key] = None
            try:
                text = self.buffers[key] if key in self.buffers else read_source(path)
                load_module(path, text, self.display(path), self)
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
    return _instructions(module, find_sites(module), cache)


def _instructions(module: PythonModule, sites: Iterable[Site], cache: ModuleCache) -> list[Instruction]:
    found: dict[tuple[str, tuple[int, ...]], Instruction] = {}
    for site in sites:
        for instruction in _site_instructions(module, site, cache):
            key = (instruction.source.path, instruction.offsets)
            if key not in found or found[key].dialect is None:
                found[key] = instruction
    return list(found.values())


def _site_instructions(module: PythonModule, site: Site, cache: ModuleCache) -> list[Instruction]:
    """The instructions of one site, evaluated once per module: the linter asks for every
    site, then the project model asks again for each agent's."""
    key = _memo_key(site)
    known = module.evaluated.get(key)
    if known is None:
        scope = Namespace(module, cache, site.function)
        suppressed = module.noqa.get(site.value.lineno, frozenset()) | module.noqa.get(site.line, frozenset())
        texts = evaluate(site.value, scope)
        known = module.evaluated[key] = [_instruction(text, site, suppressed) for text in texts if text.is_known]
    return known


def _memo_key(site: Site) -> tuple[int, str, str | None]:
    # One expression node is one site per field (the function around it follows from it).
    return id(site.value), site.field, site.dialect


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
    """Every instruction site of ``module``, in source order."""
    for node, function in _nodes_near_hints(module):
        yield from _node_sites(node, module, function)


def _node_sites(
    node: ast.AST, module: PythonModule, function: ast.FunctionDef | ast.AsyncFunctionDef | None
) -> Iterator[Site]:
    """The sites of one node: a call's instruction keywords and template argument, or an
    assignment to an instruction attribute."""
    if isinstance(node, ast.Call):
        for keyword in node.keywords:
            if keyword.arg in INSTRUCTION_FIELDS:
                yield _field_site(keyword.value, keyword.arg, node.lineno, module, function)
        positional = POSITIONAL_INSTRUCTIONS.get(called_name(node) or "")
        if positional is not None and node.args:
            yield _field_site(node.args[0], positional, node.lineno, module, function)
        yield from _api_sites(node, module, function)
    elif isinstance(node, (ast.Assign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            if isinstance(target, ast.Attribute) and target.attr in INSTRUCTION_FIELDS and node.value:
                yield Site(node.value, target.attr, node.lineno, function)


def _field_site(value: ast.expr, field: str, line: int, module: PythonModule, function) -> Site:
    """The site of an instruction field. A template this package compiles
    (``instruction=compile_template(TEXT, dialect="strict")``, or a module-level name bound to
    one) is a provider that renders itself: its text is read in the template's dialect."""
    compiled = module.constants.get(value.id) if isinstance(value, ast.Name) else value
    if isinstance(compiled, ast.Call) and _api_function(compiled.func, module) == "compile_template":
        template = next(_api_sites(compiled, module, function), None)
        if template is not None:
            return Site(template.value, field, line, function, template.dialect)
    return Site(value, field, line, function)


def find_call_instructions(module: PythonModule, call: ast.Call, cache: ModuleCache) -> list[Instruction]:
    """The instructions one call of ``module`` passes (the project model asks per agent),
    evaluated in the function the call is written in."""
    sites = list(_node_sites(call, module, None))
    if any(_memo_key(site) not in module.evaluated for site in sites):
        # Not evaluated by the linter yet: find the function around the call (a full walk).
        sites = list(_node_sites(call, module, module.enclosing_functions.get(id(call))))
    return _instructions(module, sites, cache)


def _api_sites(call: ast.Call, module: PythonModule, function) -> Iterator[Site]:
    """The template argument of ``inject_session_state`` (any) or of this package's API."""
    api = _api_function(call.func, module)
    name = call.func.id if isinstance(call.func, ast.Name) else getattr(call.func, "attr", None)
    template = (
        call.args[0] if call.args else next((k.value for k in call.keywords if k.arg in ("text", "template")), None)
    )
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
    if (
        isinstance(function, ast.Attribute)
        and isinstance(function.value, ast.Name)
        and names.get(function.value.id) == ""
        and function.attr in _API_FUNCTIONS
    ):
        return function.attr
    return None


def _nodes_near_hints(module: PythonModule) -> Iterator[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    """The nodes whose line range holds a line where `INSTRUCTION_HINT` matches, in source
    order, each with the innermost function definition it is written in: every site sits on
    such a line, so other subtrees are never visited. A module that renames this package's
    functions (``import compile_template as build``) is walked whole."""
    renamed = any(local != name for local, name in module.api_names.items() if name)
    lines = None if renamed else _hint_lines(module.source.text)
    pending: list[tuple[ast.AST, ast.FunctionDef | ast.AsyncFunctionDef | None]] = [(module.tree, None)]
    while pending:
        node, function = pending.pop()
        yield node, function
        inner = node if isinstance(node, _FUNCTION_NODES) else function
        for child in reversed(list(ast.iter_child_nodes(node))):
            if lines is None or _holds_a_line(child, lines):
                pending.append((child, inner))


def _hint_lines(text: str) -> list[int]:
    """The 1-based lines, in order, where `INSTRUCTION_HINT` matches."""
    lines, line, position = [], 1, 0
    for match in _HINT.finditer(text):
        line += text.count("\n", position, match.start())
        position = match.start()
        lines.append(line)
    return lines


def _holds_a_line(node: ast.AST, lines: list[int]) -> bool:
    start = getattr(node, "lineno", None)
    if start is None:
        return True  # a node without position (arguments, an operator) is walked into
    index = bisect.bisect_left(lines, start)
    return index < len(lines) and lines[index] <= (getattr(node, "end_lineno", None) or start)


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


def _instruction(text: Evaluated, site: Site, suppressed: frozenset[str]) -> Instruction:
    end = text.offsets[-1] + 1 if text.offsets else 0
    return Instruction(
        text.source, text.text, (*text.offsets, end), site.field, text.holes,
        suppressed | text.suppressed, site.dialect,
    )  # fmt: skip


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

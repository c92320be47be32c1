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
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from templating.project.model.instruction import Instruction
from templating.project.noqa import noqa_at
from templating.project.python.adk_vocabulary import INSTRUCTION_FIELDS, INSTRUCTION_HINT, POSITIONAL_INSTRUCTIONS
from templating.project.python.definitions import Namespace
from templating.project.python.evaluate import Evaluated, evaluate
from templating.project.python.module import API_FUNCTIONS, PythonModule, load_module
from templating.project.python.syntax_tree import FUNCTIONS, called_name
from templating.project.sources import SourceCache

# `PythonModule` and `load_module` live in `templating.project.python.module`; they are named here
# too for the readers that import them from this module.
__all__ = [
    "PythonModule", "Site", "find_call_instructions", "find_python_instructions", "find_sites", "load_module",
]  # fmt: skip

_INJECT_FUNCTION = "inject_session_state"
# A module without `INSTRUCTION_HINT` (``instruction=``, ``inject_session_state``...) passes
# no instruction; in one with it only the statements around these lines are visited.
_HINT = re.compile(INSTRUCTION_HINT)


def find_python_instructions(module: PythonModule, cache: SourceCache) -> list[Instruction]:
    """Every instruction ``module`` gives an agent, ADK's injection or this package's API.

    A text a site names a dialect for (``compile_template(TEXT, dialect="strict")``) is read
    in that dialect only, wherever else it is used.
    """
    return _instructions(module, find_sites(module), cache)


def _instructions(module: PythonModule, sites: Iterable[Site], cache: SourceCache) -> list[Instruction]:
    found: dict[tuple[str, Sequence[int]], Instruction] = {}
    for site in sites:
        for instruction in _site_instructions(module, site, cache):
            key = (instruction.source.path, instruction.offsets)
            if key not in found or found[key].dialect is None:
                found[key] = instruction
    return list(found.values())


def _site_instructions(module: PythonModule, site: Site, cache: SourceCache) -> list[Instruction]:
    """The instructions of one site, evaluated once per module: the linter asks for every
    site, then the project model asks again for each agent's."""
    key = _memo_key(site)
    known = module.evaluated.get(key)
    if known is None:
        scope = Namespace(module, cache, site.function)
        suppressed = noqa_at(module.noqa, site.value) | module.noqa.get(site.line, frozenset())
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


def find_call_instructions(module: PythonModule, call: ast.Call, cache: SourceCache) -> list[Instruction]:
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
        dialect = literal or (API_FUNCTIONS[api] if named is None else None)
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
        and function.attr in API_FUNCTIONS
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
        inner = node if isinstance(node, FUNCTIONS) else function
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


def _instruction(text: Evaluated, site: Site, suppressed: frozenset[str]) -> Instruction:
    end = text.offsets[-1] + 1 if text.offsets else 0
    offsets = range(text.offsets.start, end + 1) if isinstance(text.offsets, range) else (*text.offsets, end)
    return Instruction(
        text.source,
        text.text,
        offsets,
        site.field,
        text.holes,
        suppressed | text.suppressed,
        site.dialect,
        text.splices,
    )

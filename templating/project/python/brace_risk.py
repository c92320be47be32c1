"""Whether a value inserted into an instruction at run time can carry braces, and why.

ADK scans an instruction after Python has built it, so braces in an interpolated value
become placeholders. A literal without braces, a number, a date, an environment setting or
a file system path, a name bound to one of those, or a parameter of a module-private factory
that every call feeds such values cannot carry any (an environment setting
or a path could in theory, but reporting every `PROJECT_ID` buries the real cases); a function's result, ``json.dumps`` output,
a file's text or a parameter can. `brace_reason` says which, as the end of a sentence
("`json.dumps` writes braces for every object"), or ``None`` when the value is brace-free.
"""

from __future__ import annotations

import ast
import glob
import os
from contextvars import ContextVar
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, cast

from templating.project.python.call_sites import parameter_values
from templating.project.python.committed_files import RUN_TIME_PART, loose_path, read_call_path
from templating.project.python.definitions import find_definition, local_assignments
from templating.project.python.syntax_tree import dotted_name, own_nodes

if TYPE_CHECKING:
    from templating.project.python.definitions import Namespace

__all__ = ["brace_reason"]

# Builtins and methods whose result never holds a brace: numbers, dates, case changes of
# brace-free text are handled apart.
_BRACE_FREE_CALLS = frozenset({
    "len", "int", "float", "round", "abs", "bool", "ord", "hash", "id", "sum",
    "now", "today", "utcnow", "date", "datetime", "time", "strftime", "isoformat", "timestamp",
    "getenv", "os.getenv", "os.environ.get", "environ.get", "uuid4", "uuid1",
    # File system paths: a folder name with braces in it is not a hazard worth a warning.
    "os.path.dirname", "os.path.abspath", "os.path.realpath", "os.path.join", "os.path.basename",
    "os.getcwd", "resolve", "absolute",
})  # fmt: skip
# Calls that keep their first argument's braces (or lack of them).
_PASSING_CALLS = frozenset({
    "str", "repr", "format", "upper", "lower", "title", "capitalize", "strip", "lstrip", "rstrip",
    # Pieces of a text hold no brace the text does not.
    "split", "rsplit", "splitlines", "partition", "rpartition", "removeprefix", "removesuffix",
})  # fmt: skip
_FILE_CALLS = frozenset({"open", "read", "read_text", "readlines", "load", "safe_load", "json.load", "yaml.safe_load"})
_JSON_CALLS = frozenset({"dumps", "json.dumps", "model_dump_json", "to_json"})
_ENVIRONMENT = ("os.environ", "environ")
_MAX_DEPTH = 16
#: The locals being worked out, by function and name (see `_local_reason`).
_LOCALS_IN_PROGRESS: ContextVar[frozenset[tuple[int, str]]] = ContextVar("locals_in_progress", default=frozenset())
#: The run's memo of `brace_reason` in the `SourceCache`.
_MEMO = "python-brace-reasons"
_MAX_PARAMETER_DEPTH = 3  # calls of factories of factories: each level multiplies the call sites


def brace_reason(node: ast.expr, scope: Namespace, depth: int = 0) -> str | None:
    """Why the value of ``node`` can carry braces, or ``None`` if it statically cannot.

    Worked out once per run for each node, scope and depth: constants that each name the one
    before sixty times over four levels sent the walk down 13 million paths (35 s for one
    kilobyte of empty f-strings), where it needs one per constant."""
    memo = cast("dict[tuple, tuple[ast.expr, str | None]]", scope.cache.parsed(_MEMO))  # keyed by node, not path
    key = (id(node), id(scope.module), id(scope.function), id(scope.arguments), depth, _LOCALS_IN_PROGRESS.get())
    found = memo.get(key)
    if found is None or found[0] is not node:  # the node is held: its id is not another's
        found = memo[key] = (node, _brace_reason(node, scope, depth))
    return found[1]


def _brace_reason(node: ast.expr, scope: Namespace, depth: int) -> str | None:
    if depth > _MAX_DEPTH:
        return _runtime(node)
    if isinstance(node, ast.Constant):
        if isinstance(node.value, str) and ("{" in node.value or "}" in node.value):
            return f"its text `{_quote(node.value)}` has braces"
        return None
    if isinstance(node, ast.IfExp):
        return brace_reason(node.body, scope, depth + 1) or brace_reason(node.orelse, scope, depth + 1)
    if isinstance(node, ast.BinOp):
        return brace_reason(node.left, scope, depth + 1) or brace_reason(node.right, scope, depth + 1)
    if isinstance(node, ast.JoinedStr):
        return next(filter(None, (_part_reason(part, scope, depth) for part in node.values)), None)
    if isinstance(node, (ast.Name, ast.Attribute)):
        return _name_reason(node, scope, depth)
    if isinstance(node, ast.Subscript) and dotted_name(node.value) in _ENVIRONMENT:
        return None
    if isinstance(node, ast.Subscript):
        # A character, a slice or a piece (`text.split("---")[2]`) of a brace-free text.
        return None if brace_reason(node.value, scope, depth + 1) is None else _runtime(node)
    if isinstance(node, ast.Call):
        return _call_reason(node, scope, depth)
    return _runtime(node)


def _part_reason(part: ast.expr, scope: Namespace, depth: int) -> str | None:
    if isinstance(part, ast.FormattedValue):
        return brace_reason(part.value, scope, depth + 1)
    return brace_reason(part, scope, depth + 1)


def _name_reason(node: ast.Name | ast.Attribute, scope: Namespace, depth: int) -> str | None:
    definition = find_definition(node, scope)
    if definition is None and isinstance(node, ast.Name) and scope.function is not None:
        # A local bound in several branches (`if a: x = "p" else: x = "q"`) is brace-free
        # when every value it can take is.
        values = local_assignments(scope.function).get(node.id, [])
        if values and all(isinstance(value, ast.expr) for value in values):
            return _local_reason(node.id, values, scope, depth)  # type: ignore[arg-type]
    if definition is None and isinstance(node, ast.Name) and scope.function is not None:
        return _parameter_reason(node, scope.function, scope, depth)
    if definition is None:
        return _runtime(node)
    value, owner = definition
    if isinstance(value, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None  # a function object prints as `<function name at 0x...>`
    return brace_reason(value, owner, depth + 1)  # type: ignore[arg-type]


def _local_reason(name: str, values: list[ast.expr], scope: Namespace, depth: int) -> str | None:
    """Why a local bound to ``values`` can carry braces. A value built from the local itself
    (``text = text.split("---")[2]``) adds no brace its other values do not hold, so the local
    counts as brace-free where it feeds itself."""
    key = (id(scope.function), name)
    busy = _LOCALS_IN_PROGRESS.get()
    if key in busy:
        return None
    token = _LOCALS_IN_PROGRESS.set(busy | {key})
    try:
        return next(filter(None, (brace_reason(value, scope, depth + 1) for value in values)), None)
    finally:
        _LOCALS_IN_PROGRESS.reset(token)


def _parameter_reason(
    node: ast.Name, function: ast.FunctionDef | ast.AsyncFunctionDef, scope: Namespace, depth: int
) -> str | None:
    """A parameter of a module-private factory is brace-free when every call passes a
    brace-free value (`call_sites.parameter_values`); followed a few calls deep only."""
    values = None
    if depth < _MAX_PARAMETER_DEPTH and not local_assignments(function).get(node.id):
        values = parameter_values(function, node.id, scope)
    if values is None:
        return _runtime(node)
    return next(filter(None, (brace_reason(value, where, depth + 1) for value, where in values)), None)


def _call_reason(node: ast.Call, scope: Namespace, depth: int) -> str | None:
    name = dotted_name(node.func)
    last = name.rsplit(".", 1)[-1]
    if name in _BRACE_FREE_CALLS or last in _BRACE_FREE_CALLS:
        return None
    if name in _JSON_CALLS or last in _JSON_CALLS:
        return f"`{last}` writes braces for every object"
    if read_call_path(node, scope) is not None:
        return None  # a file of the project, next to the module: its braces are the instruction's own
    if last == "read" and isinstance(node.func, ast.Attribute) and _opened_committed(node.func.value, scope):
        return None
    if last == "read_text" and isinstance(node.func, ast.Attribute) and _committed_file(node.func.value, scope):
        return None  # one of the project's files beside the module, named in part at run time
    if name in _FILE_CALLS or last in _FILE_CALLS:
        return "it is read from a file or stream, which can hold any text"
    if last in _PASSING_CALLS:
        receiver = node.func.value if isinstance(node.func, ast.Attribute) else None  # `input().strip()` too
        subject = receiver if receiver is not None else (node.args[0] if node.args else None)
        return brace_reason(subject, scope, depth + 1) if subject is not None else None
    if isinstance(node.func, ast.Name) and _returns_brace_free(node.func, scope, depth):
        return None
    return f"`{shorten(ast.unparse(node.func))}(...)` returns a value known only at run time"


def _returns_brace_free(name: ast.Name, scope: Namespace, depth: int) -> bool:
    """Whether ``name`` is a function of the project whose every return is brace-free (a
    helper that reads a prompt file beside its module, ``_prompt("planner")``)."""
    definition = find_definition(name, scope)
    function = definition[0] if definition is not None else None
    if definition is None or not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return False
    owner = definition[1]
    nodes = list(own_nodes(function))
    returns = [n for n in nodes if isinstance(n, ast.Return)]
    if not returns or any(isinstance(n, (ast.Yield, ast.YieldFrom)) for n in nodes):
        return False
    inside = replace(owner, function=function)
    return all(r.value is not None and brace_reason(r.value, inside, depth + 1) is None for r in returns)


def _opened_committed(node: ast.expr, scope: Namespace) -> bool:
    """Whether ``node`` is the name a ``with open(path) as name:`` of the function around it
    binds, ``path`` a file beside the module."""
    if not isinstance(node, ast.Name) or scope.function is None:
        return False
    items = [item for n in own_nodes(scope.function) if isinstance(n, (ast.With, ast.AsyncWith)) for item in n.items]
    opened = [item.context_expr for item in items
              if isinstance(item.optional_vars, ast.Name) and item.optional_vars.id == node.id]  # fmt: skip
    return len(opened) == 1 and _is_open_of_committed(opened[0], scope)


def _is_open_of_committed(call: ast.expr, scope: Namespace) -> bool:
    return (isinstance(call, ast.Call) and dotted_name(call.func) == "open" and bool(call.args)
            and _committed_file(call.args[0], scope))  # fmt: skip


def _committed_file(node: ast.expr, scope: Namespace) -> bool:
    """Whether ``node`` is a path to a file of the project, beside the module
    (`committed_files.loose_path`); a part known only at run time (``f"{name}.md"``,
    ``skills / name / "SKILL.md"``) names one of the files that match it, if there are some."""
    path = loose_path(node, scope)
    if path is None:
        return False
    parts = Path(path).parts
    first = next((index for index, part in enumerate(parts) if RUN_TIME_PART in part), len(parts))
    folder, pattern = Path(*parts[:first]), "/".join(_glob_part(part) for part in parts[first:])
    project = os.path.join(scope.cache.project, "")
    matches = folder.glob(pattern) if pattern else [folder]
    return any(os.path.realpath(match).startswith(project) and match.is_file() for match in matches)


def _glob_part(part: str) -> str:
    """A part of a path as a glob pattern: what is known only at run time matches anything."""
    return "*".join(glob.escape(piece) for piece in part.split(RUN_TIME_PART))


def _runtime(node: ast.expr) -> str:
    return f"`{shorten(ast.unparse(node))}` is only known at run time"


def _quote(text: str) -> str:
    return shorten(text)


def shorten(text: str) -> str:
    """``text`` on one line and cut to a few dozen characters, for a message."""
    text = text if len(text) <= 40 else text[:37] + "..."
    return text.replace("\n", "\\n")

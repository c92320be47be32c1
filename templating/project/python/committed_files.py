"""Instructions read from files committed beside the code, read as the instruction they are.

ADK agents often keep their instruction in a Markdown file next to the module and read it
when the module is imported: ``(Path(__file__).parent / "instructions" / "root.md").read_text()``,
``open(os.path.join(os.path.dirname(__file__), "root.md")).read()``, ``with open(...) as f``,
``importlib.resources.files(__package__).joinpath("root.md").read_text()``. The path is known
without running anything when it is built from ``__file__`` (or the package) and constant
parts; `committed_path` works it out, and `committed_text` reads the file, so that the
instruction's text is the file's, each character at its place in that file.

A path is followed only inside the project (the resolved file, symbolic links followed, must
lie under `SourceCache.project`), only to a regular file of at most `MAX_COMMITTED_BYTES`,
and only when it decodes as UTF-8: anything else is a value known at run time, as before.
"""

from __future__ import annotations

import ast
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.model.instruction import SourceFile
from templating.project.python.definitions import find_definition
from templating.project.python.syntax_tree import dotted_name, own_nodes

if TYPE_CHECKING:
    from templating.project.python.definitions import Namespace
    from templating.project.sources import SourceCache

__all__ = [
    "MAX_COMMITTED_BYTES", "RUN_TIME_PART", "bound_arguments", "committed_path", "committed_text", "loose_path",
    "read_call_path", "text_mode_characters",
]  # fmt: skip

#: The largest instruction file read, in bytes (the linter checks instructions of at most a
#: million characters).
MAX_COMMITTED_BYTES = 4 * 1024 * 1024
_MAX_DEPTH = 12
#: A part of a `loose_path` known only at run time.
RUN_TIME_PART = "\0"
_Part = Callable[[ast.expr, "Namespace"], str | None]
# The memo of `SourceCache.parsed` the files read are kept in.
_LANGUAGE = "committed-files"
_PATH_TYPES = frozenset({"Path", "pathlib.Path", "PurePath", "pathlib.PurePath"})
_RESOLVING = frozenset({"resolve", "absolute", "expanduser"})
_PATH_FUNCTIONS = frozenset({"os.path.abspath", "os.path.realpath", "os.path.normpath", "abspath", "realpath"})
_DIRNAME = frozenset({"os.path.dirname", "dirname"})
_FILES = frozenset({"files", "resources.files", "importlib.resources.files", "importlib_resources.files"})
_OPEN = frozenset({"open", "io.open"})
_UTF8 = frozenset({"utf-8", "utf8"})


def read_call_path(call: ast.Call, scope: Namespace) -> Path | None:
    """The committed file a call reads whole as text, or ``None``: ``P.read_text()``,
    ``open(P).read()``, ``P.open().read()``, ``f.read()`` for ``with open(P) as f``."""
    function = call.func
    if not isinstance(function, ast.Attribute):
        return None
    if function.attr == "read_text" and _reads_utf8(call, positional=1):
        return committed_path(function.value, scope)
    if function.attr != "read" or call.args or call.keywords:
        return None
    opened = function.value
    if isinstance(opened, ast.Name):
        opened = _with_target(opened.id, scope)  # type: ignore[assignment]
    return _opened_path(opened, scope) if isinstance(opened, ast.Call) else None


def _reads_utf8(call: ast.Call, positional: int) -> bool:
    """Whether a call that opens or reads text decodes UTF-8 with universal newlines: no
    other encoding named, no ``newline=`` (``positional``: where the encoding may be given
    without its keyword)."""
    encodings = [k.value for k in call.keywords if k.arg == "encoding"] + call.args[positional - 1 : positional]
    if len(call.args) > positional or any(k.arg not in ("encoding", "errors", "mode") for k in call.keywords):
        return False
    return all(isinstance(e, ast.Constant) and str(e.value).lower().replace("_", "-") in _UTF8 for e in encodings)


def _opened_path(call: ast.Call, scope: Namespace) -> Path | None:
    """The file ``open(P)`` or ``P.open()`` opens for reading text, or ``None``."""
    name = dotted_name(call.func)
    if name in _OPEN and call.args and _text_mode(call, call.args[1:2]) and _reads_utf8(call, positional=4):
        return committed_path(call.args[0], scope)
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr == "open" and _text_mode(call, call.args[:1]):
        return committed_path(function.value, scope) if _reads_utf8(call, positional=3) else None
    return None


def _text_mode(call: ast.Call, positional: list[ast.expr]) -> bool:
    """Whether ``open``'s mode (given as ``positional`` or ``mode=``) reads text."""
    modes = [k.value for k in call.keywords if k.arg == "mode"] + positional
    return all(isinstance(m, ast.Constant) and m.value in ("r", "rt", "tr") for m in modes)


def _with_target(name: str, scope: Namespace) -> ast.expr | None:
    """What ``with EXPRESSION as name`` binds ``name`` to, when that is its only binding in
    the function (or at module level) around the read: each body is walked once."""
    function = scope.function
    memo = scope.module.with_targets
    key = id(function) if function is not None else 0
    if key not in memo:
        nodes = own_nodes(function) if function is not None else ast.walk(scope.module.tree)
        bound: dict[str, list[ast.expr]] = {}
        for node in nodes:
            if isinstance(node, ast.With):
                for item in node.items:
                    if isinstance(item.optional_vars, ast.Name):
                        bound.setdefault(item.optional_vars.id, []).append(item.context_expr)
        memo[key] = bound
    found = memo[key].get(name, [])
    return found[0] if len(found) == 1 else None


def committed_path(node: ast.expr, scope: Namespace) -> Path | None:
    """The project file ``node`` names, built from ``__file__`` or the package and constant
    parts, when it exists and lies inside the project; else ``None``."""
    path = _path(node, scope, 0, _constant)
    if path is None:
        return None
    real = os.path.realpath(path)
    project = os.path.join(scope.cache.project, "")
    return Path(path) if real.startswith(project) and os.path.isfile(real) else None


def loose_path(node: ast.expr, scope: Namespace) -> str | None:
    """The path ``node`` stands for as `committed_path` works it out, but with each part known
    only at run time (a name, or an f-string's value) written `RUN_TIME_PART`: for
    ``skills / name / "SKILL.md"``, ``<folder>/skills/\\0/SKILL.md``. Nothing is checked on disk."""
    return _path(node, scope, 0, _loose_part)


def committed_text(path: Path, scope: Namespace) -> SourceFile | None:
    """The text of the committed file ``path`` (an editor's unsaved buffer when there is
    one), as a `SourceFile` shown as findings show paths; ``None`` when it cannot be read."""
    cache = scope.cache
    key = cache.key(path)
    cache.looked_up.add(key)  # the instruction depends on the file: editing it relints the module
    read = cache.parsed(_LANGUAGE)  # once per run, however many agents read it
    if key not in read:
        read[key] = _read(path, cache)
    return read[key]


def _read(path: Path, cache: SourceCache) -> SourceFile | None:
    try:  # as Python's text mode reads it: line breaks are read by `text_mode_characters`
        text = cache.read_text(path, MAX_COMMITTED_BYTES, decode=lambda data: data.decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return None
    return SourceFile(cache.display(path), text)


def text_mode_characters(text: str) -> list[tuple[str, int]]:
    """Each character Python's text mode reads from ``text`` with its offset in it: ``\\r\\n``
    and a lone ``\\r`` are read as ``\\n`` (universal newlines)."""
    if "\r" not in text:
        return list(zip(text, range(len(text))))
    return [
        ("\n" if character == "\r" else character, offset) for offset, character in enumerate(text)
        if character != "\r" or not text.startswith("\n", offset + 1)  # a `\r\n` pair is its `\n`
    ]  # fmt: skip


def _path(node: ast.expr, scope: Namespace, depth: int, part: _Part) -> str | None:
    """The path ``node`` stands for; ``part`` reads a part added to it (`_constant`, or
    `_loose_part` for `loose_path`)."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(node, ast.Name):
        if node.id == "__file__":
            return os.fspath(scope.module.path)
        argument = _argument(node.id, scope)
        if argument is not None:
            return _path(argument[0], argument[1], depth + 1, part)
        definition = find_definition(node, scope)
        if definition is not None and isinstance(definition[0], ast.expr):
            return _path(definition[0], definition[1], depth + 1, part)
        return None
    if isinstance(node, ast.Attribute) and node.attr == "parent":
        inner = _path(node.value, scope, depth + 1, part)
        return os.path.dirname(inner) if inner is not None else None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Attribute) and node.value.attr == "parents":
        inner = _path(node.value.value, scope, depth + 1, part)  # `P.parents[1]`: `P.parent.parent`
        level = node.slice.value if isinstance(node.slice, ast.Constant) else None
        if inner is None or type(level) is not int or not 0 <= level < 32:
            return None
        for _ in range(level + 1):
            inner = os.path.dirname(inner)
        return inner
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        inner, last = _path(node.left, scope, depth + 1, part), part(node.right, scope)
        return os.path.join(inner, last) if inner is not None and last is not None else None
    if isinstance(node, ast.Call):
        return _call_path(node, scope, depth, part)
    return None


def _call_path(node: ast.Call, scope: Namespace, depth: int, part: _Part) -> str | None:
    name = dotted_name(node.func)
    arguments = node.args
    if node.keywords:
        return None
    if name in _PATH_TYPES or name in _PATH_FUNCTIONS:
        return _path(arguments[0], scope, depth + 1, part) if len(arguments) == 1 else None
    if name in _DIRNAME and len(arguments) == 1:
        inner = _path(arguments[0], scope, depth + 1, part)
        return os.path.dirname(inner) if inner is not None else None
    if name in _FILES and len(arguments) == 1:
        return _package_folder(arguments[0], scope)
    if isinstance(node.func, ast.Attribute) and node.func.attr in _RESOLVING and not arguments:
        return _path(node.func.value, scope, depth + 1, part)
    if isinstance(node.func, ast.Attribute) and node.func.attr == "with_name" and len(arguments) == 1:
        inner, renamed = _path(node.func.value, scope, depth + 1, part), _constant(arguments[0], scope)
        return os.path.join(os.path.dirname(inner), renamed) if inner is not None and renamed is not None else None
    return _joined(node, name, scope, depth, part)


def _joined(node: ast.Call, name: str, scope: Namespace, depth: int, part: _Part) -> str | None:
    """``os.path.join(P, "a", "b")`` or ``P.joinpath("a", "b")``."""
    if name == "os.path.join" or (name == "join" and isinstance(node.func, ast.Name)):
        first, rest = (node.args[0], node.args[1:]) if node.args else (None, [])
    elif isinstance(node.func, ast.Attribute) and node.func.attr == "joinpath":
        first, rest = node.func.value, node.args
    else:
        return None
    inner = _path(first, scope, depth + 1, part) if first is not None else None
    parts = [part(element, scope) for element in rest]
    if inner is None or any(element is None for element in parts):
        return None
    return os.path.join(inner, *parts)  # type: ignore[arg-type]


def _package_folder(anchor: ast.expr, scope: Namespace) -> str | None:
    """The folder ``importlib.resources.files(anchor)`` stands for: the module's package for
    ``__package__`` (and for ``__name__`` in a package's ``__init__.py``)."""
    module_path = scope.module.path
    if not isinstance(anchor, ast.Name):
        return None
    if anchor.id == "__package__" or (anchor.id == "__name__" and module_path.name == "__init__.py"):
        return os.fspath(module_path.parent)
    return None


def bound_arguments(
    function: ast.FunctionDef | ast.AsyncFunctionDef, call: ast.Call, caller: Namespace
) -> tuple[tuple[str, ast.expr, Namespace], ...]:
    """What ``call`` (written in ``caller``) passes for each parameter of ``function`` it
    names plainly: ``load("root.md")`` binds ``name`` for ``def load(name)``. A call with
    ``*args`` or ``**kwargs`` binds nothing."""
    if any(isinstance(a, ast.Starred) for a in call.args) or any(k.arg is None for k in call.keywords):
        return ()
    positional = [*function.args.posonlyargs, *function.args.args]
    if isinstance(call.func, ast.Attribute) and positional and positional[0].arg in ("self", "cls"):
        positional = positional[1:]  # a method called on its object or class
    bound = [(parameter.arg, value, caller) for parameter, value in zip(positional, call.args)]
    names = {parameter.arg for parameter in (*positional, *function.args.kwonlyargs)}
    bound += [(k.arg, k.value, caller) for k in call.keywords if k.arg is not None and k.arg in names]
    return tuple(bound)


def _argument(name: str, scope: Namespace) -> tuple[ast.expr, Namespace] | None:
    """The argument the call being evaluated passes for parameter ``name``, when the name is
    not rebound in the function."""
    for parameter, value, caller in scope.arguments:
        if parameter == name and scope.function is not None and not _is_rebound(name, scope.function):
            return value, caller
    return None


def _is_rebound(name: str, function: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(
        isinstance(node, ast.Name) and node.id == name and isinstance(node.ctx, ast.Store)
        for node in own_nodes(function)
    )


def _loose_part(node: ast.expr, scope: Namespace) -> str | None:
    """A path part: its constant text, with `RUN_TIME_PART` for what a name or an f-string's
    value gives at run time."""
    if isinstance(node, ast.JoinedStr):
        parts = [_loose_part(v.value, scope) if isinstance(v, ast.FormattedValue) else _constant(v, scope)
                 for v in node.values]  # fmt: skip
        return "".join(parts) if all(p is not None for p in parts) else None  # type: ignore[arg-type]
    constant = _constant(node, scope)
    return RUN_TIME_PART if constant is None and isinstance(node, ast.Name) else constant


def _constant(node: ast.expr, scope: Namespace) -> str | None:
    """A path part written as a constant, or a name bound to one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):  # f"{name}.md", every value a constant
        parts = [_constant(v.value if isinstance(v, ast.FormattedValue) else v, scope) for v in node.values]
        plain = all(
            not isinstance(v, ast.FormattedValue) or (v.conversion == -1 and not v.format_spec) for v in node.values
        )
        return "".join(parts) if plain and all(p is not None for p in parts) else None  # type: ignore[arg-type]
    if isinstance(node, ast.Name) and (argument := _argument(node.id, scope)) is not None:
        return _constant(*argument) if argument[1] is not scope else None
    if isinstance(node, ast.Name):
        definition = find_definition(node, scope)
        if definition is not None and isinstance(definition[0], ast.Constant):
            value = definition[0].value
            return value if isinstance(value, str) else None
    return None

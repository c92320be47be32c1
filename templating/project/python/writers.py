"""Find the code that writes session state in a Python module, without running it.

A write goes through the ``state`` of a context parameter (a ``ToolContext``,
``CallbackContext`` or ``Context`` by annotation, else a parameter named ``tool_context``,
``callback_context``, ``ctx`` or ``context``): ``p.state[k] = v``, ``p.state.update({...})``,
``p.state.setdefault(k, v)``, ``p.actions.state_delta[k] = v`` and, in a custom agent,
``ctx.session.state[k] = v``. ``EventActions(state_delta={...})`` and the initial state of
``create_session(state={...})`` / ``Session(state={...})`` are writers wherever they are. A
key that is not a string literal, nor a constant the caller's ``key_of`` reads as one
(`templating.project.python.constant_keys`), makes an *unknown writer* (``key=None``). A write to the
``state`` of a session returned by ``get_session``/``create_session`` is reported apart
(rule TPL016): it bypasses events.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable, Iterator, Mapping

from templating.project.model.facts import SessionWrite, Writer
from templating.project.model.writes import is_shared, seeds_any_key
from templating.project.python.adk_vocabulary import (
    CONTEXT_NAMES,
    CONTEXT_TYPES,
    SESSION_FACTORIES,
    WriterVia,
)
from templating.project.python.module import PythonModule
from templating.project.python.syntax_tree import called_name, own_nodes

__all__ = [
    "context_parameters", "find_context_session_writes", "find_initial_writers", "find_session_writes",
    "find_state_writes", "is_shared", "seeds_any_key",
]  # fmt: skip

_WRITING_METHODS = ("update", "setdefault")
# Functions that only read a mapping handed to them: passing the state to them writes nothing.
_READING_FUNCTIONS = frozenset({
    "print", "len", "str", "repr", "dict", "list", "sorted", "dumps", "debug", "info", "warning", "error",
    "exception", "deepcopy", "copy", "isinstance", "format", "get", "items", "keys", "values", "to_dict",
})  # fmt: skip
# The call, the argument that holds a state dict, and the kind of writer it makes: an event's
# delta is written when the event is; a seed is there before the first node runs.
_INITIAL_FIELDS: dict[str, tuple[str, WriterVia]] = {
    "EventActions": ("state_delta", "state_delta"), "Event": ("state", "state_delta"),
    "create_session": ("state", "initial"), "Session": ("state", "initial"), "run_async": ("state_delta", "initial"),
}  # fmt: skip


def context_parameters(function: ast.FunctionDef | ast.AsyncFunctionDef) -> dict[str, WriterVia]:
    """The parameters that hold an ADK context, each with the role it suggests (tool/callback)."""
    found: dict[str, WriterVia] = {}
    arguments = function.args
    for argument in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
        annotation = ast.unparse(argument.annotation) if argument.annotation is not None else ""
        if any(name in annotation for name in CONTEXT_TYPES):
            found[argument.arg] = "callback" if "Callback" in annotation else "tool"
        elif not annotation and argument.arg in CONTEXT_NAMES:
            found[argument.arg] = CONTEXT_NAMES[argument.arg]
    return found


KeyOf = Callable[[ast.expr], "str | None"]


def find_state_writes(
    module: PythonModule,
    function: ast.AST,
    parameters: dict[str, WriterVia],
    via: WriterVia,
    key_of: KeyOf | None = None,
) -> list[Writer]:
    """The state writes in ``function`` through the context ``parameters`` (``key_of`` reads a
    key that is not a literal: a constant naming it)."""
    aliases = _state_aliases(module.walk(function), parameters)
    name = getattr(function, "name", None)
    writers: list[Writer] = []
    for node in module.walk(function):
        position = (module.source.path, getattr(node, "lineno", 0), getattr(node, "col_offset", 0) + 1)
        for target, keys in _written(node, key_of):
            if _is_context_state(target, parameters, aliases):
                writers.extend(_writer(key, via, position, name) for key in keys)
        if _passes_state(node, parameters, aliases):
            writers.append(Writer(None, via, *position, name))  # a helper may write any key into it
    return writers


def _passes_state(node: ast.AST, parameters: Mapping[str, str], aliases: set[str]) -> bool:
    """Whether ``node`` hands a context's state to a function that may write into it."""
    if not isinstance(node, ast.Call) or called_name(node) in _READING_FUNCTIONS:
        return False
    values = [*node.args, *(k.value for k in node.keywords)]
    return any(_is_context_state(value, parameters, aliases) for value in values)


def find_initial_writers(
    module: PythonModule,
    nodes: Iterable[ast.AST],
    only: WriterVia | None = None,
    function: str | None = None,
    key_of: KeyOf | None = None,
) -> list[Writer]:
    """``EventActions(state_delta=...)`` and ``create_session(state=...)`` writers among
    ``nodes``: those ``only`` (``initial`` or ``state_delta``) if given, written by
    ``function`` if given."""
    writers = []
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        called = called_name(node) or ""
        if called not in _INITIAL_FIELDS:
            continue
        field, via = _INITIAL_FIELDS[called]
        if only is not None and via != only:
            continue
        value = next((k.value for k in node.keywords if k.arg == field), None)
        if value is None:
            continue
        for key in _dict_keys(_constant_value(module, value), key_of):
            if called == "create_session" and key is not None and key.startswith("temp:"):
                continue  # ADK drops `temp:` keys from a new session's state
            writers.append(Writer(key, via, module.source.path, node.lineno, node.col_offset + 1, function))
    return writers


def find_session_writes(module: PythonModule) -> list[SessionWrite]:
    """Writes to ``.state`` of a session obtained from a session service (TPL016)."""
    found: list[SessionWrite] = []
    for scope in module.walk(module.tree):
        if not isinstance(scope, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        sessions = _session_variables(scope)
        if not sessions:
            continue
        for node in own_nodes(scope):
            for target, keys in _written(node):
                if isinstance(target, ast.Attribute) and target.attr == "state" and _name(target.value) in sessions:
                    found.extend(_session_write(module, node, key) for key in keys)
    return found


def find_context_session_writes(
    module: PythonModule, function: ast.FunctionDef | ast.AsyncFunctionDef
) -> list[SessionWrite]:
    """Writes to ``ctx.session.state`` through a context parameter of ``function`` (TPL016):
    seen for the rest of the invocation, lost afterwards."""
    parameters = context_parameters(function)
    found: list[SessionWrite] = []
    for node in module.walk(function):
        for target, keys in _written(node):
            owner = target.value if isinstance(target, ast.Attribute) and target.attr == "state" else None
            if isinstance(owner, ast.Attribute) and owner.attr == "session" and _name(owner.value) in parameters:
                found.extend(_session_write(module, node, key) for key in keys)
    return found


def _session_write(module: PythonModule, node: ast.AST, key: str | None) -> SessionWrite:
    line: int = node.lineno  # type: ignore[attr-defined]
    source_line = module.source.line_text(line)
    end = node.end_col_offset if node.end_lineno == line else len(source_line)  # type: ignore[attr-defined]
    suppressed = module.noqa.get(line, frozenset())
    column = node.col_offset + 1  # type: ignore[attr-defined]
    return SessionWrite(key, module.source.path, line, column, end + 1, source_line, suppressed)


def _session_variables(scope: ast.AST) -> set[str]:
    names: set[str] = set()
    for node in own_nodes(scope):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            value = node.value.value if isinstance(node.value, ast.Await) else node.value
            if isinstance(value, ast.Call) and called_name(value) in SESSION_FACTORIES:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names.update(t.id for t in targets if isinstance(t, ast.Name))
    return names


def _written(node: ast.AST, key_of: KeyOf | None = None) -> Iterator[tuple[ast.expr, list[str | None]]]:
    """What ``node`` writes into: the mapping expression and the keys (``None``: unknown)."""
    if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
        targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            for element in target.elts if isinstance(target, ast.Tuple) else [target]:
                if isinstance(element, ast.Subscript):
                    yield element.value, [_key(element.slice, key_of)]
    elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in _WRITING_METHODS:
        if node.func.attr == "setdefault":
            yield node.func.value, [_key(node.args[0], key_of) if node.args else None]
        else:
            yield node.func.value, _update_keys(node, key_of)


def _update_keys(call: ast.Call, key_of: KeyOf | None) -> list[str | None]:
    keys: list[str | None] = [k.arg for k in call.keywords]  # `**other` has arg None: unknown
    for argument in call.args:
        keys.extend(_dict_keys(argument, key_of))
    return keys


def _key(node: ast.expr, key_of: KeyOf | None) -> str | None:
    """A literal key (or an f-string's `_Prefix`), else the constant ``key_of`` reads."""
    literal = _literal_key(node)
    if literal is None and key_of is not None and isinstance(node, (ast.Name, ast.Attribute)):
        return key_of(node)
    return literal


def _dict_keys(value: ast.expr | None, key_of: KeyOf | None = None) -> list[str | None]:
    if isinstance(value, ast.Dict):
        return [_key(key, key_of) if key is not None else None for key in value.keys]
    if isinstance(value, ast.Call) and called_name(value) == "dict" and not value.args:
        return [k.arg for k in value.keywords]
    return [None]


class _Prefix(str):
    """The constant start of an f-string key: the key is one that starts with it."""


def _writer(key: str | None, via: WriterVia, position: tuple[str, int, int], name: str | None) -> Writer:
    if isinstance(key, _Prefix):
        return Writer(None, via, *position, name, prefix=str(key))
    return Writer(key, via, *position, name)


def _literal_key(node: ast.expr) -> str | None:
    """A string key, a `_Prefix` for an f-string that starts with constant text, else ``None``."""
    if isinstance(node, ast.JoinedStr) and node.values:
        first = node.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            return _Prefix(first.value)
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def _constant_value(module: PythonModule, value: ast.expr) -> ast.expr:
    """A module constant's value for a bare name (``state=INITIAL_STATE``)."""
    if isinstance(value, ast.Name) and value.id in module.constants:
        return module.constants[value.id]
    return value


def _state_aliases(nodes: Iterable[ast.AST], parameters: Mapping[str, str]) -> set[str]:
    """Local names bound to a context's state among a function's ``nodes``: ``state =
    tool_context.state``."""
    aliases: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Assign) and _is_context_state(node.value, parameters, set()):
            aliases.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return aliases


def _is_context_state(node: ast.expr, parameters: Mapping[str, str], aliases: set[str]) -> bool:
    """``p.state``, ``p.session.state``, ``p.actions.state_delta`` or an alias of one."""
    if isinstance(node, ast.Name):
        return node.id in aliases
    if not isinstance(node, ast.Attribute) or node.attr not in ("state", "state_delta"):
        return False
    owner = node.value
    if isinstance(owner, ast.Attribute) and owner.attr in ("session", "actions"):
        owner = owner.value
    return isinstance(owner, ast.Name) and owner.id in parameters


def _name(node: ast.expr) -> str | None:
    return node.id if isinstance(node, ast.Name) else None

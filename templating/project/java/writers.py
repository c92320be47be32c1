"""adk-java state writes: ``state().put``, ``stateDelta(...)``, and a new session's state.

Each write belongs to the code around it:

- a lambda passed to a callback builder method (``beforeAgentCallback(ctx -> ...)``) is a
  function named ``<callback line:column>``, a lambda held in a variable is named by it;
- a method of a class deriving from an agent class is that custom agent's own code;
- a method taking a ``ToolContext`` is a tool (``FunctionTool.create(Class, "method")``
  names it), one taking a ``CallbackContext`` a callback;
- ``createSession(app, user, state, id)`` seeds the initial state; its keys are read from
  ``Map.of(...)``, ``new HashMap<>(...)`` or a map variable filled with ``put`` first. A
  ``.state().put`` on a session outside any of the above seeds it too.

A key that is not a known text (a parameter, a computed name) makes an unknown writer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.java.agents import synthetic
from templating.project.java.evaluate import evaluate
from templating.project.java.scope import JavaFile
from templating.project.java.vocabulary import (
    CALLBACK_CONTEXT,
    CALLBACK_METHODS,
    EARLY_CALLBACK_METHODS,
    TOOL_CONTEXT,
)
from templating.project.model.facts import Writer
from templating.project.model.kinds import WriterVia
from templating.project.treesitter.agent_build import FileWrites
from templating.project.treesitter.jvm_ports import is_network_call
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.text import known_text

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["java_writes"]

_CALLBACK_METHODS = CALLBACK_METHODS | EARLY_CALLBACK_METHODS
_MAP_WRAPPERS = frozenset({"HashMap", "ConcurrentHashMap", "LinkedHashMap", "TreeMap", "copyOf", "unmodifiableMap"})


def java_writes(file: JavaFile) -> FileWrites:
    """Every state write of ``file``."""
    writes = FileWrites()
    for lambda_node in file.lambdas:
        name = _lambda_name(file, lambda_node)
        if name is not None:
            writes.functions.setdefault(name, [])
    for node in file.invocations:
        name = file.text(node.child_by_field_name("name"))
        receiver = node.child_by_field_name("object")
        arguments = node.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if name in ("put", "putAll") and receiver is not None and _is_state_call(file, receiver):
            key = known_text(evaluate(values[0], file.scope)) if name == "put" and values else None
            _add(file, writes, node, values[0] if values else node, key, receiver)
        elif name == "stateDelta" and values:
            for key, at in map_keys(file, values[0]):
                _add(file, writes, node, at, key, None, "state_delta")
        elif name == "createSession" and len(values) >= 3 and values[2].type != "null_literal":
            for key, at in map_keys(file, values[2]):
                line, column = file.position(at)
                if not (key or "").startswith("temp:"):  # adk-java drops `temp:` keys from a new session
                    writes.free.append(Writer(key, "initial", file.source.path, line, column))
    return writes


def _is_state_call(file: JavaFile, node: Node) -> bool:
    return node.type == "method_invocation" and file.text(node.child_by_field_name("name")) == "state"


def _add(
    file: JavaFile, writes: FileWrites, call: Node, at: Node, key: str | None, receiver: Node | None,
    via: WriterVia | None = None,
) -> None:  # fmt: skip
    line, column = file.position(at)
    owner, name, kind = _owner(file, call, receiver)
    # A delta reaches the session through `appendEvent`, which skips `temp:` keys; `state().put`
    # writes the session's map at once (State.java:122-126), so a later agent sees it.
    carried = via != "state_delta" or not (key or "").startswith("temp:")
    function = name if owner == "function" else None
    writer = Writer(key, via or kind, file.source.path, line, column, function, carried=carried)
    writes.add(owner, name, writer)


def _owner(file: JavaFile, node: Node, receiver: Node | None) -> tuple[str, str, WriterVia]:
    """Who a write at ``node`` belongs to: ``("function", name, via)``, ``("class", name,
    "agent")`` or ``("free", "", "initial")``."""
    path = ancestors(file.parsed.root, node)  # one walk down: `.parent` walks down each time
    for index in range(len(path) - 1, -1, -1):
        parent = path[index]
        if parent.type == "lambda_expression":
            name = _lambda_name(file, parent)
            if name is not None:
                return "function", name, "callback"
        if parent.type in ("method_declaration", "constructor_declaration"):
            return _method_owner(file, parent, receiver, path[:index])
    return "free", "", "initial"


def _method_owner(
    file: JavaFile, method: Node, receiver: Node | None, outside: list[Node]
) -> tuple[str, str, WriterVia]:
    """``outside``: the nodes from the root down to ``method``'s parent."""
    classes = ("class_declaration", "enum_declaration")
    enclosing = next((node for node in reversed(outside) if node.type in classes), None)
    class_name = file.text(enclosing.child_by_field_name("name")) if enclosing is not None else ""
    if class_name in file.agent_classes:
        return "class", class_name, "agent"
    types = _parameter_types(file, method)
    name = file.text(method.child_by_field_name("name"))
    if types & TOOL_CONTEXT:
        return "function", name, "tool"
    if types & CALLBACK_CONTEXT:
        return "function", name, "callback"
    if receiver is not None and "session" in file.text(receiver).lower():
        return "free", "", "initial"
    return "function", name, "callback"


def _parameter_types(file: JavaFile, method: Node) -> set[str]:
    parameters = method.child_by_field_name("parameters")
    types = set()
    for parameter in parameters.named_children if parameters is not None else []:
        written = file.text(parameter.child_by_field_name("type"))
        types.add(written.rsplit(".", 1)[-1])
    return types


def _lambda_name(file: JavaFile, node: Node) -> str | None:
    """A lambda's function name: ``<callback line:column>`` when a callback builder method
    takes it, its variable's name when one holds it."""
    parent = node.parent
    if parent is not None and parent.type == "argument_list":
        call = parent.parent
        if (
            call is not None
            and call.type == "method_invocation"
            and file.text(call.child_by_field_name("name")) in _CALLBACK_METHODS
        ):
            return synthetic(file, node, "callback")
    if parent is not None and parent.type == "variable_declarator":
        return file.text(parent.child_by_field_name("name"))
    return None


def map_keys(file: JavaFile, node: Node, depth: int = 0) -> list[tuple[str | None, Node]]:
    """The keys a map expression holds, each with where it is written; one ``None`` key when
    the map is not read (a parameter, a computed map)."""
    if depth > 8:
        return [(None, node)]
    if node.type == "method_invocation":
        name = file.text(node.child_by_field_name("name"))
        arguments = node.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if name == "of":
            return [(known_text(evaluate(value, file.scope)), value) for value in values[0::2]]
        if name == "ofEntries":
            return [pair for value in values for pair in map_keys(file, value, depth + 1)]
        if name == "entry" and values:
            return [(known_text(evaluate(values[0], file.scope)), values[0])]
        if name in _MAP_WRAPPERS and len(values) == 1:
            return map_keys(file, values[0], depth + 1)
    if node.type == "object_creation_expression":
        arguments = node.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if len(values) == 1 and values[0].type != "decimal_integer_literal":
            return map_keys(file, values[0], depth + 1)
        return []
    if node.type == "identifier":
        return _variable_keys(file, node, depth)
    return [(None, node)]


def _variable_keys(file: JavaFile, node: Node, depth: int) -> list[tuple[str | None, Node]]:
    """The keys of a map variable: its initial value's and each ``name.put(key, ...)``'s."""
    name = file.text(node)
    value = file.scope.constant(name, node.start_byte)
    if value is None:
        return [(None, node)]
    keys = map_keys(file, value, depth + 1)
    for call in file.puts.get(name, ()):
        method = file.text(call.child_by_field_name("name"))
        arguments = call.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        key = known_text(evaluate(values[0], file.scope)) if method == "put" and values else None
        keys.append((key, values[0] if values else call))
    return keys


def network_methods(file: JavaFile) -> dict[str, str]:
    """The methods of ``file`` that read from the network, each with its first such call
    (``httpClient.send``): as a tool, such a method returns a third party's text."""
    found: dict[str, str] = {}
    for node in file.invocations:
        receiver = node.child_by_field_name("object")
        name = file.text(node.child_by_field_name("name"))
        if receiver is None or not is_network_call(file.text(receiver), name):
            continue
        parent = node.parent
        while parent is not None and parent.type not in ("method_declaration", "class_body"):
            parent = parent.parent
        if parent is not None and parent.type == "method_declaration":
            found.setdefault(file.text(parent.child_by_field_name("name")), f"{file.text(receiver)}.{name}")
    return found

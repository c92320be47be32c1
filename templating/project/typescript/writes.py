"""The state writes of a TypeScript/JavaScript module, each given to the function that makes it.

Writes both ports honour: ``x.state.set('k', v)``, ``x.state.update({...})``, ``stateDelta``
objects and ``x.actions.stateDelta['k'] = v``, session seeds (adk-js ``createSession({state})``
and ``runAsync({stateDelta})``; IQAI's positional ``createSession(app, user, state)``,
``withQuickSession({state})``, ``withSessionService(service, {state})``). ``x.state['k'] = v``
is a write in ADK-TS (its state is a Proxy) and silently none in adk-js: those are kept apart
as `Writes.ignored`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.project.model.facts import Writer
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.queries import matches, query
from templating.project.typescript.evaluate import constant, resolve_value
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["Writes", "find_writes", "object_keys", "string_of"]

_PACKAGE = "templating.project.typescript"
_SEEDS = frozenset({"createSession", "withQuickSession", "withSessionService", "runAsync", "run", "runEphemeral"})
_OWNER_KINDS = frozenset({"variable_declarator", "function_declaration", "method_definition", "pair"})


@dataclass(slots=True)
class Writes:
    """A module's writes: by the node of the function (or binding) that makes them, the free
    ones (seeds, top-level code), and the bracket assignments that write nothing (adk-js)."""

    owned: dict[int, list[Writer]] = field(default_factory=dict)
    free: list[Writer] = field(default_factory=list)
    ignored: list[Node] = field(default_factory=list)


def string_of(node: Node | None, module: ScriptModule) -> str | None:
    """The value of a string literal (or a template literal without ``${}``), else ``None``."""
    if node is None:
        return None
    node = unwrap(node)
    if node.type not in ("string", "template_string") or any(
        child.type == "template_substitution" for child in node.children
    ):
        return None
    from templating.project.typescript.literals import decode_string

    return "".join(character.text for character in decode_string(module.parsed, node))


def object_keys(node: Node, module: ScriptModule, cache: ScriptCache) -> list[tuple[str | None, Node]]:
    """The keys an object literal sets (``None`` for a spread or a computed key), or one
    unknown key when ``node`` is not an object literal (a name holding one is followed:
    ``const initialState = { history: [] }``)."""
    node = _held(node, module, cache)
    if node.type != "object":
        return [(None, node)]
    keys: list[tuple[str | None, Node]] = []
    for member in node.named_children:
        if member.type == "pair":
            key = member.child_by_field_name("key")
            if key is not None and key.type in ("property_identifier", "number"):
                keys.append((module.parsed.text_of(key), key))
            elif key is not None and key.type == "computed_property_name" and key.named_children:
                keys.append((constant(key.named_children[0], module, cache), member))
            else:
                keys.append((string_of(key, module), member))
        elif member.type == "shorthand_property_identifier":
            keys.append((module.parsed.text_of(member), member))
        elif member.type in ("spread_element", "method_definition"):
            keys.append((None, member))
    return keys


def find_writes(
    module: ScriptModule, grammar: str, port: str | None, owners: dict[int, object], cache: ScriptCache
) -> Writes:
    """Every write of ``module``; a write inside a node of ``owners`` (by id) belongs to it."""
    writes = Writes()
    root = module.parsed.root
    for found in matches(query(_PACKAGE, "state_calls", grammar), root):
        call, arguments = found["call"][0], found["arguments"][0]
        method = module.parsed.text_of(found["method"][0])
        values = arguments.named_children
        if method == "set" and values:
            _add(writes, owners, module, [(constant(values[0], module, cache), values[0])], call, "tool")
        elif method == "update" and values:
            _add(writes, owners, module, object_keys(values[0], module, cache), call, "tool")
    for found in matches(query(_PACKAGE, "state_brackets", grammar), root):
        key = found["key"][0]
        field_name = module.parsed.text_of(found["field"][0])
        via = "state_delta" if field_name == "stateDelta" else "tool"
        if field_name == "state" and port == "adk-js":
            writes.ignored.append(found["assignment"][0])  # adk-js's State is no Proxy: nothing is written
            continue
        _add(writes, owners, module, [(constant(key, module, cache), key)], found["assignment"][0], via)
    for found in matches(query(_PACKAGE, "state_objects", grammar), root):
        _object_write(writes, owners, module, found["pair"][0], found["value"][0], cache)
    _positional_sessions(writes, module, root, cache)
    return writes


def _object_write(
    writes: Writes, owners: dict[int, object], module: ScriptModule, pair: Node, value: Node, cache: ScriptCache
) -> None:
    key = pair.child_by_field_name("key")
    field_name = module.parsed.text_of(key) if key is not None else ""
    call = _enclosing_call(pair)
    method = _method_name(call, module) if call is not None else None
    if method in _SEEDS:
        _add(writes, owners, module, object_keys(value, module, cache), pair, "initial", writes.free)
    elif field_name == "stateDelta":
        _add(writes, owners, module, object_keys(value, module, cache), pair, "state_delta")


def _positional_sessions(writes: Writes, module: ScriptModule, root: Node, cache: ScriptCache) -> None:
    """IQAI's ``createSession(appName, userId, state, sessionId)``, and session options held in
    a name (``withSessionService(service, sessionConfig)`` with ``sessionConfig = { state }``)."""
    stack = [root]
    while stack:
        node = stack.pop()
        method = _method_name(node, module) if node.type == "call_expression" else None
        arguments = node.child_by_field_name("arguments") if method in _SEEDS else None
        values = arguments.named_children if arguments is not None else []
        if method == "createSession" and len(values) >= 3 and _held(values[2], module, cache).type == "object":
            _add(writes, {}, module, object_keys(values[2], module, cache), values[2], "initial", writes.free)
        for value in values:
            held = _held(value, module, cache) if unwrap(value).type == "identifier" else None
            state = _state_of(held, module) if held is not None and held.type == "object" else None
            if state is not None:
                _add(writes, {}, module, object_keys(state, module, cache), value, "initial", writes.free)
        stack.extend(reversed(node.named_children))


def _held(node: Node, module: ScriptModule, cache: ScriptCache) -> Node:
    """The value a name holds, if it is a constant this reader follows; else ``node``."""
    node = unwrap(node)
    if node.type == "identifier":
        found = resolve_value(node, module, cache)
        if found is not None and found[1] is module:
            return unwrap(found[0])
    return node


def _state_of(options: Node, module: ScriptModule) -> Node | None:
    """The ``state`` (or ``stateDelta``) an options object gives a session."""
    for member in options.named_children:
        key = member.child_by_field_name("key") if member.type == "pair" else None
        if key is not None and module.parsed.text_of(key) in ("state", "stateDelta"):
            return member.child_by_field_name("value")
        if member.type == "shorthand_property_identifier" and module.parsed.text_of(member) in ("state", "stateDelta"):
            return member
    return None


def _enclosing_call(node: Node) -> Node | None:
    """The call an object literal is an argument of (through nested objects)."""
    current = node.parent
    while current is not None and current.type in ("object", "pair", "arguments", "parenthesized_expression"):
        if current.type == "arguments":
            return current.parent
        current = current.parent
    return None


def _method_name(call: Node, module: ScriptModule) -> str | None:
    function = call.child_by_field_name("function") or call.child_by_field_name("constructor")
    if function is None:
        return None
    if function.type == "member_expression":
        function = function.child_by_field_name("property")
    return module.parsed.text_of(function) if function is not None else None


def _add(
    writes: Writes,
    owners: dict[int, object],
    module: ScriptModule,
    keys: list[tuple[str | None, Node]],
    at: Node,
    via: str,
    target: list[Writer] | None = None,
) -> None:
    line, column = at.start_point[0] + 1, module.parsed.span(at)[0] - _line_start(module, at) + 1
    owner = _owner(module.parsed.root, at, owners)
    for key, _ in keys:
        function = str(owners[owner]) if owner is not None else None
        writer = Writer(key, via, module.source.path, line, column, function)  # type: ignore[arg-type]
        if target is not None:
            target.append(writer)
        elif owner is not None:
            writes.owned.setdefault(owner, []).append(writer)
        else:
            writes.free.append(writer)


def _owner(root: Node, node: Node, owners: dict[int, object]) -> int | None:
    return next((current.id for current in reversed(ancestors(root, node)) if current.id in owners), None)


def _line_start(module: ScriptModule, node: Node) -> int:
    start = module.parsed.span(node)[0]
    return module.source.text.rfind("\n", 0, start) + 1

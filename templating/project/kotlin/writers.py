"""Kotlin state writes, as adk-kotlin (and adk-java from Kotlin) make them.

- ``context.updateState("k", v)`` and ``context.actions.stateDelta["k"] = v``: event deltas,
  applied when the event is appended, which skips ``temp:`` keys (``State.kt:86-88``);
- ``session.state["k"] = v``: a direct write to the in-flight session (``State.kt:57-61``);
- ``x.state().put("k", v)``: adk-java's state map, written at once;
- ``EventActions(stateDelta = mapOf(...))``; ``createSession(..., state = mapOf(...))``,
  the map possibly built in a variable first.

A write belongs to the code around it: a lambda given to a callback (``BeforeAgentCallback {
... }``) is the function ``<callback line:column>``; a function of a class deriving from an
agent class is that custom agent's code; a function taking a ``ToolContext`` is a tool, one
taking a ``CallbackContext`` a callback.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.kotlin.evaluate import arguments_of, evaluate
from templating.project.kotlin.scope import KotlinFile
from templating.project.kotlin.vocabulary import CALLBACK_CONTEXT, TOOL_CONTEXT
from templating.project.model.facts import Writer
from templating.project.model.kinds import WriterVia
from templating.project.treesitter.agent_build import FileWrites, synthetic
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.text import known_text

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["kotlin_writes"]

_MAPS = frozenset({"mapOf", "mutableMapOf", "hashMapOf", "linkedMapOf", "ConcurrentHashMap", "HashMap"})


def kotlin_writes(file: KotlinFile) -> FileWrites:
    """Every state write of ``file``."""
    writes = FileWrites()
    for node in file.lambdas:
        if _is_callback_lambda(file, node):
            writes.functions.setdefault(synthetic(file.position(node), "callback"), [])
    for call in file.calls:
        _call(file, writes, call)
    for assignment in file.assignments:
        target = assignment.named_children[0] if assignment.named_children else None
        if target is None or target.type != "index_expression" or len(target.named_children) < 2:
            continue
        receiver = file.text(target.named_children[0])
        if receiver.endswith("stateDelta"):
            _add(file, writes, assignment, target.named_children[1], "state_delta", delta=True)
        elif receiver == "state" or receiver.endswith(".state"):
            _add(file, writes, assignment, target.named_children[1], None, delta=False)
    return writes


def _call(file: KotlinFile, writes: FileWrites, call: Node) -> None:
    callee = call.named_children[0]
    method = file.text(callee.named_children[-1]) if callee.type == "navigation_expression" else file.text(callee)
    arguments = arguments_of(call)
    positional = [value for name, value in arguments if name is None]
    if method == "updateState" and positional:
        _add(file, writes, call, positional[0], None, delta=True)
    elif (
        method in ("put", "putAll")
        and callee.type == "navigation_expression"
        and file.text(callee.named_children[0]).endswith("state()")
    ):
        _add(
            file,
            writes,
            call,
            positional[0] if method == "put" and positional else call,
            None,
            delta=False,
            known=method == "put",
        )
    elif method == "EventActions":
        for name, value in arguments:
            if name == "stateDelta":
                for key, at in map_keys(file, value):
                    _add(file, writes, call, at, "state_delta", delta=True, key=key)
    elif method == "createSession":
        state = next((value for name, value in arguments if name == "state"), None)
        if state is None and len(positional) >= 3:
            state = positional[2]
        if state is not None and state.type != "null":
            for key, at in map_keys(file, state):
                line, column = file.position(at)
                if not (key or "").startswith("temp:"):  # a new session drops `temp:` keys
                    writes.free.append(Writer(key, "initial", file.source.path, line, column))


def _add(
    file: KotlinFile, writes: FileWrites, node: Node, at: Node, via: WriterVia | None, *,
    delta: bool, known: bool = True, key: str | None = None,
) -> None:  # fmt: skip
    if (
        key is None
        and known
        and at.type in ("string_literal", "identifier", "navigation_expression", "binary_expression")
    ):
        key = known_text(evaluate(at, file.scope))
    line, column = file.position(at)
    owner, name, kind = _owner(file, node)
    carried = not (delta and (key or "").startswith("temp:"))
    writer = Writer(
        key, via or kind, file.source.path, line, column, name if owner == "function" else None, carried=carried
    )
    writes.add(owner, name, writer)


def _is_callback_lambda(file: KotlinFile, node: Node) -> bool:
    holder = node.parent.parent if node.parent is not None and node.parent.type == "annotated_lambda" else None
    return (
        holder is not None
        and holder.type == "call_expression"
        and file.text(holder.named_children[0]).endswith("Callback")
    )


def _owner(file: KotlinFile, node: Node) -> tuple[str, str, WriterVia]:
    path = ancestors(file.parsed.root, node)  # one walk down: `.parent` walks down each time
    for index in range(len(path) - 1, -1, -1):
        parent = path[index]
        if parent.type == "lambda_literal" and _is_callback_lambda(file, parent):
            return "function", synthetic(file.position(parent), "callback"), "callback"
        if parent.type == "function_declaration":
            return _function_owner(file, parent, node, path[:index])
    return "free", "", "initial"


def _function_owner(file: KotlinFile, function: Node, node: Node, outside: list[Node]) -> tuple[str, str, WriterVia]:
    """``outside``: the nodes from the root down to ``function``'s parent."""
    classes = ("class_declaration", "object_declaration")
    enclosing = next((found for found in reversed(outside) if found.type in classes), None)
    if enclosing is not None:
        class_name = next((file.text(c) for c in enclosing.named_children if c.type == "identifier"), "")
        if class_name in file.agent_classes:
            return "class", class_name, "agent"
    name = next((file.text(c) for c in function.named_children if c.type == "identifier"), "")
    parameters = next((c for c in function.named_children if c.type == "function_value_parameters"), None)
    types = (
        {file.text(p.named_children[-1]).rsplit(".", 1)[-1] for p in parameters.named_children if p.named_children}
        if parameters
        else set()
    )
    if types & TOOL_CONTEXT:
        return "function", name, "tool"
    if types & CALLBACK_CONTEXT:
        return "function", name, "callback"
    if "session" in file.text(node).lower():
        return "free", "", "initial"
    return "function", name, "callback"


def map_keys(file: KotlinFile, node: Node, depth: int = 0) -> list[tuple[str | None, Node]]:
    """The keys of a map expression (``mapOf("k" to v)``, a map variable filled first); one
    ``None`` key when it is not read."""
    if depth > 8:
        return [(None, node)]
    if node.type == "call_expression" and file.text(node.named_children[0]) in _MAPS:
        keys: list[tuple[str | None, Node]] = []
        for _, value in arguments_of(node):
            if value.type == "infix_expression" and len(value.named_children) == 3:
                keys.append((known_text(evaluate(value.named_children[0], file.scope)), value.named_children[0]))
            else:
                keys.extend(map_keys(file, value, depth + 1))
        return keys
    if node.type == "identifier":
        name = file.text(node)
        initial = file.scope.constant(name, file.parsed.span(node)[0])
        keys = map_keys(file, initial, depth + 1) if initial is not None else [(None, node)]
        for target in file.indexed.get(name, ()):
            if len(target.named_children) > 1:
                keys.append((known_text(evaluate(target.named_children[1], file.scope)), target.named_children[1]))
        return keys
    return [(None, node)]

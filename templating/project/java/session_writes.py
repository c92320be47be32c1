"""Direct writes to a session's state in Java (rule TPL016).

``session.state().put(k, v)`` (or ``putAll``, ``remove``) where ``session`` holds what a
session service's ``createSession`` or ``getSession`` returned (``....blockingGet()``):
adk-java's in-memory service returns ``copySession(...)`` (``InMemorySessionService.java:111,
134, 308-316``), and the runner reads the stored session by its id, so the write is lost,
unless the code hands the object itself on (``InvocationContext.builder().session(session)``,
``runner.runAsync(session, ...)``): then the write is what that code sees, and nothing is said.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.java.evaluate import evaluate
from templating.project.model.facts import SessionWrite
from templating.project.treesitter.parsing import ancestors
from templating.project.treesitter.session_writes import session_write
from templating.project.treesitter.text import known_text

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.java.scope import JavaFile

__all__ = ["java_session_writes"]

_WRITES = ("put", "putAll", "remove", "putIfAbsent")
_SERVICE_CALLS = ("createSession(", "getSession(")


def java_session_writes(file: JavaFile) -> tuple[SessionWrite, ...]:
    """Every write to the state of a session a service returned, in ``file``."""
    found = []
    scopes: dict[int, tuple[set[str], set[str]]] = {}
    for node in file.invocations:
        name = file.text(node.child_by_field_name("name"))
        receiver = node.child_by_field_name("object")
        if name not in _WRITES or receiver is None or receiver.type != "method_invocation":
            continue
        holder = receiver.child_by_field_name("object")
        if file.text(receiver.child_by_field_name("name")) != "state" or holder is None or holder.type != "identifier":
            continue
        if not _from_service(file, holder, scopes):
            continue
        arguments = node.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        key = known_text(evaluate(values[0], file.scope)) if name != "putAll" and values else None
        found.append(session_write(file.source, file.parsed, node, key, file.noqa))
    return tuple(found)


def _from_service(file: JavaFile, holder: Node, scopes: dict[int, tuple[set[str], set[str]]]) -> bool:
    """Whether the local ``holder`` names is declared with a session service's session and not
    handed on; each method is read once for both."""
    kinds = ("method_declaration", "constructor_declaration", "lambda_expression")
    scope = next((node for node in reversed(ancestors(file.parsed.root, holder)) if node.type in kinds), None)
    if scope is None:
        return False
    if scope.id not in scopes:
        scopes[scope.id] = _read_scope(file, scope)
    sessions, bare = scopes[scope.id]
    name = file.text(holder)
    return name in sessions and name not in bare


def _read_scope(file: JavaFile, scope: Node) -> tuple[set[str], set[str]]:
    """The locals of ``scope`` declared with a service's session, and the names it uses bare."""
    sessions: set[str] = set()
    bare: set[str] = set()
    stack = [scope]
    while stack:
        node = stack.pop()
        if node.type == "variable_declarator":
            value = node.child_by_field_name("value")
            text = file.text(value)
            if value is not None and any(call in text for call in _SERVICE_CALLS) and ".state()" not in text:
                sessions.add(file.text(node.child_by_field_name("name")))
        elif node.type == "identifier" and _bare(node):
            bare.add(file.text(node))
        stack.extend(node.named_children)
    return sessions, bare


def _bare(identifier: Node) -> bool:
    """Whether the object ``identifier`` names is used itself, not through one of its methods."""
    parent = identifier.parent
    if parent is None or parent.type == "variable_declarator":
        return False
    return not (
        parent.type in ("method_invocation", "field_access") and parent.child_by_field_name("object") == identifier
    )

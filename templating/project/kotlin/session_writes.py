"""Direct writes to a session's state in Kotlin (rule TPL016).

``session.state[k] = v`` (adk-kotlin's ``State.set``) and ``session.state().put(k, v)``
(adk-java from Kotlin) where ``session`` is a ``val`` holding what a session service's
``createSession`` or ``getSession`` returned: both ports' in-memory services return a copy
(adk-kotlin ``InMemorySessionService.kt:62, 75``; adk-java ``InMemorySessionService.java:111,
134``), and the runner reads the stored session by its key, so the write is lost, unless the
code hands the object itself on (then the write is what that code sees, and nothing is said).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.kotlin.evaluate import arguments_of, evaluate
from templating.project.model.facts import SessionWrite
from templating.project.treesitter.session_writes import session_write
from templating.project.treesitter.text import known_text

if TYPE_CHECKING:
    from templating.project.kotlin.scope import KotlinFile

__all__ = ["kotlin_session_writes"]

_SERVICE_CALLS = ("createSession(", "getSession(")
_STATES = (".state", ".state()")
_WRITES = ("put", "putAll", "remove", "set")


def kotlin_session_writes(file: KotlinFile) -> tuple[SessionWrite, ...]:
    """Every write to the state of a session a service returned, in ``file``."""
    found = []
    for indexed, targets in file.indexed.items():
        holder = next((indexed.removesuffix(s) for s in _STATES if indexed.endswith(s)), None)
        if holder is None or not _from_service(file, holder):
            continue
        for target in targets:
            key = known_text(evaluate(target.named_children[-1], file.scope)) if target.named_child_count > 1 else None
            found.append(session_write(file.source, file.parsed, target.parent or target, key, file.noqa))
    for call in file.calls:
        callee = file.text(call.named_children[0]) if call.named_children else ""
        receiver, _, method = callee.rpartition(".")
        holder = next((receiver.removesuffix(s) for s in _STATES if receiver.endswith(s)), None)
        if method not in _WRITES or holder is None or not _from_service(file, holder):
            continue
        arguments = arguments_of(call)
        key = known_text(evaluate(arguments[0][1], file.scope)) if arguments and method != "putAll" else None
        found.append(session_write(file.source, file.parsed, call, key, file.noqa))
    return tuple(found)


def _from_service(file: KotlinFile, holder: str) -> bool:
    """Whether ``holder`` is a ``val`` bound to a session service's session that the file does
    not hand on itself (an argument, an assignment)."""
    values = file.scope.values.get(holder, [])
    if not any(any(c in file.text(v) for c in _SERVICE_CALLS) and ".state" not in file.text(v) for v in values):
        return False
    if file.handed is None:
        file.handed = _bare_names(file)
    return holder not in file.handed


def _bare_names(file: KotlinFile) -> set[str]:
    """The names the file uses themselves, not as the receiver of a member (one pass)."""
    found: set[str] = set()
    stack = [file.parsed.root]
    while stack:
        node = stack.pop()
        if node.type == "identifier":
            parent = node.parent
            if (parent is not None and parent.type not in ("variable_declaration", "navigation_expression")) or (
                parent is not None and parent.type == "navigation_expression" and parent.named_children[0] != node
            ):
                found.add(file.text(node))
        stack.extend(node.named_children)
    return found

"""Direct writes to a session's state in Go (rule TPL016).

- ``resp.Session.State().Set(k, v)``, or through a local (``sess := resp.Session``), where
  ``resp`` is what a session service's ``Create`` or ``Get`` returned (a call given a
  ``session.CreateRequest`` or ``session.GetRequest``): adk-go's in-memory service returns a
  clone of the stored state (``session/inmemory.go``), so the write is lost;
- ``ctx.Session().State().Set(k, v)``: it changes the invocation's session map, seen for the
  rest of the run, but the stored session is updated only from event deltas
  (``inmemory.go:249-257``): lost afterwards. ``ctx.State().Set`` is the recorded way.

A session the function hands on itself (an argument, an assignment) is not reported: the
code it goes to sees the write. Nor is a run's write of a key the package also puts in an
event's state delta (``ev.Actions.StateDelta[k] = v`` in a file of the same package): the
program records the value in the event it yields, which is what the service stores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.evaluate import evaluate
from templating.project.go.locals import local_values
from templating.project.go.syntax import enclosing_function, fields
from templating.project.model.facts import SessionWrite
from templating.project.treesitter.queries import matches, query
from templating.project.treesitter.session_writes import session_write

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["go_session_writes"]

_REQUESTS = ("CreateRequest{", "GetRequest{")
_PACKAGE = "templating.project.go"


def go_session_writes(file: GoFile, package: Package, noqa: dict[int, frozenset[str]]) -> tuple[SessionWrite, ...]:
    """Every direct write to a session's state in ``file``."""
    found = []
    handed: dict[int, set[str]] = {}
    recorded: set[str] | None = None
    for match in matches(query("templating.project.go", "state_writes", "go"), file.parsed.root):
        context = match["context"][0] if "call" in match else None
        if context is None or not _is_session(context, file, handed):
            continue
        text = evaluate(match["key"][0], file, package)
        key = None if text.holes else text.text
        if key is not None and context.type == "call_expression":  # a run's `ctx.Session()`
            recorded = _delta_keys(package) if recorded is None else recorded
            if key in recorded:
                continue
        found.append(session_write(file.source, file.parsed, match["call"][0], key, noqa))
    return tuple(found)


def _delta_keys(package: Package) -> set[str]:
    """The keys the files of ``package`` put in an event's state delta: an index assignment
    (``ev.Actions.StateDelta[k] = v``) or a ``StateDelta: map[string]any{k: v}`` literal."""
    keys: set[str] = set()
    for file in (package.file, *package.siblings()):
        nodes = [m["key"][0] for m in matches(query(_PACKAGE, "state_writes", "go"), file.parsed.root)
                 if "assignment" in m]  # fmt: skip
        for match in matches(query(_PACKAGE, "configs", "go"), file.parsed.root):
            delta = fields(match["body"][0], file.parsed).get("StateDelta")
            body = (
                delta.child_by_field_name("body") if delta is not None and delta.type == "composite_literal" else None
            )
            nodes.extend(
                element.named_children[0] for element in (body.named_children if body is not None else ())
                if element.type == "keyed_element" and element.named_child_count == 2
            )  # fmt: skip
        for written in nodes:
            key = (
                written.named_children[0]
                if written.type == "literal_element" and written.named_child_count
                else written
            )
            text = evaluate(key, file, package)
            if not text.holes:
                keys.add(text.text)
    return keys


def _is_session(context: Node, file: GoFile, handed: dict[int, set[str]], depth: int = 0) -> bool:
    """Whether ``context`` (what ``.State()`` is called on) is a session: ``x.Session()`` of a
    context, ``r.Session`` of a service's response, or a local bound to one."""
    if context.type == "call_expression":
        function = context.child_by_field_name("function")
        field = function.child_by_field_name("field") if function is not None else None
        arguments = context.child_by_field_name("arguments")
        return field is not None and file.parsed.text_of(field) == "Session" and \
            arguments is not None and arguments.named_child_count == 0  # fmt: skip
    if context.type == "selector_expression":
        field = context.child_by_field_name("field")
        operand = context.child_by_field_name("operand")
        return field is not None and file.parsed.text_of(field) == "Session" and operand is not None and \
            operand.type == "identifier" and _is_response(operand, file) and not _handed_on(operand, file, handed)  # fmt: skip
    if context.type == "identifier" and depth < 4:
        values = local_values(context, file)
        value = values[0] if values is not None and len(values) == 1 else None
        return value is not None and value.type != "call_expression" and _is_session(value, file, handed, depth + 1) \
            and not _handed_on(context, file, handed)  # fmt: skip
    return False


def _handed_on(name: Node, file: GoFile, handed: dict[int, set[str]]) -> bool:
    """Whether the local ``name`` is used in its function other than through a selector (the
    names a function uses so are found once per function)."""
    function = enclosing_function(name, file.parsed.root)
    body = function.child_by_field_name("body") if function is not None else None
    if body is None:
        return False
    if body.id not in handed:
        handed[body.id] = _bare_names(body, file)
    return file.parsed.text_of(name) in handed[body.id]


def _bare_names(body: Node, file: GoFile) -> set[str]:
    """The names ``body`` uses bare: not as a selector's operand, nor where they are bound."""
    found: set[str] = set()
    for match in matches(query("templating.project.go", "identifiers", "go"), body):
        use = match["name"][0]
        parent = use.parent
        if parent is None:
            continue
        if parent.type == "selector_expression" and parent.child_by_field_name("operand") == use:
            continue
        if (
            parent.type == "expression_list"
            and parent.parent is not None
            and parent.parent.type in ("short_var_declaration", "assignment_statement")
            and parent == parent.parent.child_by_field_name("left")
        ):
            continue  # where it is bound
        found.add(file.parsed.text_of(use))
    return found


def _is_response(name: Node, file: GoFile) -> bool:
    """Whether the local ``name`` holds what a call given a session request returned."""
    values = local_values(name, file)
    value = values[0] if values is not None and values else None
    text = file.parsed.text_of(value) if value is not None and value.type == "call_expression" else ""
    return any(request in text for request in _REQUESTS)

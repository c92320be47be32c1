"""The state writes of a Go file: context writes, event deltas and a session's initial state.

- ``ctx.State().Set(key, v)`` (or ``state := ctx.State(); state.Set(key, v)``): a tool's write
  when ``ctx`` is a ``tool.Context`` parameter, a callback's when an ``agent.CallbackContext``,
  agent code's when an ``agent.InvocationContext`` (by parameter type, else by name);
- ``ev.Actions.StateDelta[key] = v`` and ``StateDelta: map[string]any{...}``: event deltas;
- ``session.CreateRequest{State: ...}``: the initial state, a map literal or a local map built
  first (``state := map[string]any{...}; state["k"] = v``), or a parameter of the function, as
  each call of it in the package passes it (``runWorkflow(ctx, root, map[string]any{...})``);
  ``req.State = ...`` on a ``*session.CreateRequest`` parameter (a session service that fills
  in a default state), the value followed through a struct field to the literals that set it.

Each write belongs to its top-level function (or function literal), so that an agent listing
it as a tool or callback owns it; a key that is not a constant makes an unknown writer. A
function that calls ``net/http`` is a source of third-party text (``FunctionFacts.source``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from templating.project.go.evaluate import evaluate
from templating.project.go.locals import local_values
from templating.project.go.names import write_owner
from templating.project.go.parameters import parameter_arguments
from templating.project.go.syntax import enclosing_function, fields
from templating.project.go.vocabulary import ADK_IMPORT, CONTEXT_NAMES, CONTEXT_TYPES
from templating.project.model.facts import FunctionFacts, Writer
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["read_writers"]

_PACKAGE = "templating.project.go"
#: The calls of ``net/http`` that fetch a page (``client.Do`` too).
_HTTP_CALLS = frozenset({"Get", "Post", "PostForm", "Head"})
#: How many names, parameters and fields a map is followed through.
_MAX_DEPTH = 8


def read_writers(
    file: GoFile, package: Package, imports: dict[str, str]
) -> tuple[dict[str, FunctionFacts], tuple[Writer, ...]]:
    """The writes of ``file``: by the function making them, and those of no function."""
    by_function: dict[str, list[Writer]] = {}
    free: list[Writer] = []
    for match in matches(query(_PACKAGE, "state_writes", "go"), file.parsed.root):
        key = match["key"][0]
        if "aliased" in match:
            context = _state_of(match["alias"][0], file)
            if context is None:
                continue
            via, node = _context_kind(context, file), match["aliased"][0]
        elif "call" in match:
            via = _context_kind(match["context"][0], file)
            node = match["call"][0]
        else:
            via, node = "state_delta", match["assignment"][0]
        _add(_writer(key, via, file, package), node, file, by_function, free)
    for match in matches(query(_PACKAGE, "configs", "go"), file.parsed.root):
        alias = file.parsed.text_of(match["package"][0])
        if not imports.get(alias, "").startswith(ADK_IMPORT):
            continue
        config = fields(match["body"][0], file.parsed)
        type_name = file.parsed.text_of(match["type"][0])
        if "StateDelta" in config:
            for writer in _map_writers(config["StateDelta"], "state_delta", file, package):
                _add(writer, match["literal"][0], file, by_function, free)
        if type_name == "CreateRequest" and "State" in config:
            free.extend(_map_writers(config["State"], "initial", file, package))
    for match in matches(query(_PACKAGE, "request_state", "go"), file.parsed.root):
        if _is_request_parameter(match["request"][0], file):
            free.extend(_map_writers(match["value"][0], "initial", file, package))
    fetching = _network_calls(file, imports)
    functions = {
        name: FunctionFacts(name, tuple(replace(w, source=fetching.get(name)) for w in writers), fetching.get(name))
        for name, writers in by_function.items()
    }
    for name, call in fetching.items():
        functions.setdefault(name, FunctionFacts(name, (), call))
    return functions, tuple(free)


def _network_calls(file: GoFile, imports: dict[str, str]) -> dict[str, str]:
    """The functions of ``file`` that read from the network, each with its first such call
    (``http.Get``, ``client.Do``): as a tool, such a function returns a third party's text."""
    http = next((alias for alias, path in imports.items() if path == "net/http"), None)
    if http is None:
        return {}
    found: dict[str, str] = {}
    for match in matches(query(_PACKAGE, "calls", "go"), file.parsed.root):
        called = file.parsed.text_of(match["function"][0])
        receiver, _, method = called.rpartition(".")
        if (receiver == http and method in _HTTP_CALLS) or (method == "Do" and "client" in receiver.lower()):
            owner = write_owner(match["call"][0], file)
            if owner is not None:
                found.setdefault(owner, called)
    return found


def _add(writer: Writer, node: Node, file: GoFile, by_function: dict[str, list[Writer]], free: list[Writer]) -> None:
    function = write_owner(node, file)
    if function is None:
        free.append(writer)
    else:
        by_function.setdefault(function, []).append(writer)


def _writer(key: Node, via: str, file: GoFile, package: Package) -> Writer:
    text = evaluate(key, file, package)
    line, column = file.source.position(file.parsed.span(key)[0])
    return Writer(None if text.holes else text.text, via, file.source.path, line, column)  # type: ignore[arg-type]


def _state_of(alias: Node, file: GoFile) -> Node | None:
    """The context whose state the local ``alias`` holds (``state := ctx.State()``), if it is one."""
    values = local_values(alias, file)
    value = values[0] if values is not None and len(values) == 1 else None
    function = value.child_by_field_name("function") if value is not None and value.type == "call_expression" else None
    arguments = value.child_by_field_name("arguments") if value is not None else None
    if function is None or function.type != "selector_expression" or arguments is None or arguments.named_child_count:
        return None
    field = function.child_by_field_name("field")
    return (
        function.child_by_field_name("operand") if field is not None and file.parsed.text_of(field) == "State" else None
    )


def _context_kind(context: Node, file: GoFile) -> str:
    """How a write through ``context`` is made: by its parameter's type, else its name."""
    name = file.parsed.text_of(context)
    function = enclosing_function(context, file.parsed.root)
    while function is not None:
        parameters = function.child_by_field_name("parameters")
        for parameter in parameters.named_children if parameters is not None else ():
            names = [file.parsed.text_of(n) for n in parameter.children_by_field_name("name")]
            type_node = parameter.child_by_field_name("type")
            if name in names and type_node is not None:
                written = file.parsed.text_of(type_node).lstrip("*")
                return CONTEXT_TYPES.get(written, CONTEXT_NAMES.get(name, "tool"))
        function = enclosing_function(function, file.parsed.root)
    return CONTEXT_NAMES.get(name, "tool")


def _is_request_parameter(request: Node, file: GoFile) -> bool:
    """Whether ``request`` names a parameter of type ``*session.CreateRequest``."""
    name = file.parsed.text_of(request)
    function = enclosing_function(request, file.parsed.root)
    parameters = function.child_by_field_name("parameters") if function is not None else None
    for parameter in parameters.named_children if parameters is not None else ():
        type_node = parameter.child_by_field_name("type")
        names = [file.parsed.text_of(n) for n in parameter.children_by_field_name("name")]
        if name in names and type_node is not None:
            return file.parsed.text_of(type_node).lstrip("*").rsplit(".", 1)[-1] == "CreateRequest"
    return False


def _map_writers(node: Node, via: str, file: GoFile, package: Package, depth: int = 0) -> list[Writer]:
    """The keys a map literal (or a local map built first, or what the calls of a function
    pass for a parameter, or what literals set a struct field to) holds."""
    if depth > _MAX_DEPTH:
        return [_unknown(node, via, file)]
    if node.type == "identifier":
        values = local_values(node, file)
        if values is None:
            return _argument_writers(node, via, file, package, depth)
        if len(values) != 1 or values[0] is None:
            return [_unknown(node, via, file)]
        writers = _map_writers(values[0], via, file, package, depth + 1)
        return writers + _index_writes(node, via, file, package)
    if node.type == "selector_expression":
        return _field_writers(node, via, file, package, depth)
    body = node.child_by_field_name("body") if node.type == "composite_literal" else None
    if body is None:
        return [_unknown(node, via, file)]
    found = []
    for element in body.named_children:
        if element.type == "keyed_element" and element.named_child_count == 2:
            key = element.named_children[0]
            key = key.named_children[0] if key.type == "literal_element" and key.named_child_count else key
            found.append(_writer(key, via, file, package))
    return found


def _argument_writers(node: Node, via: str, file: GoFile, package: Package, depth: int) -> list[Writer]:
    """The keys every call of the function whose parameter ``node`` is passes for it."""
    arguments = parameter_arguments(node, file, package.siblings())
    if arguments is None:
        return [_unknown(node, via, file)]
    found: list[Writer] = []
    for argument, home in arguments:
        if home is not file:
            package.modules.looked_up.add(package.modules.key(home.path))
        found.extend(_map_writers(argument, via, home, package, depth + 1))
    return found


def _field_writers(node: Node, via: str, file: GoFile, package: Package, depth: int) -> list[Writer]:
    """The keys of what the composite literals of the package set the field ``x.field`` to
    (``&defaults{initialState: state}``): an unknown writer when none does."""
    field = node.child_by_field_name("field")
    name = file.parsed.text_of(field) if field is not None else ""
    found: list[Writer] = []
    for home in (file, *package.siblings()):
        for match in matches(query(_PACKAGE, "keyed_fields", "go"), home.parsed.root):
            if home.parsed.text_of(match["key"][0]) == name:
                if home is not file:
                    package.modules.looked_up.add(package.modules.key(home.path))
                found.extend(_map_writers(match["value"][0], via, home, package, depth + 1))
    return found or [_unknown(node, via, file)]


def _index_writes(name: Node, via: str, file: GoFile, package: Package) -> list[Writer]:
    """``name["k"] = v`` in the function that builds the map ``name``."""
    function = enclosing_function(name, file.parsed.root)
    body = function.child_by_field_name("body") if function is not None else None
    if body is None:
        return []
    if body.id not in file.index_writes:
        file.index_writes[body.id] = _index_table(body, function, file)  # type: ignore[arg-type]
    return [
        _writer(index, via, file, package) for index in file.index_writes[body.id].get(file.parsed.text_of(name), [])
    ]


def _index_table(body: Node, function: Node, file: GoFile) -> dict[str, list[Node]]:
    """The keys a function's own ``m[key] = v`` statements write, by the map's name."""
    table: dict[str, list[Node]] = {}
    for match in matches(query(_PACKAGE, "assignments", "go"), body):
        statement = match["assignment"][0]
        left = statement.child_by_field_name("left")
        if (
            statement.type != "assignment_statement"
            or left is None
            or enclosing_function(statement, file.parsed.root) != function
        ):
            continue
        for target in left.named_children:
            operand, index = target.child_by_field_name("operand"), target.child_by_field_name("index")
            if target.type == "index_expression" and operand is not None and index is not None:
                table.setdefault(file.parsed.text_of(operand), []).append(index)
    return table


def _unknown(node: Node, via: str, file: GoFile) -> Writer:
    line, column = file.source.position(file.parsed.span(node)[0])
    return Writer(None, via, file.source.path, line, column)  # type: ignore[arg-type]

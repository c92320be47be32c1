"""What a name in a Go file refers to, as a `Ref` the project model resolves.

Agents built in a function are named ``function.variable`` (``main.writer``), agents at package
level by their variable, functions by their name, and function literals by their position
(``<function 12:5>``); a local bound to a call of a package function refers to that function,
whose returned agent the file's ``factories`` name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.locals import local_values
from templating.project.go.parameters import only_argument
from templating.project.go.syntax import enclosing_function, function_name
from templating.project.model.facts import Ref

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = ["literal_name", "local_name", "reference", "write_owner"]

#: How many parameters in a row a reference follows to the argument of their one call.
_MAX_PARAMETER_DEPTH = 8


def literal_name(node: Node) -> str:
    """The name of a function literal: its position."""
    return f"<function {node.start_point[0] + 1}:{node.start_point[1] + 1}>"


def local_name(node: Node, file: GoFile, variable: str) -> str:
    """The name of ``variable`` bound where ``node`` is: ``function.variable`` inside a function."""
    function = function_name(enclosing_function(node, file.parsed.root), file.parsed)
    return f"{function}.{variable}" if function else variable


def reference(node: Node, file: GoFile, package: Package, *, tools: bool = False, depth: int = 0) -> Ref | None:
    """What the expression ``node`` (an element of ``SubAgents``, ``Tools`` or a callback list)
    refers to; with ``tools``, a local bound to ``functiontool.New(..., handler)`` refers to the
    handler, whose writes are the tool's."""
    key = package.modules.key(file.path)
    if node.type == "func_literal":
        return Ref(key, literal_name(node))
    if node.type != "identifier":
        return None
    name = file.parsed.text_of(node)
    values = local_values(node, file)
    if values is not None:
        value = values[0] if len(values) == 1 else None
        if value is not None and value.type == "call_expression":
            called = _called(value, file, package, tools=tools)
            if called is not None:
                return called
        return Ref(key, local_name(node, file, name))
    given = only_argument(node, file)
    if given is not None and given.type == "identifier" and depth < _MAX_PARAMETER_DEPTH:
        return reference(given, file, package, tools=tools, depth=depth + 1)  # a parameter: what its one caller passes
    definition = package.lookup(name)
    if definition is not None:
        return Ref(package.modules.key(definition.file.path), name)
    home = package.home_of_function(name)
    return Ref(package.modules.key(home.path), name) if home is not None else Ref(key, name)


def _called(call: Node, file: GoFile, package: Package, *, tools: bool) -> Ref | None:
    function = call.child_by_field_name("function")
    arguments = call.child_by_field_name("arguments")
    if function is None:
        return None
    if function.type == "identifier":
        home = package.home_of_function(file.parsed.text_of(function))
        if home is not None:
            return Ref(package.modules.key(home.path), file.parsed.text_of(function))
    if tools and arguments is not None and arguments.named_child_count:
        handler = arguments.named_children[-1]
        if handler.type in ("identifier", "func_literal"):
            return reference(handler, file, package)
    return None


def write_owner(node: Node, file: GoFile) -> str | None:
    """The function the code at ``node`` belongs to: the outermost function literal passed as a value, or
    the top-level function."""
    function = enclosing_function(node, file.parsed.root)
    owner = None
    while function is not None:
        if function.type == "func_literal":
            owner = literal_name(function)
        else:
            name = function.child_by_field_name("name")
            return owner or (file.parsed.text_of(name) if name is not None else None)
        function = enclosing_function(function, file.parsed.root)
    return owner

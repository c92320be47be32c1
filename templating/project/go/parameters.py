"""Whether a function parameter used in an instruction can carry braces, from its call sites.

Programs build agents in helpers (``researcher := func(name, instruction string) ...``,
``func newAgent(instruction string)``) and pass constant prompts. A parameter is a value known
only at run time, but when every call of the function in its file passes a constant text
without a brace, nothing in it can become a placeholder: the hole is known to be brace-free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from templating.project.go.syntax import enclosing_function
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile

__all__ = ["is_brace_free_parameter", "only_argument", "parameter_arguments"]


def is_brace_free_parameter(node: Node, file: GoFile, evaluate_argument: Callable[[Node], tuple[str, bool]]) -> bool:
    """Whether the identifier ``node`` is a parameter that every call in ``file`` of its
    function gives a constant text without braces (and there is at least one call);
    ``evaluate_argument`` gives an argument's text and whether any of it is unknown."""
    name = file.parsed.text_of(node)
    function, index = _declaring_function(node, file, name)
    callee = _function_name(function, file) if function is not None else None
    if callee is None or index is None:
        return False
    calls = _calls(file).get(callee, [])
    for call in calls:
        arguments = call.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if index >= len(values):
            return False
        text, unknown = evaluate_argument(values[index])
        if unknown or "{" in text or "}" in text:
            return False
    return bool(calls)


def only_argument(node: Node, file: GoFile) -> Node | None:
    """The argument given for the parameter ``node`` names, when its function is called exactly
    once in ``file`` (``NewFlow(writer, critic)`` for ``func NewFlow(first, second agent.Agent)``)."""
    function, index = _declaring_function(node, file, file.parsed.text_of(node))
    callee = _function_name(function, file) if function is not None else None
    calls = _calls(file).get(callee, []) if callee is not None and index is not None else []
    if len(calls) != 1 or index is None:
        return None
    arguments = calls[0].child_by_field_name("arguments")
    values = [v for v in (arguments.named_children if arguments is not None else ()) if v.type != "comment"]
    return values[index] if index < len(values) and enclosing_function(calls[0], file.parsed.root) != function else None


def parameter_arguments(node: Node, file: GoFile, siblings: list[GoFile]) -> list[tuple[Node, GoFile]] | None:
    """What every call of the function declaring the parameter ``node`` names passes for it,
    with the file of each call (``file`` or one of ``siblings``, the other files of its
    package): ``None`` when it is not a parameter of a named function, a call passes too few
    arguments or spreads a slice, or nothing calls it."""
    function, index = _declaring_function(node, file, file.parsed.text_of(node))
    callee = _function_name(function, file) if function is not None else None
    if callee is None or index is None:
        return None
    found: list[tuple[Node, GoFile]] = []
    in_scope = [file] if function.type == "func_literal" else [file, *siblings]  # type: ignore[union-attr]
    for home in in_scope:
        for call in _calls(home).get(callee, []):
            arguments = call.child_by_field_name("arguments")
            values = [v for v in (arguments.named_children if arguments is not None else ()) if v.type != "comment"]
            if index >= len(values) or any(v.type == "variadic_argument" for v in values):
                return None
            found.append((values[index], home))
    return found or None


def _declaring_function(node: Node, file: GoFile, name: str) -> tuple[Node | None, int | None]:
    function = enclosing_function(node, file.parsed.root)
    while function is not None:
        parameters = function.child_by_field_name("parameters")
        names = [
            file.parsed.text_of(declared)
            for parameter in (parameters.named_children if parameters is not None else ())
            for declared in parameter.children_by_field_name("name")
        ]
        if name in names:
            return function, names.index(name)
        function = enclosing_function(function, file.parsed.root)
    return None, None


def _function_name(function: Node, file: GoFile) -> str | None:
    """A top-level function's name, or the local a function literal is bound to."""
    if function.type == "function_declaration":
        name = function.child_by_field_name("name")
        return file.parsed.text_of(name) if name is not None else None
    values = function.parent
    statement = values.parent if values is not None and values.type == "expression_list" else None
    if function.type != "func_literal" or statement is None or statement.type != "short_var_declaration":
        return None
    left = statement.child_by_field_name("left")
    targets = left.named_children if left is not None else []
    position = list(values.named_children).index(function)  # type: ignore[union-attr]
    return file.parsed.text_of(targets[position]) if position < len(targets) else None


def _calls(file: GoFile) -> dict[str, list[Node]]:
    """The calls of plain names in ``file`` by the name called, found in one walk."""
    if file.calls is None:
        calls: dict[str, list[Node]] = {}
        for match in matches(query("templating.project.go", "calls", "go"), file.parsed.root):
            called = match["function"][0]
            if called.type == "identifier":
                calls.setdefault(file.parsed.text_of(called), []).append(match["call"][0])
        file.calls = calls
    return file.calls

"""What a module-level function does when a graph workflow runs it as a node.

`node_functions` reads, for each function: the parameters ADK binds from state (all but the
context parameter and ``node_input``, unless ``@node(parameter_binding="node_input")``), the
keys of the dicts it returns, yields or sends as ``Event(output=...)`` (node output, which is
*not* state), its ``@node`` options, the ``ctx.run_node(...)`` calls it makes, in program
order, and the keys it writes with ``Event(state=...)`` on only some of its returns.
"""

from __future__ import annotations

import ast

from templating.project.model.workflow_facts import NodeCall, NodeFunction, Parameter, PartialWrite
from templating.project.python.adk_vocabulary import (
    CONTEXT_NAMES,
    CONTEXT_TYPES,
    EVENT_CLASS,
    NODE_INPUT_PARAMETERS,
    RUN_NODE,
)
from templating.project.python.partial_writes import partial_writes
from templating.project.python.syntax_tree import (
    called_name,
    keyword_argument,
    string_constant,
)
from templating.project.python.workflows import decorator_options

__all__ = ["NodeCall", "NodeFunction", "Parameter", "PartialWrite", "node_functions"]

_Function = (ast.FunctionDef, ast.AsyncFunctionDef)


def node_functions(module, resolve) -> dict[str, NodeFunction]:
    """How each module-level function of ``module`` behaves as a workflow node."""
    return {
        node.name: _node_function(module, node, resolve) for node in module.tree.body if isinstance(node, _Function)
    }


def _node_function(module, function: ast.FunctionDef | ast.AsyncFunctionDef, resolve) -> NodeFunction:
    options = decorator_options(function)
    by_input = string_constant(options.get("parameter_binding")) == "node_input"
    nodes = module.walk(function)  # walked once for every question below
    return NodeFunction(
        function.name, string_constant(options.get("name")) or function.name,
        () if by_input else tuple(_parameters(module, function)), tuple(_output_keys(nodes)),
        tuple(_node_calls(nodes, resolve)), _true(options.get("parallel_worker")), partial_writes(function, nodes),
        tuple(_signature(module, function)),
    )  # fmt: skip


def _parameters(module, function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Parameter]:
    arguments = function.args
    positional = [*arguments.posonlyargs, *arguments.args]
    defaults = len(arguments.defaults)
    found = []
    for index, argument in enumerate([*positional, *arguments.kwonlyargs]):
        annotation = ast.unparse(argument.annotation) if argument.annotation is not None else ""
        context = argument.arg in CONTEXT_NAMES or any(t in annotation for t in CONTEXT_TYPES)
        if argument.arg in NODE_INPUT_PARAMETERS or context:
            continue
        if index < len(positional):
            optional = index >= len(positional) - defaults
        else:
            optional = arguments.kw_defaults[index - len(positional)] is not None
        line = argument.lineno
        found.append(Parameter(argument.arg, optional, module.source.path, line, argument.col_offset + 1,
                               module.noqa.get(line, frozenset()), module.source.line_text(line)))  # fmt: skip
    return found


def _signature(module, function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Parameter]:
    """Every parameter of ``function`` (``*args`` and ``**kwargs`` too), as ADK's signature has it."""
    arguments = function.args
    every = [*arguments.posonlyargs, *arguments.args, arguments.vararg, *arguments.kwonlyargs, arguments.kwarg]
    return [
        Parameter(argument.arg, False, module.source.path, argument.lineno, argument.col_offset + 1,
                  module.noqa.get(argument.lineno, frozenset()), module.source.line_text(argument.lineno))
        for argument in every if argument is not None
    ]  # fmt: skip


def _output_keys(nodes: list[ast.AST]) -> list[str]:
    """The keys of what the function of ``nodes`` returns, yields or sends as
    ``Event(output=...)``: a dict literal's keys, or the keyword arguments of a model built in
    place (``CityTime(city=...)``)."""
    keys: list[str] = []
    for node in nodes:
        value = None
        if isinstance(node, (ast.Return, ast.Yield)) and node.value is not None:
            value = node.value
        if isinstance(value, ast.Call) and called_name(value) == EVENT_CLASS:
            value = keyword_argument(value, "output")
        if isinstance(value, ast.Dict):
            keys.extend(k.value for k in value.keys if isinstance(k, ast.Constant) and isinstance(k.value, str))
        elif isinstance(value, ast.Call) and (called_name(value) or "")[:1].isupper():
            keys.extend(k.arg for k in value.keywords if k.arg)
    return keys


def _node_calls(nodes: list[ast.AST], resolve) -> list[NodeCall]:
    gathered = {
        id(argument): index for index, gather in enumerate(_gathers(nodes), start=1) for argument in gather.args
    }
    calls = []
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == RUN_NODE:
            target = node.args[0] if node.args else keyword_argument(node, "node")
            ref = resolve(target) if target is not None else None
            calls.append(NodeCall(ref, node.lineno, gathered.get(id(node), 0)))
    return sorted(calls, key=lambda c: c.line)


def _gathers(nodes: list[ast.AST]) -> list[ast.Call]:
    """The ``asyncio.gather(...)`` calls among ``nodes``: their awaitables run concurrently."""
    return [node for node in nodes if isinstance(node, ast.Call) and called_name(node) == "gather"]


def _true(node: ast.expr | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is True

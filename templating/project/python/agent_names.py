"""What the names an agent is built with stand for, where no module-level name tells.

Three shapes of real code, each read statically:

- an agent built in a factory function from agents held in its locals
  (``critic = LlmAgent(...)``; ``LoopAgent(sub_agents=[critic, writer])``): the local's one
  value is the agent (`local_value`);
- a list held in a name (``tools=TOOLS``, ``tools=all_tools`` with ``all_tools = [a, b]``):
  its items are the tools (`listed`);
- ADK's agent classes imported through a module of the project that re-exports them
  (``from .imports import LlmAgent``, where ``imports.py`` says
  ``from google.adk.agents import LlmAgent``): the class is ADK's (`adk_class`).
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from templating.project.python.definitions import local_assignments
from templating.project.python.module import load

if TYPE_CHECKING:
    from templating.project.python.module import PythonModule
    from templating.project.sources import SourceCache

__all__ = ["adk_class", "listed", "local_value"]

_ADK_PACKAGE = "google.adk"
_MAX_HOPS = 8  # re-export modules followed for one name: a cycle stops here


def local_value(module: PythonModule, call: ast.Call, name: str) -> ast.expr | None:
    """The one value ``name`` is bound to in the function ``call`` is written in, if it is
    bound there exactly once (``None`` for a parameter, a loop variable, a rebound name)."""
    function = module.enclosing_functions.get(id(call))
    if function is None:
        return None
    values = local_assignments(function).get(name, [])
    return values[0] if len(values) == 1 and isinstance(values[0], ast.expr) else None


def listed(module: PythonModule, call: ast.Call, value: ast.expr | None) -> list[ast.expr]:
    """The items of ``value`` as an agent's list field (``tools=``, ``sub_agents=``): a list
    or tuple written there, or held in a name (a module constant, or a local of the function
    ``call`` is written in); anything else stands for itself. Starred items are left out."""
    if isinstance(value, ast.Name):
        held = local_value(module, call, value.id) if module.enclosing_functions.get(id(call)) else None
        held = held if held is not None else module.constants.get(value.id)
        value = held if isinstance(held, (ast.List, ast.Tuple)) else value
    if value is None:
        return []
    if isinstance(value, (ast.List, ast.Tuple)):
        return [element for element in value.elts if not isinstance(element, ast.Starred)]
    return [value]


def adk_class(module: PythonModule, name: str, cache: SourceCache) -> str | None:
    """ADK's class name ``name`` stands for when ``module`` imports it from a module of the
    project that only re-exports it from google-adk (``None`` when it is defined, or bound to
    anything else, in the project)."""
    for _ in range(_MAX_HOPS):
        if name not in module.imports:
            return None
        path, symbol = module.imports[name]
        other = load(cache, path)
        if other is None or symbol is None or symbol in other.functions:
            return None
        if symbol not in other.imports:
            return _imported_from_adk(other.tree, symbol)
        module, name = other, symbol
    return None


def _imported_from_adk(tree: ast.Module, name: str) -> str | None:
    """The original name of ``name`` when a module-level ``from google.adk... import`` binds it
    in ``tree`` and nothing else there does."""
    found = None
    for statement in tree.body:
        if isinstance(statement, ast.ClassDef) and statement.name == name:
            return None
        if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module:
            for alias in statement.names:
                if (alias.asname or alias.name) == name:
                    adk = statement.module == _ADK_PACKAGE or statement.module.startswith(_ADK_PACKAGE + ".")
                    found = alias.name if adk else None
    return found

"""The string a key expression always is: a literal, or a constant bound to one.

State keys are often named once and used everywhere (``STATE_CURRENT_DOC = "current_document"``,
``output_key=STATE_CURRENT_DOC``, ``tool_context.state[Keys.DRAFT] = text``): a module
constant, one imported from a sibling module, or a class attribute of the module (``class
Keys: DRAFT = "draft"``) names a key as well as the literal does.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from templating.project.python.definitions import FOLLOWED, Namespace, find_definition
from templating.project.python.module import load

if TYPE_CHECKING:
    from templating.project.python.module import PythonModule
    from templating.project.sources import SourceCache

__all__ = ["constant_text", "key_reader"]


def constant_text(node: ast.expr | None, scope: Namespace, depth: int = 0) -> str | None:
    """The string ``node`` always evaluates to, or ``None``."""
    if node is None or depth > FOLLOWED:
        return None
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
        attribute = _class_attribute(scope, node.value.id, node.attr)
        if attribute is not None:
            return constant_text(attribute[0], attribute[1], depth + 1)
    if isinstance(node, (ast.Name, ast.Attribute)):
        found = find_definition(node, scope)
        if found is not None and isinstance(found[0], ast.expr):
            return constant_text(found[0], found[1], depth + 1)
    return None


def key_reader(module: PythonModule, cache: SourceCache):
    """A function giving the key a module-level expression of ``module`` names, or ``None``."""
    scope = Namespace(module, cache)
    return lambda node: constant_text(node, scope)


def _class_attribute(scope: Namespace, class_name: str, attribute: str) -> tuple[ast.expr, Namespace] | None:
    """The value ``class_name.attribute = value`` binds in a module-level class, of the module
    or of the sibling module it is imported from, with the scope it is written in."""
    module = scope.module
    for _ in range(FOLLOWED):
        if class_name not in module.imports:
            break
        path, symbol = module.imports[class_name]
        other = load(scope.cache, path)
        if other is None or symbol is None:
            return None
        module, class_name = other, symbol
    for statement in module.tree.body:
        if isinstance(statement, ast.ClassDef) and statement.name == class_name:
            for item in statement.body:
                targets = item.targets if isinstance(item, ast.Assign) else [getattr(item, "target", None)]
                value = getattr(item, "value", None)
                if value is not None and any(isinstance(t, ast.Name) and t.id == attribute for t in targets):
                    return value, Namespace(module, scope.cache)
    return None

"""The pydantic models a module defines, for ``{Model.field}`` references (rule TPL020)."""

from __future__ import annotations

import ast

__all__ = ["pydantic_models", "schema_name"]


def pydantic_models(tree: ast.Module) -> dict[str, tuple[str, ...]]:
    """Module-level pydantic models (a base named ``BaseModel``) and their annotated fields."""
    models = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(
            getattr(b, "id", getattr(b, "attr", "")) == "BaseModel" for b in node.bases
        ):
            fields = [s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]
            models[node.name] = tuple(fields)
    return models


def schema_name(value: ast.expr | None) -> str | None:
    """The class an ``input_schema=`` argument names (``CityTime``, ``models.CityTime``)."""
    if isinstance(value, ast.Name):
        return value.id
    return value.attr if isinstance(value, ast.Attribute) else None

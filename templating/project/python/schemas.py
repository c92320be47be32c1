"""The pydantic models a module defines and the types its annotations name, as JSON Schema.

`pydantic_models` gives each model's fields (for ``{Model.field}`` references, rule TPL020, and
for a workflow's ``state_schema``); `annotation_schema` turns an annotation into the JSON Schema
of the value it allows, as far as the text tells (``{}`` when it does not), a model as a
``$ref`` into ``#/$defs``; `value_type` gives the JSON type of a value written in code.
"""

from __future__ import annotations

import ast

__all__ = ["annotation_schema", "output_schema_type", "pydantic_models", "schema_name", "schema_text", "value_type"]

_SCALARS = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "None": "null"}
_ARRAYS = frozenset({"list", "List", "tuple", "Tuple", "set", "Set", "frozenset", "Sequence", "Iterable"})
_OBJECTS = frozenset({"dict", "Dict", "Mapping", "MutableMapping"})
_UNIONS = frozenset({"Optional", "Union"})
#: How deeply an annotation is followed (``list[list[...]]``): deeper is any value.
_DEPTH = 8


def pydantic_models(tree: ast.Module) -> dict[str, dict[str, dict]]:
    """Module-level pydantic models (a base named ``BaseModel``): each annotated field with the
    JSON Schema of its annotation."""
    models = {}
    for node in tree.body:
        if isinstance(node, ast.ClassDef) and any(
            getattr(b, "id", getattr(b, "attr", "")) == "BaseModel" for b in node.bases
        ):
            models[node.name] = {
                s.target.id: annotation_schema(s.annotation)
                for s in node.body
                if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
            }
    return models


def schema_name(value: ast.expr | None) -> str | None:
    """The class an ``input_schema=`` argument names (``CityTime``, ``models.CityTime``)."""
    if isinstance(value, ast.Name):
        return value.id
    return value.attr if isinstance(value, ast.Attribute) else None


def annotation_schema(annotation: ast.expr | None, depth: int = 0) -> dict:
    """The JSON Schema of the values ``annotation`` allows: ``str`` -> ``{"type": "string"}``,
    ``list[Plan]`` -> an array of ``#/$defs/Plan``, ``int | None`` -> integer or null."""
    if annotation is None or depth > _DEPTH:
        return {}
    if isinstance(annotation, ast.Constant) and annotation.value is None:
        return {"type": "null"}
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):  # a forward reference
        try:
            return annotation_schema(ast.parse(annotation.value, mode="eval").body, depth + 1)
        except SyntaxError:
            return {}
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _union([annotation.left, annotation.right], depth)
    name = _name(annotation.value if isinstance(annotation, ast.Subscript) else annotation)
    arguments = _arguments(annotation)
    if name in _SCALARS and not arguments:
        return {"type": _SCALARS[name]}
    if name in _UNIONS:
        return _union([*arguments, ast.Constant(None)] if name == "Optional" else arguments, depth)
    if name in _ARRAYS:
        items = annotation_schema(arguments[0], depth + 1) if arguments and name not in ("tuple", "Tuple") else {}
        return {"type": "array", **({"items": items} if items else {})}
    if name in _OBJECTS:
        return {"type": "object"}
    if name == "Literal":
        values = [a.value for a in arguments if isinstance(a, ast.Constant)]
        return {"enum": values} if len(values) == len(arguments) else {}
    if name[:1].isupper() and not arguments and name not in ("Any", "Annotated"):
        return {"$ref": f"#/$defs/{name}"}
    if name == "Annotated" and arguments:
        return annotation_schema(arguments[0], depth + 1)
    return {}


def _union(members: list[ast.expr], depth: int) -> dict:
    """Any of ``members``: one ``type`` list when each is a plain type, else ``anyOf``."""
    schemas = [annotation_schema(m, depth + 1) for m in members]
    if any(not schema for schema in schemas):
        return {}  # one member allows anything: so does the union
    if all(set(schema) == {"type"} and isinstance(schema["type"], str) for schema in schemas):
        return {"type": list(dict.fromkeys(schema["type"] for schema in schemas))}
    return {"anyOf": schemas}


def _name(node: ast.expr) -> str:
    """``list`` for ``list`` and ``typing.List`` alike; empty for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Constant) and node.value is None:
        return "None"
    return ""


def _arguments(annotation: ast.expr) -> list[ast.expr]:
    if not isinstance(annotation, ast.Subscript):
        return []
    inner = annotation.slice
    return list(inner.elts) if isinstance(inner, ast.Tuple) else [inner]


def schema_text(schema: ast.expr | None) -> str | None:
    """An ``output_schema=`` argument as written (at most a line's worth), ``None`` without one."""
    if schema is None or (isinstance(schema, ast.Constant) and schema.value is None):
        return None
    text = ast.unparse(schema)
    return text if len(text) <= 80 else text[:79] + "…"


def output_schema_type(schema: ast.expr | None) -> str:
    """The JSON type of what an agent's ``output_key`` holds, by its ``output_schema=``: text
    without one or with ``str``; google-adk 2.13.0 stores a model as its ``model_dump()`` dict
    and a list or dict as decoded JSON."""
    if schema is None or (isinstance(schema, ast.Constant) and schema.value is None):
        return "string"
    found = annotation_schema(schema)
    if "$ref" in found:
        return "object"
    kind = found.get("type")
    return kind if isinstance(kind, str) else ""


def value_type(value: ast.expr | None) -> str:
    """The JSON type of the value ``value`` writes, where the code shows it; empty otherwise."""
    if isinstance(value, (ast.Dict, ast.DictComp)) or (
        isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id == "dict"
    ):
        return "object"
    if isinstance(value, (ast.List, ast.ListComp, ast.Tuple)):
        return "array"
    if isinstance(value, ast.JoinedStr):
        return "string"
    if isinstance(value, ast.Constant):
        return _SCALARS.get("None" if value.value is None else type(value.value).__name__, "")
    return ""

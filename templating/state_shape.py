"""What a sample state or a JSON Schema says about nested values, for ``strict`` paths.

A ``strict`` placeholder such as ``{user:profile.name}`` reads the key ``user:profile`` and
then the step ``name``. `find_missing_step` walks the steps through the file given as
``--state``: a sample state (the values themselves) or a JSON Schema (``properties``,
``items`` and local ``$ref``). When the file cannot tell, the path is taken to exist.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# The core calls a nested-value path `Path`; here it is `Steps`, apart from file paths.
from templating.dialects import Path as Steps

__all__ = ["find_missing_step", "is_schema", "run_state", "state_keys"]

_SCALAR_TYPES = frozenset({"string", "number", "integer", "boolean", "null"})


def is_schema(data: Mapping[str, Any]) -> bool:
    """Whether ``data`` is a JSON Schema rather than a sample state."""
    return "$schema" in data or ("object" in _types(data) and isinstance(data.get("properties"), dict))


def run_state(seeds: Mapping[str, Any] | None, sample: Mapping[str, Any] | None) -> dict[str, Any]:
    """The state a run of the project starts from, as far as its config says: its
    ``initial-state`` (``seeds``) with its sample ``state`` over it (a JSON Schema holds no
    values). `templating request`, `templating snapshot` and the editor's preview read it."""
    state: dict[str, Any] = dict(seeds or {})
    if sample is not None and not is_schema(sample):
        state.update(sample)
    return state


def state_keys(data: Mapping[str, Any]) -> frozenset[str]:
    """The top-level keys: the schema's ``properties``, or the sample's own keys."""
    if not is_schema(data):
        return frozenset(data)
    properties = data.get("properties")
    return frozenset(properties) if isinstance(properties, dict) else frozenset()


def find_missing_step(state: Mapping[str, Any], key: str, steps: Steps) -> tuple[int, tuple[str, ...]] | None:
    """The index of the first of the nested-value ``steps`` (under the present ``key``) that
    cannot exist, with the keys that do exist at that point; ``None`` if every step may exist."""
    if is_schema(state):
        properties = state.get("properties")
        return _walk_schema(state, properties.get(key), steps) if isinstance(properties, dict) else None
    return _walk_sample(state.get(key), steps)


def _types(node: Mapping[str, Any]) -> frozenset[str]:
    """A schema's ``type``: one name or a list of them (``["object", "null"]``); any other
    value says nothing."""
    declared = node.get("type")
    if isinstance(declared, str):
        return frozenset({declared})
    if isinstance(declared, list):
        return frozenset(item for item in declared if isinstance(item, str))
    return frozenset()


def _walk_sample(value: Any, steps: Steps) -> tuple[int, tuple[str, ...]] | None:
    for index, step in enumerate(steps):
        if value is None:
            return None  # a null sample says nothing about the shape
        if isinstance(step, str):
            if not isinstance(value, dict) or step not in value:
                return index, tuple(value) if isinstance(value, dict) else ()
            value = value[step]
        elif isinstance(value, list):
            if not value:
                return None
            # Sample lists vary in length: the first item stands for every item.
            value = value[step] if step < len(value) else value[0]
        else:
            return index, ()
    return None


def _walk_schema(root: Mapping[str, Any], node: Any, steps: Steps) -> tuple[int, tuple[str, ...]] | None:
    for index, step in enumerate(steps):
        node = _resolve(root, node)
        if not isinstance(node, dict):
            return None
        types = _types(node)
        if types and types <= _SCALAR_TYPES:
            return index, ()
        if isinstance(step, int):
            node = node.get("items")
            continue
        properties = node.get("properties")
        if not isinstance(properties, dict) or node.get("additionalProperties", False) is not False:
            return None
        if step not in properties:
            return index, tuple(properties)
        node = properties[step]
    return None


def _resolve(root: Mapping[str, Any], node: Any) -> Any:
    """Follow local ``$ref`` pointers (``#/$defs/Profile``) a few levels deep."""
    for _ in range(8):
        if not isinstance(node, dict) or not str(node.get("$ref", "")).startswith("#/"):
            return node
        target: Any = root
        for part in node["$ref"][2:].split("/"):
            target = target.get(part) if isinstance(target, dict) else None
        node = target
    return node

"""``templating contract [PATH ...] --format json|text|json-schema``: per app, the state a run
must start with (`templating.project.model.contract`)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from templating.cli.common import EXIT_OK, UsageError, project_model, project_settings
from templating.printable import printable
from templating.project.model.contract import AppContract, state_contracts

__all__ = ["add_arguments", "contract_document", "contract_schema", "contract_text"]

FORMATS = ("json", "text", "json-schema")
_DRAFT = "https://json-schema.org/draft/2020-12/schema"
_PYTHON_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string", list: "array", dict: "object"}


def add_arguments(contract: argparse.ArgumentParser) -> None:
    """Declare the ``contract`` options."""
    contract.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    contract.add_argument("--format", choices=FORMATS, default="json", help="output format (default: json)")
    contract.add_argument("--app", metavar="NAME", help="only the app whose root is named NAME")
    contract.set_defaults(handler=_run_contract)


def _run_contract(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    settings = project_settings([paths[0]])
    model = project_model(paths)
    every = state_contracts(model)
    contracts = [c for c in every if _named(c, arguments.paths)]
    if arguments.app is not None:
        contracts = [c for c in contracts if c.name == arguments.app]
        if not contracts:
            raise UsageError(f"no app named `{printable(arguments.app)}` here ({_names(every)})")
    if arguments.format == "text":
        sys.stdout.write(contract_text(contracts))
        return EXIT_OK
    if arguments.format == "json-schema":
        if len(contracts) != 1:
            raise UsageError(
                f"a JSON Schema describes one app: name its folder or choose it with --app ({_names(contracts)})"
            )
        document: Any = contract_schema(contracts[0], model.models, settings.state)
    else:
        document = contract_document(contracts)
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")
    return EXIT_OK


def _named(contract: AppContract, paths: list[Path]) -> bool:
    """Whether the app's root is in one of ``paths`` (every app when none is named)."""
    if not paths:
        return True
    root = Path(contract.app.root.path).resolve()
    return any(root == path.resolve() or root.is_relative_to(path.resolve()) for path in paths)


def _names(contracts: list[AppContract]) -> str:
    names = [f"`{c.name}` ({c.app.root.path})" for c in contracts]
    return "apps: " + ", ".join(names) if names else "no app found"


def contract_document(contracts: list[AppContract]) -> dict[str, Any]:
    """The ``json`` format: ``{"apps": [{"root", "file", "line", "required", "optional", "complete"}]}``."""
    return {
        "apps": [
            {"root": c.name, "file": c.app.root.path, "line": c.app.root.line, "required": sorted(c.required),
             "optional": sorted(c.optional), "complete": c.complete}
            for c in contracts
        ]
    }  # fmt: skip


def contract_text(contracts: list[AppContract]) -> str:
    """The ``text`` format: each app, then each key it needs with who reads it first."""
    if not contracts:
        return "No app found: an app is an agent bound to `root_agent` (or an App's root) or a top-level workflow.\n"
    lines: list[str] = []
    for contract in contracts:
        root = contract.app.root
        lines.append(f"{contract.name} ({root.path}:{root.line})")
        needs = [("required", key, reader) for key, reader in sorted(contract.required.items())]
        needs += [("optional", key, reader) for key, reader in sorted(contract.optional.items())]
        width = max((len(key) for _, key, _ in needs), default=0)
        for kind, key, reader in needs:
            lines.append(f"  {kind}  {key:<{width}}  read by `{reader.name}` at {reader.path}:{reader.line}")
        if not needs:
            lines.append("  nothing: every key it reads is written before it is read")
        if not contract.complete:
            lines.append("  (not complete: a write whose key is not a literal may write keys read here)")
    return "\n".join(printable(line) for line in lines) + "\n"


def contract_schema(
    contract: AppContract, models: Mapping[str, Mapping[str, dict]], sample: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The ``json-schema`` format: a JSON Schema (draft 2020-12) of the state a run of the app
    starts with, typed where the program shows it (the ``state_schema`` fields, the seeds'
    values) or the sample state (``--state`` or ``state``) does."""
    properties: dict[str, Any] = {}
    for key, reader in [*sorted(contract.required.items()), *sorted(contract.optional.items())]:
        fragments = [*contract.types.get(key, ()), *_sample_types(sample, key)]
        described = {"description": f"read by `{reader.name}` at {reader.path}:{reader.line}"}
        properties[key] = {**described, **_merged(fragments)}
    schema: dict[str, Any] = {
        "$schema": _DRAFT,
        "title": f"The state a run of {contract.name} starts with",
        "type": "object",
        "properties": properties,
        "required": sorted(contract.required),
    }
    definitions = _definitions(properties, models)
    if definitions:
        schema["$defs"] = definitions
    return schema


def _sample_types(sample: Mapping[str, Any] | None, key: str) -> list[dict]:
    """What a sample state (its value's JSON type) or a JSON Schema (its property) says of ``key``."""
    if not sample:
        return []
    properties = sample.get("properties")
    if ("$schema" in sample or sample.get("type") == "object") and isinstance(properties, dict):
        found = properties.get(key)
        return [found] if isinstance(found, dict) and found else []
    if key not in sample:
        return []
    kind = "null" if sample[key] is None else _PYTHON_TYPES.get(type(sample[key]))
    return [{"type": kind}] if kind else []


def _merged(fragments: list[dict]) -> dict:
    """One schema allowing what each of ``fragments`` allows."""
    unique = [f for index, f in enumerate(fragments) if f not in fragments[:index]]
    if len(unique) <= 1:
        return dict(unique[0]) if unique else {}
    if all(set(f) == {"type"} for f in unique):
        kinds: list[str] = []
        for fragment in unique:
            for kind in fragment["type"] if isinstance(fragment["type"], list) else [fragment["type"]]:
                if kind not in kinds:
                    kinds.append(kind)
        return {"type": kinds if len(kinds) > 1 else kinds[0]}
    return {"anyOf": unique}


def _definitions(properties: dict[str, Any], models: Mapping[str, Mapping[str, dict]]) -> dict[str, Any]:
    """The project models the properties refer to (``#/$defs/Plan``), and those they refer to;
    a reference to a model outside the project becomes any object (its fields are not known)."""
    found: dict[str, Any] = {}
    pending = _references(properties, models)
    while pending:
        name = pending.pop()
        if name not in found:
            found[name] = {"type": "object", "properties": {k: dict(v) for k, v in models[name].items()}}
            pending.extend(_references(found[name], models))
    return dict(sorted(found.items()))


def _references(value: dict[str, Any], models: Mapping[str, Mapping[str, dict]]) -> list[str]:
    """The project models ``value`` refers to with ``$ref``, at any depth (iteratively); a
    reference to a model the project does not define is replaced, in place, by any object."""
    names: list[str] = []
    stack: list[Any] = [value]
    while stack:
        current = stack.pop()
        if isinstance(current, dict):
            reference = current.get("$ref")
            if isinstance(reference, str) and reference.startswith("#/$defs/"):
                name = reference.removeprefix("#/$defs/")
                if name in models:
                    names.append(name)
                else:
                    del current["$ref"]
                    current["type"] = "object"
            stack.extend(current.values())
        elif isinstance(current, list):
            stack.extend(current)
    return names

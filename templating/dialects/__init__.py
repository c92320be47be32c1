"""The dialects: one module per ADK port, and the registry of them.

A [`Dialect`][templating.dialects.Dialect] is a frozen record of how one port reads and
renders a template. Everything that lists dialects or ports (``compile_template``'s
``dialect=``, the CLI's ``--dialect`` choices, the linter's ``target-ports``) reads the
registry here, so adding a port is one module and one line in `_REGISTRY`.

| dialect | port (``target-ports``) | renders as |
|---|---|---|
| ``adk`` | ``python`` | google-adk 2.13.0 |
| ``adk-js`` | ``js`` | @google/adk 2.0.0 |
| ``adk-go`` | ``go`` | google/adk-go v2 |
| ``adk-java`` | ``java`` | google/adk-java 1.8 |
| ``adk-kotlin`` | ``kotlin`` | google/adk-kotlin 0.8 (JVM) |
| ``adk-ts`` | ``adk-ts`` | IQAI's @iqai/adk 0.5.9 |
| ``strict`` | (none) | this library's literal-safe dialect |
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from templating.dialects.dialect import ARTIFACT_PREFIX, STATE_PREFIXES, Dialect, Path

__all__ = [
    "ADK",
    "ADK_GO",
    "ADK_JAVA",
    "ADK_JS",
    "ADK_KOTLIN",
    "ADK_TS",
    "ARTIFACT_PREFIX",
    "DIALECTS",
    "DIALECT_NAMES",
    "PORTS",
    "PORT_DIALECTS",
    "PORT_NAMES",
    "STATE_PREFIXES",
    "STRICT",
    "Dialect",
    "Path",
    "get_dialect",
]

# The registry: each dialect's name, the module and record that define it, and its port name
# (which the record carries too; a test holds them equal). A module is imported the first time
# its dialect is asked for, so `import templating` loads only what it renders with.
_REGISTRY: dict[str, tuple[str, str, str | None]] = {
    "adk": ("adk", "ADK", "python"),
    "strict": ("strict", "STRICT", None),
    "adk-js": ("adk_js", "ADK_JS", "js"),
    "adk-go": ("adk_go", "ADK_GO", "go"),
    "adk-java": ("adk_java", "ADK_JAVA", "java"),
    "adk-kotlin": ("adk_kotlin", "ADK_KOTLIN", "kotlin"),
    "adk-ts": ("adk_ts", "ADK_TS", "adk-ts"),
}

#: The dialect names a user may ask for, in the order they are listed to users.
DIALECT_NAMES = tuple(_REGISTRY)

#: The dialect name of each port, by the port name ``target-ports`` uses.
PORT_DIALECTS: Mapping[str, str] = MappingProxyType(
    {port: name for name, (_, _, port) in _REGISTRY.items() if port is not None}
)

#: The port names ``target-ports`` accepts.
PORT_NAMES = tuple(PORT_DIALECTS)

_LOADED: dict[str, Dialect] = {}


def get_dialect(name: str) -> Dialect:
    """Return the dialect called ``name``; raise ``ValueError`` for an unknown name."""
    try:
        return _LOADED[name]
    except KeyError:
        pass
    except TypeError:
        raise TypeError(f"dialect must be a str, got {type(name).__name__}") from None
    if not isinstance(name, str):
        raise TypeError(f"dialect must be a str, got {type(name).__name__}")
    if name not in _REGISTRY:
        expected = ", ".join(f"`{known}`" for known in DIALECT_NAMES)
        raise ValueError(f"Unknown dialect `{name}`: expected one of {expected}")
    module, record, _ = _REGISTRY[name]
    dialect = _LOADED[name] = getattr(importlib.import_module(f"templating.dialects.{module}"), record)
    return dialect


def _dialects() -> Mapping[str, Dialect]:
    return MappingProxyType({name: get_dialect(name) for name in DIALECT_NAMES})


def _ports() -> Mapping[str, Dialect]:
    return MappingProxyType({port: get_dialect(name) for port, name in PORT_DIALECTS.items()})


_RECORDS = {record: name for name, (_, record, _) in _REGISTRY.items()}


def __getattr__(name: str) -> Any:
    """The records (``ADK``...), ``DIALECTS`` (every dialect by name) and ``PORTS`` (each
    port's dialect by port name), loaded when first asked for."""
    if name in _RECORDS:
        return get_dialect(_RECORDS[name])
    if name == "DIALECTS":
        return _dialects()
    if name == "PORTS":
        return _ports()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

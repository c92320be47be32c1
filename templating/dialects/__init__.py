"""The dialects: one module per ADK port, and the registry of them.

A [`Dialect`][templating.dialects.Dialect] is a frozen record of how one port reads and
renders a template. Everything that lists dialects or ports (``compile_template``'s
``dialect=``, the CLI's ``--dialect`` choices, the linter's ``target-ports``) reads
`DIALECTS` here, so adding a port is one module and one line below.

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

from types import MappingProxyType

from templating.dialects.adk import ADK
from templating.dialects.adk_go import ADK_GO
from templating.dialects.adk_java import ADK_JAVA
from templating.dialects.adk_js import ADK_JS
from templating.dialects.adk_kotlin import ADK_KOTLIN
from templating.dialects.adk_ts import ADK_TS
from templating.dialects.dialect import ARTIFACT_PREFIX, STATE_PREFIXES, Dialect, Path
from templating.dialects.strict import STRICT

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
    "PORT_NAMES",
    "STATE_PREFIXES",
    "STRICT",
    "Dialect",
    "Path",
    "get_dialect",
]

#: Every dialect, by name, in the order they are listed to users.
DIALECTS = MappingProxyType(
    {dialect.name: dialect for dialect in (ADK, STRICT, ADK_JS, ADK_GO, ADK_JAVA, ADK_KOTLIN, ADK_TS)}
)

#: The dialect names a user may ask for.
DIALECT_NAMES = tuple(DIALECTS)

#: The dialect of each ADK port, by the port name ``target-ports`` uses.
PORTS = MappingProxyType({dialect.port: dialect for dialect in DIALECTS.values() if dialect.port is not None})

#: The port names ``target-ports`` accepts.
PORT_NAMES = tuple(PORTS)


def get_dialect(name: str) -> Dialect:
    """Return the dialect called ``name``; raise ``ValueError`` for an unknown name."""
    if not isinstance(name, str):
        raise TypeError(f"dialect must be a str, got {type(name).__name__}")
    try:
        return DIALECTS[name]
    except KeyError:
        pass
    expected = ", ".join(f"`{known}`" for known in DIALECT_NAMES)
    raise ValueError(f"Unknown dialect `{name}`: expected one of {expected}")

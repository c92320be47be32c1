"""Which JVM port a Java or Kotlin file programs against, from its imports.

adk-java and adk-kotlin share the ``com.google.adk`` package root, and a file in either
language may call either port: the imports decide, not the language.
"""

from __future__ import annotations

__all__ = ["ADK_JAVA_PACKAGE", "ADK_KOTLIN_PACKAGE", "port_dialect"]

#: The package every adk-java program imports from.
ADK_JAVA_PACKAGE = "com.google.adk"
#: adk-kotlin's package; any other ``com.google.adk`` import is adk-java.
ADK_KOTLIN_PACKAGE = "com.google.adk.kt"


def port_dialect(imports: list[str]) -> str | None:
    """The dialect of a file importing ``imports``: ``None`` when it imports no ADK port."""
    if any(_under(name, ADK_KOTLIN_PACKAGE) for name in imports):
        return "adk-kotlin"
    if any(_under(name, ADK_JAVA_PACKAGE) for name in imports):
        return "adk-java"
    return None


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")

"""The ``adk-java`` dialect: google/adk-java 1.8's ``InstructionUtils.injectSessionState``.

Read from ``core/src/main/java/com/google/adk/utils/InstructionUtils.java``. See
``docs/grammar-adk-java.md``.
"""

from __future__ import annotations

from typing import Any

from templating.dialects.dialect import BRACE_RUN_PATTERN, Dialect, Path, is_scoped_name
from templating.dialects.jvm import (
    JAVA_WHITESPACE,
    format_jvm_value,
    is_java_identifier,
    jackson_part_json,
)

__all__ = ["ADK_JAVA", "read_java_name"]


def read_java_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk-java`` way (``split(":", 2)``, Java identifiers)."""
    return (name, ()) if is_scoped_name(name, is_java_identifier, first_colon=True) else None


def _format_value(value: Any) -> str:
    return format_jvm_value(value, "adk-java")


def jvm_missing_key_message(name: str, agent_name: str) -> str:
    """adk-java's and adk-kotlin's ``IllegalArgumentException`` for a missing key."""
    return f"Context variable not found: `{name}`."


def jvm_missing_artifact_message(name: str, agent_name: str) -> str:
    """adk-java's and adk-kotlin's ``IllegalArgumentException`` for a missing artifact."""
    return f"Artifact {name} not found."


def jvm_format_error_message(name: str, error: Exception) -> str | None:
    """The error for a value the JVM ports cannot hold or write, naming the key."""
    return f"Value of `{name}` cannot be rendered: {error}"


ADK_JAVA = Dialect(
    name="adk-java",
    port="java",
    implementation="google/adk-java 1.8",
    pattern=BRACE_RUN_PATTERN,
    strips_whitespace=True,
    whitespace=JAVA_WHITESPACE,
    format_value=_format_value,
    read_name=read_java_name,
    format_errors=(TypeError, ValueError),
    format_error_message=jvm_format_error_message,
    missing_key_message=jvm_missing_key_message,
    missing_artifact_message=jvm_missing_artifact_message,
    format_artifact=jackson_part_json,
    # `context.artifactService()` is null: a NullPointerException, thrown while the
    # template is still being scanned, so before any other placeholder's error.
    artifact_service_message="NullPointerException: the invocation context has no artifact service",
    service_errors_first=True,
)

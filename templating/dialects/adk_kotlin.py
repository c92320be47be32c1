"""The ``adk-kotlin`` dialect: google/adk-kotlin 0.8's ``InstructionStateInjector`` (JVM).

Read from ``core/src/commonMain/kotlin/com/google/adk/kt/processors/InstructionStateInjector.kt``.
See ``docs/grammar-adk-kotlin.md``.
"""

from __future__ import annotations

from typing import Any

from templating.dialects.adk_java import (
    jvm_format_error_message,
    jvm_missing_artifact_message,
    jvm_missing_key_message,
)
from templating.dialects.dialect import BRACE_RUN_PATTERN, Dialect, Path, is_scoped_name
from templating.dialects.jvm import (
    KOTLIN_WHITESPACE,
    format_jvm_value,
    gson_part_json,
    is_kotlin_identifier,
)

__all__ = ["ADK_KOTLIN", "read_kotlin_name"]


def read_kotlin_name(name: str) -> tuple[str, Path] | None:
    """Read a state name the ``adk-kotlin`` way (split at the first ``:``, Kotlin letters)."""
    return (name, ()) if is_scoped_name(name, is_kotlin_identifier, first_colon=True) else None


def _format_value(value: Any) -> str:
    return format_jvm_value(value, "adk-kotlin")


ADK_KOTLIN = Dialect(
    name="adk-kotlin",
    port="kotlin",
    implementation="google/adk-kotlin 0.8 (JVM)",
    pattern=BRACE_RUN_PATTERN,
    strips_whitespace=True,
    whitespace=KOTLIN_WHITESPACE,
    format_value=_format_value,
    read_name=read_kotlin_name,
    format_errors=(TypeError, ValueError),
    format_error_message=jvm_format_error_message,
    missing_key_message=jvm_missing_key_message,
    missing_artifact_message=jvm_missing_artifact_message,
    format_artifact=gson_part_json,
    # `context.artifactService?.loadArtifact(...)`: no service reads as a missing artifact.
    artifact_service_message=None,
)

"""Stage 4: the runtime of a compiled template: look values up and turn them into text.

These functions take plain data (the state mapping, a placeholder, the dialect rules) so
that :class:`~templating.compiler.CompiledTemplate` stays a thin shell around them. Errors
carry google-adk's exact messages plus the key and its position in the template.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from templating.context import RenderSource
from templating.errors import ArtifactServiceError, MissingArtifactError, MissingKeyError
from templating.nodes import Placeholder
from templating.source import line_and_column
from templating.syntax import Dialect

__all__ = ["artifact_text", "check_state", "load_artifact_value", "state_value"]


def check_state(state: object) -> None:
    """Raise ``TypeError`` unless ``state`` is a mapping."""
    if not isinstance(state, Mapping):
        raise TypeError(f"state must be a mapping of state keys to values, got {type(state).__name__}")


def state_value(
    state: Mapping[str, Any], placeholder: Placeholder, rules: Dialect, text: str, agent_name: str
) -> str:
    """The text a state placeholder renders to; raise :class:`MissingKeyError` if required
    and missing."""
    key = placeholder.key
    if key in state:
        return rules.format_value(state[key])
    if placeholder.optional:
        return ""
    line, column = line_and_column(text, placeholder.span.start)
    raise MissingKeyError(
        f"Context variable not found: `{key}` in agent '{agent_name}'.",
        key=key,
        agent_name=agent_name,
        span=placeholder.span,
        line=line,
        column=column,
    )


async def load_artifact_value(source: RenderSource, placeholder: Placeholder, text: str) -> str:
    """Load an artifact placeholder's content and return its text.

    Raises :class:`ArtifactServiceError` when the context has no artifacts (even for an
    optional placeholder, as google-adk does) and :class:`MissingArtifactError` when a
    required artifact does not exist. Errors from the artifact service propagate unchanged.
    """
    name = placeholder.key
    line, column = line_and_column(text, placeholder.span.start)
    if source.load_artifact is None:
        raise ArtifactServiceError(
            "Artifact service is not initialized.", span=placeholder.span, line=line, column=column
        )
    artifact = await source.load_artifact(name)
    if artifact is not None:
        return artifact_text(artifact, name)
    if placeholder.optional:
        return ""
    raise MissingArtifactError(
        f"Artifact '{name}' not found in agent '{source.agent_name}'.",
        key=name,
        agent_name=source.agent_name,
        span=placeholder.span,
        line=line,
        column=column,
    )


def artifact_text(artifact: Any, name: str) -> str:
    """Turn a loaded artifact into text as google-adk does.

    A google-genai ``Part`` goes through google-adk's ``as_safe_part_for_llm`` (decoded text,
    or a ``[Binary artifact ...]`` note), falling back to ``str(part)`` when that has no
    text; anything else is ``str(artifact)``.
    """
    genai_types = sys.modules.get("google.genai.types")
    # No need to import google-genai: if it is not loaded, nothing can be one of its Parts.
    if genai_types is not None and isinstance(artifact, genai_types.Part):
        safe_text = _safe_part_text(artifact, name)
        if safe_text is not None:
            return safe_text
    return str(artifact)


def _safe_part_text(part: Any, name: str) -> str | None:
    try:
        from google.adk.tools.load_artifacts_tool import as_safe_part_for_llm
    except ImportError:  # google-genai without google-adk: a Part's own text is the best we have
        return part.text
    return as_safe_part_for_llm(part, name).text

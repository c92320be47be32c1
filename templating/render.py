"""Stage 4: the runtime of a compiled template: look values up and turn them into text.

These functions take plain data (the state mapping, a placeholder, the dialect dialect) so
that [`CompiledTemplate`][templating.CompiledTemplate] stays a thin shell around them. Errors
carry google-adk's exact messages plus the key and its position in the template.
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from dataclasses import replace
from typing import Any, Literal

from templating.context import RenderSource
from templating.dialects import Dialect
from templating.dialects.dialect import ARTIFACT_PREFIX, MISSING, follow_path
from templating.dialects.values import TooDeep
from templating.errors import (
    ArtifactServiceError,
    MissingArtifactError,
    MissingKeyError,
    TemplateError,
    ValueFormatError,
)
from templating.markers import mark_value
from templating.nodes import Placeholder
from templating.source import Span, line_and_column

__all__ = [
    "artifact_text",
    "artifact_value",
    "check_artifact_service",
    "check_state",
    "follow_path",
    "load_artifact_value",
    "load_artifacts",
    "preview_value",
    "resolve_async",
    "state_value",
]

#: Where a placeholder's text comes from in a preview: the state, ADK itself (an inherited
#: value such as ``app_name``), nowhere for an optional key (it renders empty), nowhere for a
#: required one (the render fails), or the artifact service at run time.
Outcome = Literal["state", "adk", "empty", "missing", "artifact"]


def check_state(state: object) -> None:
    """Raise ``TypeError`` unless ``state`` is a mapping."""
    if not isinstance(state, Mapping):
        raise TypeError(f"state must be a mapping of state keys to values, got {type(state).__name__}")


def state_value(
    state: Mapping[str, Any], placeholder: Placeholder, dialect: Dialect, text: str, agent_name: str
) -> str:
    """The text a state placeholder renders to; raise [`MissingKeyError`][templating.MissingKeyError] if required
    and missing (at any step of its path), and [`ValueFormatError`][templating.ValueFormatError] for a value the
    dialect cannot format (an optional placeholder renders empty instead where the port does so)."""
    key = placeholder.key
    if key in state:
        value = state[key]
        if placeholder.path:
            value = dialect.follow_path(value, placeholder.path)
        if value is not MISSING:
            if placeholder.marker is not None:
                return _marked_value(placeholder, value, dialect, text)
            try:
                return dialect.format_value(value)
            except dialect.format_errors as error:
                if placeholder.optional and dialect.optional_hides_errors:
                    return ""
                raise _format_error(placeholder, text, error, dialect) from error
    elif key in dialect.inherited_values and not placeholder.path:
        return dialect.inherited_values[key]
    if placeholder.optional:
        return ""
    name = placeholder.expression
    line, column = line_and_column(text, placeholder.span.start)
    raise MissingKeyError(
        dialect.missing_key_message(name, agent_name),
        key=name,
        agent_name=agent_name,
        span=placeholder.span,
        line=line,
        column=column,
    )


def preview_value(
    state: Mapping[str, Any], placeholder: Placeholder, dialect: Dialect, agent_name: str = ""
) -> tuple[str, Outcome, str | None]:
    """What ``placeholder`` renders to with ``state``, where that comes from, and for a key the
    render fails on, its error message (the value is then empty): a preview shows every
    placeholder, the missing ones too, rather than stopping at the first."""
    if placeholder.artifact:
        return "", "artifact", None
    try:
        # Looked up in its own text: the error's line and column, counted from the start of the
        # whole template for each missing placeholder, made a preview quadratic (128,000 on
        # one line took 21 s). Only the message is shown.
        shift = placeholder.span.start
        name = Span(placeholder.name_span.start - shift, placeholder.name_span.end - shift)
        alone = replace(placeholder, span=Span(0, len(placeholder.source)), name_span=name)
        value = state_value(state, alone, dialect, placeholder.source, agent_name)
    except TemplateError as error:
        return "", "missing", str(error.args[0] if error.args else error)
    if placeholder.key in state:
        return value, "state", None
    if placeholder.key in dialect.inherited_values and not placeholder.path:
        return value, "adk", None
    return value, "empty", None


def _marked_value(placeholder: Placeholder, value: Any, dialect: Dialect, text: str) -> str:
    """The text of a value under its placeholder's data marker; a value the marker cannot write
    is a [`ValueFormatError`][templating.ValueFormatError] in every dialect (it is no port's
    behaviour to mimic)."""
    marker = placeholder.marker
    assert marker is not None
    try:
        return mark_value(marker, placeholder.expression, value, dialect.format_value)
    except (TypeError, ValueError) as error:
        raise _format_error(placeholder, text, error, dialect) from error


def _format_error(placeholder: Placeholder, text: str, error: Exception, dialect: Dialect) -> ValueFormatError:
    name = placeholder.expression
    line, column = line_and_column(text, placeholder.span.start)
    message = dialect.format_error_message(name, error) or (
        f"Value of `{name}` cannot be rendered: {error}"
        if isinstance(error, TooDeep)
        else f"Value of `{name}` cannot be rendered ({error}): expected a string, a number, a boolean, "
        "`None`, a list, a dict or a pydantic model of those"
    )
    return ValueFormatError(
        message,
        key=name,
        span=placeholder.span,
        line=line,
        column=column,
    )


async def load_artifacts(source: RenderSource, names: tuple[str, ...]) -> dict[str, Any]:
    """Load each of ``names`` once, concurrently; map each name to its artifact, ``None``
    or the exception its load raised (re-raised later, in template order)."""
    if source.load_artifact is None or not names:
        return {}
    import asyncio  # here, not at the top: `import templating` stays cheap for the linter

    results = await asyncio.gather(*(source.load_artifact(name) for name in names), return_exceptions=True)
    return dict(zip(names, results))


async def load_artifact_value(source: RenderSource, placeholder: Placeholder, text: str, dialect: Dialect) -> str:
    """Load an artifact placeholder's content and return its text.

    Raises [`ArtifactServiceError`][templating.ArtifactServiceError] when the context has no artifacts (even for an
    optional placeholder, as google-adk does) and [`MissingArtifactError`][templating.MissingArtifactError] when a
    required artifact does not exist. Errors from the artifact service propagate unchanged.
    """
    if source.load_artifact is None:
        loaded = None
    else:
        try:
            loaded = await source.load_artifact(placeholder.key)
        except Exception as error:  # noqa: BLE001 - re-raised by artifact_value unless the port hides it
            loaded = error
    return artifact_value(source, placeholder, text, loaded, dialect)


def check_artifact_service(source: RenderSource, placeholder: Placeholder, text: str, dialect: Dialect) -> None:
    """Raise [`ArtifactServiceError`][templating.ArtifactServiceError] if ``source`` cannot
    load artifacts (even for an optional placeholder, as every port but Kotlin does; Kotlin
    reads it as a missing artifact)."""
    message = dialect.artifact_service_message
    if source.load_artifact is None and message is not None:
        line, column = line_and_column(text, placeholder.span.start)
        raise ArtifactServiceError(message, span=placeholder.span, line=line, column=column)


def artifact_value(source: RenderSource, placeholder: Placeholder, text: str, loaded: Any, dialect: Dialect) -> str:
    """The text of an artifact placeholder whose artifact is ``loaded`` (``None`` if it does
    not exist, or the exception loading it raised, which is raised again)."""
    name = placeholder.key
    check_artifact_service(source, placeholder, text, dialect)
    if isinstance(loaded, BaseException):
        if placeholder.optional and dialect.optional_hides_errors and isinstance(loaded, Exception):
            return ""
        raise loaded
    if not dialect.is_missing_artifact(loaded):
        loaded_text = (
            artifact_text(loaded, name) if dialect.format_artifact is None else dialect.format_artifact(loaded)
        )
        if placeholder.marker is not None:
            return mark_value(placeholder.marker, ARTIFACT_PREFIX + name, loaded_text, str)
        return loaded_text
    if placeholder.optional:
        return ""
    line, column = line_and_column(text, placeholder.span.start)
    raise MissingArtifactError(
        dialect.missing_artifact_message(name, source.agent_name),
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


async def resolve_async(
    source: RenderSource,
    placeholders: tuple[Placeholder, ...],
    artifact_names: tuple[str, ...],
    dialect: Dialect,
    text: str,
) -> list[str]:
    """The text of each placeholder, resolved as ``render_async`` resolves them in ``dialect``:
    one at a time in template order, or with each distinct artifact loaded once and all of
    them concurrently first; a missing artifact service first where the port says so."""
    if dialect.service_errors_first and artifact_names:
        first = next(placeholder for placeholder in placeholders if placeholder.artifact)
        check_artifact_service(source, first, text, dialect)
    if not dialect.concurrent_artifacts:
        values = []
        for placeholder in placeholders:
            if placeholder.artifact:
                values.append(await load_artifact_value(source, placeholder, text, dialect))
            else:
                values.append(state_value(source.state, placeholder, dialect, text, source.agent_name))
        return values
    loaded = await load_artifacts(source, artifact_names)
    resolved = _resolve_state_first(source, placeholders, dialect, text) if dialect.state_errors_first else {}
    return [
        resolved[index]
        if index in resolved
        else artifact_value(source, placeholder, text, loaded.get(placeholder.key), dialect)
        if placeholder.artifact
        else state_value(source.state, placeholder, dialect, text, source.agent_name)
        for index, placeholder in enumerate(placeholders)
    ]


def _resolve_state_first(
    source: RenderSource, placeholders: tuple[Placeholder, ...], dialect: Dialect, text: str
) -> dict[int, str]:
    """The text of every state placeholder, by position; raises what adk-js raises before
    any artifact error: the first failing state key or missing artifact service, in
    template order (adk-js resolves every key at once, and these fail before a load)."""
    resolved = {}
    for index, placeholder in enumerate(placeholders):
        if placeholder.artifact:
            check_artifact_service(source, placeholder, text, dialect)
        else:
            resolved[index] = state_value(source.state, placeholder, dialect, text, source.agent_name)
    return resolved

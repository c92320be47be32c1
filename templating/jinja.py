"""google-adk's Jinja2 mode (``inject_session_state(..., use_jinja2=True)``), compiled once.

The template is rendered as google-adk 2.13.0 renders it: a sandboxed environment with
``StrictUndefined`` and no autoescaping; state keys are top-level variables, the read-only
state is ``state`` and ``artifact(name)`` loads an artifact's text asynchronously. Unlike
google-adk, each template text is compiled once and kept in a bounded cache, and the
sandbox is the *immutable* one, so a template cannot mutate state values
(``{{ items.append(1) }}`` raises ``jinja2.exceptions.SecurityError``).

Jinja2 is an optional extra (``pip install 'agent-templating[jinja]'``): it is imported on first
use, never by the default regex path.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from templating.context import RenderSource, read_context
from templating.errors import ArtifactServiceError, MissingArtifactError
from templating.render import artifact_text

__all__ = ["render_jinja"]

#: How many compiled Jinja2 templates are kept.
CACHE_SIZE = 256


async def render_jinja(template: str, context: object) -> str:
    """Render ``template`` with Jinja2 against ``context``, as google-adk's Jinja2 mode does.

    Raises ``ImportError`` (saying how to install it) if Jinja2 is missing, and Jinja2's
    own errors (``TemplateSyntaxError``, ``UndefinedError``, ``SecurityError``) as they are.
    """
    if not isinstance(template, str):
        raise TypeError(f"template must be a str, got {type(template).__name__}")
    source = read_context(context)
    compiled = _compile(template)
    variables = dict(source.state)
    variables["state"] = _read_only(source.state)
    variables["artifact"] = _artifact_loader(source)
    return await compiled.render_async(**variables)


@functools.lru_cache(maxsize=CACHE_SIZE)
def _compile(template: str) -> Any:
    return _environment().from_string(template)


@functools.cache
def _environment() -> Any:
    try:
        import jinja2
        from jinja2.sandbox import ImmutableSandboxedEnvironment
    except ImportError as error:
        raise ImportError(
            "Rendering with `use_jinja2=True` needs the optional `jinja2` package: "
            "install it with `pip install 'agent-templating[jinja]'`"
        ) from error
    return ImmutableSandboxedEnvironment(enable_async=True, undefined=jinja2.StrictUndefined, autoescape=False)


def _read_only(state: Mapping[str, Any]) -> Mapping[str, Any]:
    return state if isinstance(state, MappingProxyType) else MappingProxyType(state)


def _artifact_loader(source: RenderSource) -> Any:
    async def artifact(filename: str) -> str:
        """Load the artifact called ``filename`` and return its text."""
        if source.load_artifact is None:
            raise ArtifactServiceError("Artifact service is not initialized.")
        loaded = await source.load_artifact(filename)
        if loaded is None:
            raise MissingArtifactError(
                f"Artifact '{filename}' not found in agent '{source.agent_name}'.",
                key=filename,
                agent_name=source.agent_name,
            )
        return artifact_text(loaded, filename)

    return artifact

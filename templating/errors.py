"""Errors raised while compiling and rendering templates.

Every error is a [`TemplateError`][templating.TemplateError], and also the built-in type that google-adk raises
in the same situation, so code written for ADK keeps catching what it caught before:

    TemplateError
    ├── TemplateSyntaxError (ValueError)       a template that cannot be compiled (strict)
    ├── MissingKeyError (KeyError)             a required state key is not in the state
    │   └── MissingArtifactError               a required artifact does not exist
    ├── ArtifactServiceError (ValueError)      a template needs artifacts, the context has none
    └── ValueFormatError (TypeError)           a state value the dialect cannot render (not in adk)

``args[0]`` is always the message; in the ``adk`` dialect it is google-adk's message verbatim.
The other details are attributes (``key``, ``span``, ``line``, ``column``...). All of them
pickle and unpickle with their attributes.
"""

from __future__ import annotations

from templating.source import Span

__all__ = [
    "ArtifactServiceError",
    "MissingArtifactError",
    "MissingKeyError",
    "TemplateError",
    "TemplateSyntaxError",
    "ValueFormatError",
]


class TemplateError(Exception):
    """Base class of every error this library raises about a template.

    ``key`` is the state key or artifact name concerned, if any. ``span`` is where in the
    template the problem is, with ``line`` and ``column`` (1-based) when they are known.
    """

    def __init__(
        self,
        message: str,
        *,
        key: str = "",
        span: Span | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message)
        self.key = key
        self.span = span
        self.line = line
        self.column = column

    @property
    def message(self) -> str:
        """The message, without the position."""
        return str(self.args[0])


class TemplateSyntaxError(TemplateError, ValueError):
    """A template that cannot be compiled in its dialect.

    ``code`` is a stable short name of the problem (for example ``artifact-name``).
    ``str(error)`` reads ``message (at line L, column C)``.
    """

    def __init__(
        self,
        message: str,
        *,
        code: str = "syntax",
        span: Span | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message, span=span, line=line, column=column)
        self.code = code

    def __str__(self) -> str:
        if self.line is None:
            return self.message
        return f"{self.message} (at line {self.line}, column {self.column})"


class MissingKeyError(TemplateError, KeyError):
    """A required placeholder's state key is not in the state.

    ``key`` is the missing key and ``agent_name`` the agent that was rendering.
    """

    def __init__(
        self,
        message: str,
        *,
        key: str = "",
        agent_name: str = "",
        span: Span | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        super().__init__(message, key=key, span=span, line=line, column=column)
        self.agent_name = agent_name

    def __str__(self) -> str:
        # KeyError shows repr(message); keep it, as google-adk's KeyError does.
        return KeyError.__str__(self)


class MissingArtifactError(MissingKeyError):
    """A required artifact does not exist. ``key`` is the artifact's file name."""


class ArtifactServiceError(TemplateError, ValueError):
    """The template has an artifact placeholder and the context has no artifacts to read."""


class ValueFormatError(TemplateError, TypeError):
    """A state value the dialect cannot turn into text, such as a ``set`` in ``strict``
    (which renders JSON). ``key`` names the placeholder's key and path."""

"""templating: write, check and render the instructions of LLM agents.

The public API, in pipeline order: [`parse`][templating.parse] a template into an AST,
[`compile_template`][templating.compile_template] it (cached), render it with [`CompiledTemplate.render`][templating.CompiledTemplate.render] or
[`CompiledTemplate.render_async`][templating.CompiledTemplate.render_async], or call the google-adk drop-in
[`inject_session_state`][templating.inject_session_state].
"""

from templating.compiler import CompiledTemplate, compile_template
from templating.context import ReadonlyContext
from templating.errors import (
    ArtifactServiceError,
    MissingArtifactError,
    MissingKeyError,
    TemplateError,
    TemplateSyntaxError,
    ValueFormatError,
)
from templating.injection import inject_session_state
from templating.nodes import Escape, LiteralGroup, Placeholder, Template, Text
from templating.parser import parse
from templating.provider import InstructionProvider, resolve_instruction
from templating.source import Span
from templating.state import Scope, State, scope_of
from templating.store import InMemoryStateStore

__all__ = [
    "ArtifactServiceError",
    "CompiledTemplate",
    "Escape",
    "InMemoryStateStore",
    "InstructionProvider",
    "LiteralGroup",
    "MissingArtifactError",
    "MissingKeyError",
    "Placeholder",
    "ReadonlyContext",
    "Scope",
    "Span",
    "State",
    "Template",
    "TemplateError",
    "TemplateSyntaxError",
    "Text",
    "ValueFormatError",
    "compile_template",
    "inject_session_state",
    "parse",
    "resolve_instruction",
    "scope_of",
]

__version__ = "0.1.0"

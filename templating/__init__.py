"""templating: write, check and render the instructions of LLM agents.

The public API, in pipeline order: [`parse`][templating.parse] a template into an AST,
[`compile_template`][templating.compile_template] it (cached), render it with [`CompiledTemplate.render`][templating.CompiledTemplate.render] or
[`CompiledTemplate.render_async`][templating.CompiledTemplate.render_async], or call the google-adk drop-in
[`inject_session_state`][templating.inject_session_state].
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from templating.compiled import CompiledTemplate
    from templating.compiler import compile_template
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
    from templating.policy import ValuePolicy
    from templating.provider import InstructionProvider, resolve_instruction
    from templating.source import Span
    from templating.split import split_static
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
    "ValuePolicy",
    "compile_template",
    "inject_session_state",
    "parse",
    "resolve_instruction",
    "scope_of",
    "split_static",
]

__version__ = "0.1.0"

# Each public name's module. They are imported on first use (PEP 562), not here: the command
# line imports this package for `__version__` alone, and `templating --version` or a pre-commit
# run on one file should not pay for the compiler, the dialects and the state core.
_MODULES = {
    "ArtifactServiceError": "templating.errors",
    "CompiledTemplate": "templating.compiled",
    "Escape": "templating.nodes",
    "InMemoryStateStore": "templating.store",
    "InstructionProvider": "templating.provider",
    "LiteralGroup": "templating.nodes",
    "MissingArtifactError": "templating.errors",
    "MissingKeyError": "templating.errors",
    "Placeholder": "templating.nodes",
    "ReadonlyContext": "templating.context",
    "Scope": "templating.state",
    "Span": "templating.source",
    "State": "templating.state",
    "Template": "templating.nodes",
    "TemplateError": "templating.errors",
    "TemplateSyntaxError": "templating.errors",
    "Text": "templating.nodes",
    "ValueFormatError": "templating.errors",
    "ValuePolicy": "templating.policy",
    "compile_template": "templating.compiler",
    "inject_session_state": "templating.injection",
    "parse": "templating.parser",
    "resolve_instruction": "templating.provider",
    "scope_of": "templating.state",
    "split_static": "templating.split",
}


def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is asked for."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'templating' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})

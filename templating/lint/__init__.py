"""The instruction linter, built on top of the compiler: nothing below imports from here.

Pipeline: `files` picks files; `python_source`,
`yaml_source` find instructions with source positions; the checks in
`checks` report hazards on the parsed template;
`linter` applies selection and ``# noqa``; `formats`
writes the output.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from templating.lint.config import ConfigError, ToolConfig, build_settings, find_config
    from templating.lint.finding import Finding, Fix
    from templating.lint.instruction_lint import lint_instruction
    from templating.lint.linter import LintResult, lint_paths, lint_text
    from templating.lint.registry import RULES, find_rule
    from templating.lint.rule import Rule, Severity
    from templating.lint.settings import Settings

__all__ = [
    "RULES",
    "ConfigError",
    "Finding",
    "Fix",
    "LintResult",
    "Rule",
    "Settings",
    "Severity",
    "ToolConfig",
    "build_settings",
    "find_config",
    "find_rule",
    "lint_instruction",
    "lint_paths",
    "lint_text",
]

# Each public name's module, imported on first use (PEP 562): the command line reaches
# `templating.lint.finding` through this package, and should not pay for the whole linter
# (the project model, the cache, the worker pool) before it knows it will lint.
_MODULES = {
    "ConfigError": "templating.lint.config",
    "Finding": "templating.lint.finding",
    "Fix": "templating.lint.finding",
    "LintResult": "templating.lint.linter",
    "RULES": "templating.lint.registry",
    "Rule": "templating.lint.rule",
    "Settings": "templating.lint.settings",
    "Severity": "templating.lint.rule",
    "ToolConfig": "templating.lint.config",
    "build_settings": "templating.lint.config",
    "find_config": "templating.lint.config",
    "find_rule": "templating.lint.registry",
    "lint_instruction": "templating.lint.instruction_lint",
    "lint_paths": "templating.lint.linter",
    "lint_text": "templating.lint.linter",
}


def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is asked for."""
    module = _MODULES.get(name)
    if module is None:
        raise AttributeError(f"module 'templating.lint' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

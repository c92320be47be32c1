"""The instruction linter, built on top of the compiler: nothing below imports from here.

Pipeline: :mod:`~templating.project.files` picks files; :mod:`~templating.project.python_source`,
:mod:`~templating.project.yaml_source` find instructions with source positions; the checks in
:mod:`~templating.lint.checks` report hazards on the parsed template;
:mod:`~templating.lint.linter` applies selection and ``# noqa``; :mod:`~templating.lint.formats`
writes the output.
"""

from templating.lint.config import ConfigError, ToolConfig, build_settings, find_config
from templating.lint.finding import Finding, Fix
from templating.lint.linter import LintResult, lint_instruction, lint_paths, lint_text
from templating.lint.registry import RULES, find_rule
from templating.lint.rule import Rule, Severity
from templating.lint.settings import Settings

__all__ = [
    "ConfigError",
    "Finding",
    "Fix",
    "LintResult",
    "RULES",
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

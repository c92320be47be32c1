"""The instruction linter, built on top of the compiler: nothing below imports from here.

Pipeline: `files` picks files; `python_source`,
`yaml_source` find instructions with source positions; the checks in
`checks` report hazards on the parsed template;
`linter` applies selection and ``# noqa``; `formats`
writes the output.
"""

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

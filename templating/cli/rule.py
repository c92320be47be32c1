"""``templating rule TPLxxx``: explain a lint rule; ``--all`` lists every rule."""

from __future__ import annotations

import argparse
import sys

from templating.cli.common import EXIT_OK, UsageError
from templating.lint.registry import RULES, find_rule, render_rule_markdown

__all__ = ["add_arguments"]


def add_arguments(rule: argparse.ArgumentParser) -> None:
    """Declare the ``rule`` options."""
    rule.add_argument("rule", nargs="?", help="the rule code or name")
    rule.add_argument("--all", action="store_true", help="list every rule")
    rule.set_defaults(handler=_run_rule)


def _run_rule(arguments: argparse.Namespace) -> int:
    if arguments.all or not arguments.rule:
        for rule in RULES:
            sys.stdout.write(f"{rule.code}  {rule.name:32} {rule.severity.label:8} {rule.summary}\n")
        return EXIT_OK
    found = find_rule(arguments.rule)
    if found is None:
        raise UsageError(f"unknown rule `{arguments.rule}` (see `templating rule --all`)")
    sys.stdout.write(render_rule_markdown(found))
    return EXIT_OK

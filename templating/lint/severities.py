"""Per-rule severities: the ``severity`` table of ``[tool.templating]`` and ``--severity``.

A project raises a rule whose finding means a crash at run time in its code (``TPL015 =
"error"``) or lowers one it treats as advice (``TPL010 = "info"``). The severity is set on
each finding as it leaves the run (`with_severities`), so every output format, the language
server's diagnostics and the exit status (``fail-level``) see the same level, and the cache
keeps the rules' own.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from templating.lint.finding import Finding
from templating.lint.registry import find_rule
from templating.lint.rule import Severity

__all__ = ["LEVELS", "SeverityError", "parse_severity_options", "rule_severities", "with_severities"]

#: The severities a rule may be given, as written in the table and on the command line.
LEVELS = tuple(severity.label for severity in sorted(Severity, reverse=True))


class SeverityError(ValueError):
    """A rule or a severity that does not exist, with the message to show."""


def rule_severities(table: Mapping[str, str]) -> tuple[tuple[str, Severity], ...]:
    """The rule codes and their severities, from rule codes or kebab-case names to level
    names; raises `SeverityError` for an unknown rule or level."""
    chosen: dict[str, Severity] = {}
    for selector, level in table.items():
        rule = find_rule(selector)
        if rule is None:
            raise SeverityError(f"unknown rule `{selector}` in `severity` (see `templating rule --all`)")
        if level not in LEVELS:
            expected = ", ".join(f"`{name}`" for name in LEVELS)
            raise SeverityError(f"unknown severity `{level}` for `{selector}` in `severity`: expected {expected}")
        chosen[rule.code] = Severity[level.upper()]
    return tuple(sorted(chosen.items()))


def parse_severity_options(values: Iterable[str]) -> dict[str, str]:
    """``RULE=LEVEL`` texts (``TPL015=error``, several joined with commas) as a table."""
    table: dict[str, str] = {}
    for value in values:
        for part in value.split(","):
            rule, equals, level = part.partition("=")
            if not equals or not rule.strip() or not level.strip():
                raise SeverityError(f"--severity: `{part}` is not RULE=LEVEL (as TPL015=error)")
            table[rule.strip()] = level.strip()
    return table


def with_severities(findings: Iterable[Finding], severities: tuple[tuple[str, Severity], ...]) -> list[Finding]:
    """``findings`` with the severity configured for their rule, where one is."""
    if not severities:
        return list(findings)
    levels = dict(severities)
    return [
        dataclasses.replace(f, severity=levels[f.code]) if f.code in levels and f.severity != levels[f.code] else f
        for f in findings
    ]

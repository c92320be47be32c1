"""Findings as LSP diagnostics: exact range, rule code, severity and a link to the rule page."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from lsprotocol import types

from templating.lint.finding import Finding
from templating.lint.registry import RULE_DOCS
from templating.lint.rule import Severity

__all__ = ["SOURCE", "Encode", "rule_url", "to_diagnostic"]

#: The ``source`` of every diagnostic, which code actions use to recognise their own.
SOURCE = "templating"

#: Turns a 0-based (line, code point) start and end into a range in the client's units.
Encode = Callable[[tuple[int, int], tuple[int, int]], types.Range]

_SEVERITIES = {
    Severity.ERROR: types.DiagnosticSeverity.Error,
    Severity.WARNING: types.DiagnosticSeverity.Warning,
    Severity.INFO: types.DiagnosticSeverity.Information,
}


def to_diagnostic(finding: Finding, encode: Encode) -> types.Diagnostic:
    """The diagnostic for ``finding``; its help line follows the message, as in the CLI."""
    start = (finding.line - 1, finding.column - 1)
    end = (finding.end_line - 1, finding.end_column - 1)
    url = rule_url(finding.code)
    return types.Diagnostic(
        range=encode(start, end),
        message=f"{finding.message}\nhelp: {finding.help}" if finding.help else finding.message,
        severity=_SEVERITIES[finding.severity],
        code=finding.code,
        code_description=types.CodeDescription(href=url) if url else None,
        source=SOURCE,
        data={"name": finding.name, "fixable": finding.fix is not None},
    )


@cache
def rule_url(code: str) -> str | None:
    """The rule's page: the docs of this source checkout, when it has them (no site is
    published yet; an installed wheel has no docs folder, and then there is no link)."""
    page = Path(__file__).resolve().parents[2] / RULE_DOCS.format(code=code)
    return page.as_uri() if page.is_file() else None

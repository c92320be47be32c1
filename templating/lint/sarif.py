"""Build a SARIF 2.1.0 log: every rule in ``tool.driver.rules``, one result per finding."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from templating import __version__
from templating.lint.finding import Finding
from templating.lint.registry import RULE_DOCS, RULES

__all__ = ["SARIF_SCHEMA", "to_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def to_sarif(findings: Sequence[Finding]) -> dict:
    """The SARIF log as plain JSON data."""
    rules = [_rule(rule) for rule in RULES]
    index = {rule.code: position for position, rule in enumerate(RULES)}
    driver = {"name": "templating", "version": __version__, "informationUri": "docs/lint.md", "rules": rules}
    run = {
        "tool": {"driver": driver},
        "columnKind": "unicodeCodePoints",
        "results": [_result(finding, index[finding.code]) for finding in findings],
    }
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(rule) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "helpUri": RULE_DOCS.format(code=rule.code),
        "defaultConfiguration": {"level": _LEVELS[rule.severity.label]},
    }


def _result(finding: Finding, rule_index: int) -> dict:
    region = {
        "startLine": finding.line,
        "startColumn": finding.column,
        "endLine": finding.end_line,
        "endColumn": finding.end_column,
    }
    location = {"physicalLocation": {"artifactLocation": {"uri": finding.path}, "region": region}}
    fingerprint = hashlib.sha256(f"{finding.path}:{finding.code}:{finding.source_line.strip()}".encode()).hexdigest()
    return {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": _LEVELS[finding.severity.label],
        "message": {"text": f"{finding.message}\nhelp: {finding.help}"},
        "locations": [location],
        "partialFingerprints": {"primaryLocationLineHash": fingerprint[:32]},
    }

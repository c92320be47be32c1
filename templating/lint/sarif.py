"""Build a SARIF 2.1.0 log: every rule in ``tool.driver.rules``, one result per finding.

GitHub code scanning reads it: each rule carries ``help`` (text and markdown, the rule's page)
and an absolute ``helpUri``; each result a ``partialFingerprints`` entry that follows the
finding when lines move above it, with an occurrence number so that two findings of one rule
on one line stay distinct.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Sequence

from templating import __version__
from templating.lint.finding import Finding
from templating.lint.registry import DOCS_URL, RULES, render_rule_markdown, rule_url
from templating.lint.rule import Rule

__all__ = ["SARIF_SCHEMA", "to_sarif"]

SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
_LEVELS = {"error": "error", "warning": "warning", "info": "note"}


def to_sarif(findings: Sequence[Finding], docs_url: str = DOCS_URL) -> dict:
    """The SARIF log as plain JSON data; rule links point into the site at ``docs_url``."""
    rules = [_rule(rule, docs_url) for rule in RULES]
    index = {rule.code: position for position, rule in enumerate(RULES)}
    driver = {"name": "templating", "version": __version__, "informationUri": docs_url, "rules": rules}
    seen: dict[str, int] = {}
    results = []
    for finding in findings:
        line_hash = _line_hash(finding)
        seen[line_hash] = occurrence = seen.get(line_hash, 0) + 1
        results.append(_result(finding, index[finding.code], f"{line_hash}:{occurrence}"))
    run = {"tool": {"driver": driver}, "columnKind": "unicodeCodePoints", "results": results}
    return {"$schema": SARIF_SCHEMA, "version": "2.1.0", "runs": [run]}


def _rule(rule: Rule, docs_url: str) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.what},
        "help": {"text": f"{rule.what}\n\n{rule.why}", "markdown": render_rule_markdown(rule)},
        "helpUri": rule_url(rule.code, docs_url),
        "defaultConfiguration": {"level": _LEVELS[rule.severity.label]},
    }


def _line_hash(finding: Finding) -> str:
    """A hash of what the finding is about, not where: the file, the rule and the line's text."""
    return _hash_of(finding.path, finding.code, finding.source_line)


@functools.lru_cache(maxsize=256)
def _hash_of(path: str, code: str, line: str) -> str:
    # Remembered: the findings of one rule on one long line hash its text once, not each.
    return hashlib.sha256(f"{path}:{code}:{line.strip()}".encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _result(finding: Finding, rule_index: int, fingerprint: str) -> dict:
    region = {
        "startLine": finding.line,
        "startColumn": finding.column,
        "endLine": finding.end_line,
        "endColumn": finding.end_column,
    }
    location = {"physicalLocation": {"artifactLocation": {"uri": finding.path}, "region": region}}
    return {
        "ruleId": finding.code,
        "ruleIndex": rule_index,
        "level": _LEVELS[finding.severity.label],
        "message": {"text": f"{finding.message}\nhelp: {finding.help}"},
        "locations": [location],
        "partialFingerprints": {"primaryLocationLineHash": fingerprint},
    }

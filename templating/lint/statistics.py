"""``templating lint --statistics``: how many findings each rule has, as ruff prints them."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

from templating.lint.finding import Finding

__all__ = ["count_by_rule", "format_statistics"]


def count_by_rule(findings: Sequence[Finding]) -> list[dict]:
    """One entry per rule that fired: code, name, count and whether any has a safe fix,
    the most frequent first (then by code)."""
    counts = Counter(finding.code for finding in findings)
    names = {finding.code: finding.name for finding in findings}
    fixable = {finding.code for finding in findings if finding.fix is not None}
    order = sorted(counts, key=lambda code: (-counts[code], code))
    return [{"code": code, "name": names[code], "count": counts[code], "fixable": code in fixable} for code in order]


def format_statistics(findings: Sequence[Finding], as_json: bool = False) -> str:
    """``count<TAB>code<TAB>[*] name`` lines (``[ ]`` when there is no fix), or a JSON array."""
    entries = count_by_rule(findings)
    if as_json:
        return json.dumps(entries, indent=2) + "\n"
    width = max((len(str(entry["count"])) for entry in entries), default=1)
    return "".join(
        f"{entry['count']:>{width}}\t{entry['code']}\t{'[*]' if entry['fixable'] else '[ ]'} {entry['name']}\n"
        for entry in entries
    )

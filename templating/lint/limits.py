"""How many findings one instruction may report: past `FINDINGS_PER_INSTRUCTION`, one summary.

A generated prompt can hold a hazard per placeholder, tens of thousands on one line. Reporting
each one costs time and memory in every format and helps no reader: the first ones, in text
order, are reported, and one finding at the first one left out says how many more there are.
"""

from __future__ import annotations

from collections import Counter

from templating.lint.hazard import Hazard
from templating.lint.registry import find_rule

__all__ = ["FINDINGS_PER_INSTRUCTION", "limit_hazards"]

#: The most findings one instruction reports; beyond it, one summary finding.
FINDINGS_PER_INSTRUCTION = 1000


def limit_hazards(hazards: list[Hazard], limit: int = FINDINGS_PER_INSTRUCTION) -> list[Hazard]:
    """``hazards`` in text order, the first ``limit`` of them and, when there are more, one
    hazard summing up the rest, under the most severe rule among them (so ``--fail-level``
    still sees it)."""
    if len(hazards) <= limit:
        return hazards
    ordered = sorted(hazards, key=lambda hazard: hazard.start)
    kept, rest = ordered[:limit], ordered[limit:]
    counts = Counter(hazard.code for hazard in rest)
    code = max(counts, key=lambda each: (_severity(each), -int(each[3:])))
    breakdown = ", ".join(f"{each} {count:,}" for each, count in sorted(counts.items()))
    summary = Hazard(
        code, rest[0].start, rest[0].end,
        f"{len(rest):,} more findings in this instruction are not reported ({breakdown}): "
        f"at most {limit:,} are reported per instruction",
        "fix the findings reported and lint again, or ignore the rules that fire here",
    )  # fmt: skip
    return [*kept, summary]


def _severity(code: str) -> int:
    rule = find_rule(code)
    return int(rule.severity) if rule is not None else 0

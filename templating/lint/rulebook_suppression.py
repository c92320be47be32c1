"""The rules about suppression comments themselves (TPL100 on: ruff's RUF100 range)."""

from __future__ import annotations

from templating.lint.rule import Rule, Severity

__all__ = ["SUPPRESSION_RULES"]

SUPPRESSION_RULES: tuple[Rule, ...] = (
    Rule(
        "TPL100",
        "unused-noqa",
        Severity.WARNING,
        "A `# noqa` names a rule it silences nothing of",
        "Finds a `# noqa: CODE` comment naming a rule of this linter that silenced no finding in "
        'the run. Off by default: turn it on with `extend-select = ["TPL100"]` (or '
        "`--extend-select TPL100`). Only codes and names of this linter's rules are checked, and only "
        "rules that are selected: a bare `# noqa` and other tools' codes (`# noqa: E501`) are left "
        "alone. A comment in an agent module that silences a finding in the prompt module it "
        "imports is in use, whichever file is named.",
        "A suppression that no longer silences anything hides the next real finding at that place: "
        "the hazard it was written for is gone (fixed, or the instruction moved), and a new one "
        "would be silenced without anyone deciding so.",
        'Agent(name="helper", instruction="Hi {name}.")  # noqa: TPL001',
        'Agent(name="helper", instruction="Hi {name}.")',
        dialect_note="Applies to both dialects.",
        default=False,
    ),
)

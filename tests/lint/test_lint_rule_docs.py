"""Every rule has a docs page equal to its registry documentation, and codes are unique."""

from pathlib import Path

from templating.lint.registry import RULES, render_rule_markdown

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rules"


def test_rule_docs_page_per_rule_matches_registry():
    for rule in RULES:
        assert (DOCS / f"{rule.code}.md").read_text(encoding="utf-8") == render_rule_markdown(rule), rule.code


def test_rule_docs_no_page_without_a_rule():
    assert sorted(p.stem for p in DOCS.glob("TPL*.md")) == sorted(rule.code for rule in RULES)


def test_rule_docs_codes_and_names_unique_and_kebab_case():
    assert len({r.code for r in RULES}) == len({r.name for r in RULES}) == len(RULES)
    assert all(r.name == r.name.lower() and " " not in r.name for r in RULES)

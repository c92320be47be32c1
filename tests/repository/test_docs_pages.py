"""The docs pages read right to someone who never saw the project's history."""

import re
from pathlib import Path

from templating.lint.registry import RULES

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_lint_page_lists_every_rule_once_in_code_order():
    page = (DOCS / "lint.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| \[(TPL\d{3})\]\(rules/", page, flags=re.MULTILINE)
    assert listed == sorted(rule.code for rule in RULES)


def test_pages_speak_of_the_product_not_of_how_it_was_made():
    for page in sorted(DOCS.rglob("*.md")):
        text = page.read_text(encoding="utf-8")
        for phrase in ("the issue that", "the 2-core machine", "asked for this"):
            assert phrase not in text.lower(), f"{page.name}: {phrase!r}"


def test_site_nav_lists_every_rule_once_in_code_order():
    nav = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    listed = re.findall(r"^ +- (TPL\d{3}): rules/\1\.md$", nav, flags=re.MULTILINE)
    assert listed == sorted(rule.code for rule in RULES)


def test_site_nav_puts_the_page_of_every_language_at_one_level():
    nav = (DOCS.parent / "mkdocs.yml").read_text(encoding="utf-8")
    levels = {
        page: len(found[1]) for page in ("typescript.md", "go.md", "java.md", "kotlin.md")
        if (found := re.search(rf"^( *)- [^\n]*: {page}$", nav, flags=re.MULTILINE))
    }  # fmt: skip
    assert len(levels) == 4 and len(set(levels.values())) == 1, levels

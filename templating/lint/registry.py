"""Look rules up by code or name, select them as the command line and config ask, document them."""

from __future__ import annotations

import functools
from collections.abc import Iterable

from templating.lint.rule import Rule
from templating.lint.rulebook import RULES as _CORE_RULES
from templating.lint.rulebook_ports import PORT_RULES
from templating.lint.rulebook_splices import SPLICE_RULES
from templating.lint.rulebook_suppression import SUPPRESSION_RULES
from templating.lint.rulebook_untrusted import UNTRUSTED_RULES
from templating.lint.rulebook_workflows import WORKFLOW_RULES

__all__ = [
    "DOCS_URL", "RULES", "RULE_DOCS", "find_rule", "is_known_selector", "matches", "render_rule_markdown", "rule_url",
    "rules_for_dialect", "select_rules",
]  # fmt: skip

#: Where each rule's page lives, relative to the repository.
RULE_DOCS = "docs/rules/{code}.md"
#: The documentation site rule links point to (``docs-url`` in ``[tool.templating]`` changes it).
DOCS_URL = "https://agent-templating.github.io/agent-templating/"

#: Every rule, by code.
RULES = (*_CORE_RULES, *WORKFLOW_RULES, *UNTRUSTED_RULES, *PORT_RULES, *SPLICE_RULES, *SUPPRESSION_RULES)
_BY_KEY = {**{rule.code: rule for rule in RULES}, **{rule.name: rule for rule in RULES}}


def rule_url(code: str, docs_url: str = DOCS_URL) -> str:
    """The absolute address of rule ``code``'s page on the documentation site ``docs_url``."""
    return f"{docs_url.rstrip('/')}/rules/{code}/"


def find_rule(selector: str) -> Rule | None:
    """The rule whose code (any case) or kebab-case name is ``selector``."""
    return _BY_KEY.get(selector.upper()) or _BY_KEY.get(selector.lower())


def matches(rule: Rule, selector: str) -> bool:
    """Whether ``selector`` (``ALL``, a code, a code prefix such as ``TPL00`` or a name) picks ``rule``."""
    upper = selector.upper()
    return upper == "ALL" or rule.code.startswith(upper) or rule.name == selector.lower()


def select_rules(select: Iterable[str] | None, ignore: Iterable[str]) -> frozenset[str]:
    """The codes enabled by ``select`` (default: every rule on by default) minus those ``ignore`` picks."""
    return _selected(None if select is None else frozenset(select), frozenset(ignore))


@functools.lru_cache(maxsize=1024)
def _selected(chosen: frozenset[str] | None, ignored: frozenset[str]) -> frozenset[str]:
    # Each distinct selector set once: a per-file-ignores table of 20,000 globs names the
    # same few codes over and over.
    if chosen is None:
        return frozenset(rule.code for rule in RULES if rule.default and not any(matches(rule, s) for s in ignored))
    return frozenset(
        rule.code
        for rule in RULES
        if any(matches(rule, s) for s in chosen) and not any(matches(rule, s) for s in ignored)
    )


def rules_for_dialect(dialect: str) -> frozenset[str]:
    """The codes of the rules that apply to templates written in ``dialect``.

    The rules are written for `adk` and `strict`. The other ports' dialects get the rules of
    `adk`, whose brace groups they share (ADK-TS reads single braces, which those rules
    also look at); their templates are parsed in their own dialect, so a name one port
    leaves literal is literal there too.
    """
    family = dialect if dialect in ("adk", "strict") else "adk"
    return frozenset(rule.code for rule in RULES if family in rule.dialects)


@functools.lru_cache(maxsize=1024)
def is_known_selector(selector: str) -> bool:
    """Whether ``selector`` picks at least one rule."""
    return any(matches(rule, selector) for rule in RULES)


def render_rule_markdown(rule: Rule) -> str:
    """The documentation page of ``rule`` (``docs/rules/CODE.md`` and ``templating rule CODE``)."""
    fix = "No automatic fix."
    if rule.fixable:
        fix = "Unsafe fixes are offered (see Fix safety)." if rule.fix_safety else "A safe fix is offered."
    return (
        f"# {rule.code} `{rule.name}`\n\n"
        f"{rule.summary}. Default severity: **{rule.severity.label}**. {fix}\n\n"
        f"## What it does\n\n{rule.what}\n\n"
        f"## Why is this bad?\n\n{rule.why}\n\n"
        f"## Example\n\n```{rule.language}\n{rule.example}\n```\n\n"
        f"## Use instead\n\n```{rule.language}\n{rule.use_instead}\n```\n\n"
        + (f"## Fix safety\n\n{rule.fix_safety}\n\n" if rule.fix_safety else "")
        + f"## Dialects\n\n{_dialects_sentence(rule)}\n"
        + (f"\n## ADK version\n\n{rule.version_note}\n" if rule.version_note else "")
    )


def _dialects_sentence(rule: Rule) -> str:
    names = " and ".join(f"`{name}`" for name in rule.dialects)
    sentence = f"Applies to {names}." if len(rule.dialects) > 1 else f"Applies to {names} only."
    return f"{sentence} {rule.dialect_note}".rstrip()

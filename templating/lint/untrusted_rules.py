"""TPL021 and TPL022: placeholders whose key can hold a third party's text.

Which keys can is the project model's answer (`templating.project.model.third_party`); these
rules find where such a key reaches an injected instruction without a data marker or a value
policy, and whether the developer's delimiters around it are ones its value can close.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from templating.lint.hazard import Hazard, shorten
from templating.lint.settings import Settings
from templating.project.model.instruction import Instruction
from templating.project.model.project_model import ProjectModel
from templating.project.model.third_party import Step, third_party_keys
from templating.project.words import describe_writer

__all__ = ["enclosing_delimiter", "find_untrusted_reads"]

_HELP = (
    "leave it out of the instruction (the agent sees the same text fenced in `contents`), or "
    "fence it: `{KEY|data}` in the strict dialect, or `untrusted` in `[tool.templating]` with a "
    "`ValuePolicy` when rendering"
)
# How far around a placeholder delimiters are looked for: bounded, so that many placeholders
# in a long instruction cost a constant each.
_WINDOW = 4000
_CHAIN_STEPS = 3
_OPENING_TAG = re.compile(r"<([A-Za-z_][\w.:-]*)(?:\s[^<>]*)?>")
_QUOTES = ("'", '"', "`")
_BEGIN = re.compile(r"\bBEGIN\b")
_END = re.compile(r"\bEND\b")
# How many of the innermost open tags are tried.
_TAGS = 20


def find_untrusted_reads(model: ProjectModel, settings: Settings) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL021 (or TPL022 where delimiters surround it): an unfenced third-party placeholder."""
    keys = third_party_keys(model)
    if not keys:
        return
    policy = settings.policy
    delimited = settings.is_enabled("TPL022")
    reported: set[tuple[str, int, int]] = set()
    for agent in model.agents:
        for read in agent.reads:
            chain = keys.get(read.key)
            if chain is None or read.marked or (policy is not None and policy.covers(read.key)):
                continue
            if (read.path, read.line, read.column) in reported:
                continue
            reported.add((read.path, read.line, read.column))
            text = read.instruction.text
            delimiter = enclosing_delimiter(text, read.group_start, read.group_end) if delimited else None
            why = _chain_text(chain)
            help_line = _HELP.replace("KEY", shorten(read.key))
            if delimiter is not None:
                message = f"`{shorten(read.key)}` can hold a third party's text and sits inside {delimiter}, which its value can close: {why}"
                yield read.instruction, Hazard("TPL022", read.start, read.end, message, help_line)
            else:
                message = f"agent `{agent.name}` puts `{shorten(read.key)}` into its instruction unfenced, and it can hold a third party's text: {why}"
                yield read.instruction, Hazard("TPL021", read.start, read.end, message, help_line)


def _chain_text(chain: tuple[Step, ...]) -> str:
    """The chain of writers in words, the key's own writer first."""
    steps = [
        f"`{shorten(step.writer.key or '')}` is written by {describe_writer(step.writer)}, which {step.reason}"
        for step in chain[:_CHAIN_STEPS]
    ]
    more = "; ..." if len(chain) > _CHAIN_STEPS else ""
    return "; ".join(steps) + more


def enclosing_delimiter(text: str, start: int, end: int) -> str | None:
    """The developer's delimiter pair around ``text[start:end]``, in words; ``None`` if none:
    quotes right around it, a tag opened before it and closed after it, a code fence, or
    ``BEGIN`` ... ``END``."""
    before = text[max(0, start - _WINDOW) : start]
    after = text[end : end + _WINDOW]
    if before[-1:] in _QUOTES and after[:1] == before[-1:]:
        return f"the quotes `{before[-1]}...{before[-1]}`"
    tag = _open_tag(before)
    if tag is not None and f"</{tag}>" in after:
        return f"`<{tag}>...</{tag}>`"
    if before.count("```") % 2 == 1 and "```" in after:
        return "a code fence"
    begins = list(_BEGIN.finditer(before))
    if begins and not _END.search(before, begins[-1].end()) and _END.search(after):
        return "`BEGIN ... END` markers"
    return None


def _open_tag(before: str) -> str | None:
    """The innermost tag opened in ``before`` and not closed there."""
    open_tags = [match.group(1) for match in _OPENING_TAG.finditer(before)]
    for name in reversed(open_tags[-_TAGS:]):
        if f"</{name}>" not in before[before.rfind(f"<{name}") :]:
            return name
    return None

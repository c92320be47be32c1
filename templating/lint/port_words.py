"""What each port does with a missing key, for the findings on instructions read in its dialect.

The words a finding quotes are the file's language's (`templating.project.surfaces.spelling_of`); what happens
at run time is the port's: adk-js throws and stops the run; ADK-TS yields an error event, goes
on, and the error text becomes the agent's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PortWords", "words_for"]


@dataclass(frozen=True, slots=True)
class PortWords:
    """What a missing key does in a port (empty where the rule's own words say it)."""

    missing: str = ""


_WORDS = {
    "adk-js": PortWords(
        "adk-js throws `Context variable not found` out of `runner.runAsync` and the run stops",
    ),
    "adk-ts": PortWords(
        "ADK-TS does not throw: the run goes on and `Error: Context variable not found: ...` "
        "becomes the agent's answer",
    ),
}  # fmt: skip
_PYTHON = PortWords()


def words_for(dialect: str | None) -> PortWords:
    """The words of the port whose dialect is ``dialect`` (ADK Python's for any other)."""
    return _WORDS.get(dialect or "", _PYTHON)

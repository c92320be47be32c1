"""What each port does with a missing key, for the findings and the hover of instructions read
in its dialect.

The words a finding quotes are the file's language's (`templating.project.surfaces.spelling_of`);
what happens at run time is the port's: google-adk raises `KeyError`, adk-js throws an `Error`
and stops the run; ADK-TS yields an error event, goes on, and the error text becomes the agent's
answer; adk-go returns an error; adk-java and adk-kotlin throw `IllegalArgumentException`.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PortWords", "words_for"]


@dataclass(frozen=True, slots=True)
class PortWords:
    """What a missing key does in a port: ``port`` names it, ``raises`` says what its injector
    does (``raises `KeyError```), ``missing`` what becomes of the run (empty where the rule's own
    words say it)."""

    port: str = "ADK"
    raises: str = "raises `KeyError`"
    missing: str = ""


_WORDS = {
    "strict": PortWords("the strict dialect", "raises `MissingKeyError`"),
    "adk-js": PortWords(
        "adk-js", "throws an `Error`",
        "adk-js throws `Context variable not found` out of `runner.runAsync` and the run stops",
    ),
    "adk-ts": PortWords(
        "ADK-TS", "fails with an `Error`",
        "ADK-TS does not throw: the run goes on and `Error: Context variable not found: ...` "
        "becomes the agent's answer",
    ),
    "adk-go": PortWords("adk-go", "returns an error (`state key does not exist`)"),
    "adk-java": PortWords("adk-java", "throws `IllegalArgumentException`"),
    "adk-kotlin": PortWords("adk-kotlin", "throws `IllegalArgumentException`"),
}  # fmt: skip
_PYTHON = PortWords()


def words_for(dialect: str | None) -> PortWords:
    """The words of the port whose dialect is ``dialect`` (ADK Python's for any other)."""
    return _WORDS.get(dialect or "", _PYTHON)

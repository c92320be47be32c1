"""How rule messages name ADK's words and failures in the port an instruction is written for.

The rules' messages are written in ADK Python's words (``output_key``, ``KeyError``). An
instruction of a TypeScript program is read in its port's dialect (``adk-js``, ``adk-ts``),
and its findings say what that port calls things and what it does with a missing key: adk-js
throws and stops the run; ADK-TS yields an error event, goes on, and the error text becomes the
agent's answer.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["PortWords", "words_for"]


@dataclass(frozen=True, slots=True)
class PortWords:
    """A port's spelling of ``output_key`` and of a state write, and what a missing key does
    (empty where the rule's own words say it)."""

    output_key: str = "output_key"
    state_write: str = "tool_context.state[...]"
    missing: str = ""


_WORDS = {
    "adk-js": PortWords(
        "outputKey", "context.state.set(...)",
        "adk-js throws `Context variable not found` out of `runner.runAsync` and the run stops",
    ),
    "adk-ts": PortWords(
        "outputKey", "context.state.set(...)",
        "ADK-TS does not throw: the run goes on and `Error: Context variable not found: ...` "
        "becomes the agent's answer",
    ),
}  # fmt: skip
_PYTHON = PortWords()


def words_for(dialect: str | None) -> PortWords:
    """The words of the port whose dialect is ``dialect`` (ADK Python's for any other)."""
    return _WORDS.get(dialect or "", _PYTHON)

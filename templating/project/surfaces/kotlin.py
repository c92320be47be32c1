"""The Kotlin surface: adk-kotlin (and Kotlin on adk-java) programs, in ``.kt`` and ``.kts`` files.

A file is read only if its bytes name an ADK package (``com.google.adk``); the reader then
checks its imports. A ``// noqa`` on any line from the call to the end of an instruction
argument silences that instruction.
tree-sitter-kotlin is imported only when a Kotlin file is read.
"""

from __future__ import annotations

from templating.project.frontend import Reader, Spelling
from templating.project.surfaces.jvm import jvm_surface

__all__ = ["KOTLIN", "SPELLING"]

#: adk-kotlin's names for the ADK words findings quote.
SPELLING = Spelling(
    (
        ("output_key", "outputKey"),
        ("state_delta", "stateDelta"),
        ("Event(state=...)", "EventActions(stateDelta = ...)"),
        ("tool_context.state[...]", "context.actions.stateDelta[...]"),
        ("create_session(state=...)", "createSession(state = ...)"),
        ("before_agent_callback", "beforeAgentCallbacks"),
    )
)


def _reader() -> Reader:
    from templating.project.kotlin.reader import read_kotlin  # loads the grammar: only for Kotlin files

    return read_kotlin


KOTLIN = jvm_surface(
    "kotlin", frozenset({".kt", ".kts"}), SPELLING, _reader,
    "put the text in `staticInstruction`, which adk-kotlin never fills (it fills `Instruction { }` providers)",
)  # fmt: skip

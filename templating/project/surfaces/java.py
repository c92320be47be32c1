"""The Java surface: adk-java (and Java on adk-kotlin) programs, in ``.java`` files.

A file is read only if its bytes name an ADK package (``com.google.adk``); the reader then
checks its imports. A ``// noqa`` on any line from the call to the end of an instruction
argument silences that instruction.
tree-sitter-java is imported only when a Java file is read.
"""

from __future__ import annotations

from templating.project.frontend import Reader, Spelling
from templating.project.surfaces.jvm import jvm_surface

__all__ = ["JAVA", "SPELLING"]

#: adk-java's names for the ADK words findings quote.
SPELLING = Spelling(
    (
        ("output_key", "outputKey"),
        ("state_delta", "stateDelta"),
        ("Event(state=...)", "EventActions.builder().stateDelta(...)"),
        ("tool_context.state[...]", "toolContext.state().put(...)"),
        ("create_session(state=...)", "createSession(app, user, state, id)"),
        ("before_agent_callback", "beforeAgentCallback"),
    )
)


def _reader() -> Reader:
    from templating.project.java.reader import read_java  # loads the grammar: only for Java files

    return read_java


JAVA = jvm_surface(
    "java", frozenset({".java"}), SPELLING, _reader,
    "give the agent an `Instruction.Provider` returning the text: adk-java does not fill it",
)  # fmt: skip

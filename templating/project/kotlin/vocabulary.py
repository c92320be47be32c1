"""adk-kotlin's words, as programs spell them: agent classes, named arguments, context types."""

from __future__ import annotations

from templating.project.model.kinds import AgentKind

__all__ = [
    "AGENT_CLASSES", "CALLBACK_ARGUMENTS", "CALLBACK_CONTEXT",
    "EARLY_CALLBACK_ARGUMENTS", "EARLY_CALLBACK_TYPES", "LIST_FACTORIES", "TOOL_CONTEXT",
]  # fmt: skip


#: Constructors (adk-kotlin) and ``X.builder()`` receivers (adk-java) that build an agent.
AGENT_CLASSES: dict[str, AgentKind] = {
    "LlmAgent": "llm",
    "SequentialAgent": "sequential",
    "ParallelAgent": "parallel",
    "LoopAgent": "loop",
}
#: Named arguments (adk-kotlin) holding callbacks whose writes precede the first instruction.
EARLY_CALLBACK_ARGUMENTS = frozenset({"beforeAgentCallbacks", "beforeAgentCallback"})
#: Every other callback argument.
CALLBACK_ARGUMENTS = frozenset({
    "afterAgentCallbacks", "beforeModelCallbacks", "afterModelCallbacks", "beforeToolCallbacks",
    "afterToolCallbacks", "onModelErrorCallbacks", "onToolErrorCallbacks",
})  # fmt: skip
#: The SAM constructors of before-agent callbacks (``BeforeAgentCallback { ctx -> ... }``).
EARLY_CALLBACK_TYPES = frozenset({"BeforeAgentCallback"})
TOOL_CONTEXT = frozenset({"ToolContext"})
CALLBACK_CONTEXT = frozenset({"CallbackContext"})
#: Calls that build a list of their arguments.
LIST_FACTORIES = frozenset({"listOf", "mutableListOf", "arrayListOf", "of", "asList"})

"""adk-java's words, as programs spell them: agent classes, builder methods, context types."""

from __future__ import annotations

from templating.project.model.kinds import AgentKind

__all__ = [
    "AGENT_CLASSES", "CALLBACK_CONTEXT", "CALLBACK_METHODS",
    "EARLY_CALLBACK_METHODS", "INSTRUCTION_METHODS", "INVOCATION_CONTEXT", "LIST_FACTORIES", "MAP_FACTORIES",
    "TOOL_CONTEXT",
]  # fmt: skip


#: ``X.builder()`` (or ``new X.Builder()``) of these classes builds an agent of that kind.
AGENT_CLASSES: dict[str, AgentKind] = {
    "LlmAgent": "llm",
    "SequentialAgent": "sequential",
    "ParallelAgent": "parallel",
    "LoopAgent": "loop",
    # Another party's agent (`a2a/.../RemoteA2AAgent.java`): its replies are that party's text.
    "RemoteA2AAgent": "custom",
}
#: Builder methods taking an instruction, and the `Instruction` field each gives.
INSTRUCTION_METHODS = {"instruction": "instruction", "globalInstruction": "global_instruction"}
#: Callback builder methods whose writes come before the agent's first instruction.
EARLY_CALLBACK_METHODS = frozenset({"beforeAgentCallback", "beforeAgentCallbackSync"})
#: Every other callback builder method.
CALLBACK_METHODS = frozenset({
    "afterAgentCallback", "afterAgentCallbackSync", "beforeModelCallback", "beforeModelCallbackSync",
    "afterModelCallback", "afterModelCallbackSync", "beforeToolCallback", "beforeToolCallbackSync",
    "afterToolCallback", "afterToolCallbackSync", "onModelErrorCallback", "onToolErrorCallback",
})  # fmt: skip
#: Parameter types that make a method a tool, a callback or agent code.
TOOL_CONTEXT = frozenset({"ToolContext"})
CALLBACK_CONTEXT = frozenset({"CallbackContext"})
INVOCATION_CONTEXT = frozenset({"InvocationContext"})
#: Calls that build a list of their arguments (``subAgents(List.of(a, b))``).
LIST_FACTORIES = frozenset({"of", "asList", "copyOf", "listOf", "mutableListOf", "arrayListOf"})
#: Calls that build a map of alternating keys and values.
MAP_FACTORIES = frozenset({"of"})

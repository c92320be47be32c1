"""The words of adk-go the Go reader looks for: packages, config types, fields, context types.

Read from google/adk-go v2 (``agent/llmagent/llmagent.go``, ``agent/workflowagents/*``,
``tool/tool.go``, ``agent/context.go``); v1's import path ``google.golang.org/adk`` and v2's
``google.golang.org/adk/v2`` both name the port.
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "ADK_IMPORT",
    "AGENT_PACKAGES",
    "AGENT_TOOL_PACKAGE",
    "CALLBACK_FIELDS",
    "CONTEXT_NAMES",
    "CONTEXT_TYPES",
    "EARLY_CALLBACK_FIELDS",
    "GO_COMMENT", "GO_HINT",
    "INSTRUCTION_FIELDS",
    "PROVIDER_FIELDS",
    "GoKind",
]  # fmt: skip

#: The import path every adk-go package starts with (``.../v2/...`` in adk-go v2).
ADK_IMPORT = "google.golang.org/adk"
#: The bytes a Go file that may be agent code holds: the pre-filter of the ``go`` surface.
GO_HINT = ADK_IMPORT.encode()
#: How Go starts a line comment: the leader of its ``noqa`` comments.
GO_COMMENT = "//"

GoKind = Literal["llm", "sequential", "loop", "parallel", "custom"]

#: The kind of agent each package's ``Config`` builds, by the last element of its import path.
AGENT_PACKAGES: dict[str, GoKind] = {
    "llmagent": "llm",
    "sequentialagent": "sequential",
    "loopagent": "loop",
    "parallelagent": "parallel",
    "agent": "custom",
}
#: The package whose ``New(agent, ...)`` wraps an agent as a tool of another.
AGENT_TOOL_PACKAGE = "agenttool"
#: The ``llmagent.Config`` fields whose string adk-go injects session state into, and the
#: field name an instruction from each is recorded under.
INSTRUCTION_FIELDS = {"Instruction": "instruction", "GlobalInstruction": "global_instruction"}
#: Fields holding a function that returns the instruction: its output is not injected
#: (``internal/llminternal/instruction_processor.go:73-81``).
PROVIDER_FIELDS = ("InstructionProvider", "GlobalInstructionProvider")
#: Callback fields whose writes are seen by the agent's first model call.
EARLY_CALLBACK_FIELDS = ("BeforeAgentCallbacks",)
#: The other callback fields of ``agent.Config`` and ``llmagent.Config``.
CALLBACK_FIELDS = (
    "AfterAgentCallbacks", "BeforeModelCallbacks", "AfterModelCallbacks", "BeforeToolCallbacks",
    "AfterToolCallbacks", "OnToolErrorCallbacks", "OnModelErrorCallbacks",
)  # fmt: skip
#: The parameter types whose ``State().Set`` is a write by a tool, a callback or agent code.
CONTEXT_TYPES = {
    "tool.Context": "tool",
    "agent.CallbackContext": "callback",
    "agent.ReadonlyContext": "callback",
    "agent.InvocationContext": "agent",
    "agent.Context": "agent",
}
#: Parameter names read as a context when the type says nothing.
CONTEXT_NAMES = {"toolCtx": "tool", "toolContext": "tool", "cbCtx": "callback", "callbackContext": "callback"}
#: The last element of the import path of adk-go v2's graph workflows, and of their agent.
WORKFLOW_PACKAGE = "workflow"
WORKFLOW_AGENT_PACKAGE = "workflowagent"
#: The node constructors of the ``workflow`` package: the kind of node each builds, and
#: whether its first argument is the node's name (a function node's) or an agent.
NODE_CONSTRUCTORS = {
    "NewFunctionNode": "function", "NewEmittingFunctionNode": "function", "NewFunctionNodeWithSchema": "function",
    "NewEmittingFunctionNodeWithSchema": "function", "NewFunctionNodeFromState": "function",
    "NewAgentNode": "agent", "NewAgentNodeTyped": "agent", "NewAgentNodeWithSchemas": "agent", "NewJoinNode": "join",
}  # fmt: skip

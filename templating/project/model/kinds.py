"""The words of ADK every front end shares: what an agent is, how code writes state, and the
few class and field names that ADK's ports and Agent Config files spell alike.

A language whose port spells a word otherwise (Go's constructors) maps it in its own front end.
"""

from __future__ import annotations

from typing import Literal

__all__ = [
    "AGENT_KINDS", "DEFAULT_ROUTE", "INSTRUCTION_FIELDS", "START_NODE", "WORKFLOW_CLASS", "AgentKind", "WriterVia",
]  # fmt: skip

#: What an agent is: a model call, one of the composites that run sub-agents, or custom code.
AgentKind = Literal["llm", "sequential", "loop", "parallel", "custom"]

#: How code writes a state key: an agent's ``output_key``, a tool or callback writing its
#: context's state, an ``EventActions(state_delta=...)``, a session's initial state, or a
#: custom agent's own code (``node``: what a nested workflow has surely written).
WriterVia = Literal["output_key", "tool", "callback", "state_delta", "initial", "agent", "node"]

#: The kind of agent each ADK class builds.
AGENT_KINDS: dict[str, AgentKind] = {
    "LlmAgent": "llm", "Agent": "llm", "SequentialAgent": "sequential", "LoopAgent": "loop",
    "ParallelAgent": "parallel", "BaseAgent": "custom", "ManagedAgent": "llm",
}  # fmt: skip

#: The instruction fields of an agent (its keyword arguments in Python, its keys in YAML).
INSTRUCTION_FIELDS = ("instruction", "global_instruction", "static_instruction")
#: A graph workflow's class, its start node, and the value of its default route.
WORKFLOW_CLASS = "Workflow"
START_NODE = "START"
DEFAULT_ROUTE = "__DEFAULT__"

"""The words of ADK Python the Python reader looks for, in one place.

When google-adk adds a context type or a workflow word, this is the module to change; the words
every front end shares (agent classes, instruction fields) live in `templating.project.model.kinds`,
named here too so that the Python reader takes all its words from one module.
"""

from __future__ import annotations

from templating.project.model.kinds import (
    AGENT_KINDS,
    DEFAULT_ROUTE,
    INSTRUCTION_FIELDS,
    START_NODE,
    WORKFLOW_CLASS,
    AgentKind,
    WriterVia,
)

__all__ = [
    "AGENT_KINDS",
    "AGENT_TOOL",
    "CONTEXT_NAMES",
    "CONTEXT_TYPES",
    "DEFAULT_ROUTE",
    "DEFAULT_ROUTE_NAME",
    "EDGE_CLASS",
    "EVENT_CLASS",
    "FACT_HINT",
    "FUNCTION_TOOLS",
    "GRAPH_HINTS",
    "INSTRUCTION_FIELDS",
    "INSTRUCTION_HINT",
    "JOIN_CLASS",
    "NODE_INPUT_PARAMETERS",
    "NODE_WRAPPERS",
    "PLUGIN_CLASS",
    "POSITIONAL_INSTRUCTIONS",
    "RUN_NODE",
    "SESSION_FACTORIES",
    "START_NODE",
    "WORKFLOW_CLASS",
    "AgentKind",
    "WriterVia",
]  # fmt: skip

#: The words of graph workflows (``google.adk.workflow``): the classes, the start node
#: (the string or the constant, one node), the default route's name and value, the wrappers
#: that make a node of a function or agent, and the call that runs a node dynamically.
EDGE_CLASS = "Edge"
JOIN_CLASS = "JoinNode"
DEFAULT_ROUTE_NAME = "DEFAULT_ROUTE"
NODE_WRAPPERS = ("node", "FunctionNode")
AGENT_TOOL = "AgentTool"
EVENT_CLASS = "Event"
RUN_NODE = "run_node"
#: Function-node parameters ADK does not bind from state (besides the context parameter).
NODE_INPUT_PARAMETERS = ("node_input", "self", "cls")

#: The classes that wrap a function as a tool.
FUNCTION_TOOLS = ("FunctionTool", "LongRunningFunctionTool")
#: The plugin that puts an instruction before every model call of an app.
PLUGIN_CLASS = "GlobalInstructionPlugin"
#: Classes whose first positional argument is an instruction, and the field it fills.
POSITIONAL_INSTRUCTIONS = {PLUGIN_CLASS: "global_instruction"}

#: The annotations of a parameter that is a context with a ``state``.
CONTEXT_TYPES = ("ToolContext", "CallbackContext", "Context", "InvocationContext")
#: Unannotated parameter names read as a context, and the writer kind their state writes are.
CONTEXT_NAMES: dict[str, WriterVia] = {
    "tool_context": "tool", "callback_context": "callback", "ctx": "tool", "context": "tool",
}  # fmt: skip
#: The session service methods whose result is a session.
SESSION_FACTORIES = ("get_session", "create_session")

#: What a Python module holding an instruction says somewhere (a regular expression).
INSTRUCTION_HINT = r"instruction\s*=|inject_session_state|compile_template|GlobalInstructionPlugin"
#: What a Python module the project model needs says somewhere: an agent, a state write or
#: read, a session, a graph workflow, a function node that only emits an `Event`, an app name
#: (``App(name=...)``, ``Runner(app_name=...)``), a runner, a skill toolset (a regular expression).
FACT_HINT = r"Agent|state|sub_agents|Workflow|run_node|Event|app_name|App\(|Runner\(|SkillToolset"
#: What a module says when it may build a workflow graph or hold a function node's writes.
GRAPH_HINTS = ("Workflow", "node", "Event")

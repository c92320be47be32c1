"""Timing inside one agent: a `before_agent_callback` write is visible to its first
instruction; a `before_model_callback` write and its own tool's write are not (the run fails
before the first model call). The agent after it sees them all."""

from google.adk import Agent, Workflow
from scenario import MODEL


def remember(callback_context):
    callback_context.state["k_bac"] = 1


def prepare(callback_context, llm_request):
    callback_context.state["k_bmc"] = 1


def save_note(tool_context) -> str:
    """Save a note."""
    tool_context.state["k_tool"] = 1
    return "saved"


worker = Agent(
    name="worker",
    model=MODEL,
    instruction="{k_bac} {k_bmc} {k_tool}",
    tools=[save_note],
    before_agent_callback=remember,
    before_model_callback=prepare,
)

follower = Agent(name="follower", model=MODEL, instruction="{k_bac} {k_bmc} {k_tool}")

root = Workflow(name="agent_timing", edges=[("START", worker, follower)])

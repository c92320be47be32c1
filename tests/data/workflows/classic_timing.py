"""Timing inside one classic agent (no workflow): its `before_agent_callback` write is seen by
its first instruction; its `before_model_callback` and its own tool write only after its first
model call, so ADK fails before that call. The agent after it in the sequence sees them all."""

from google.adk import Agent
from google.adk.agents import SequentialAgent
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

root = SequentialAgent(name="classic_timing", sub_agents=[worker, follower])

"""Agents built in a factory function and held in its locals: the `LoopAgent` it returns runs
them in list order, so the critic reads `draft` before the writer's `output_key` ever wrote it
(google-adk raises `KeyError` on the first iteration). The tools list is a local too."""

from google.adk.agents import LlmAgent, LoopAgent
from scenario import MODEL


def note(tool_context) -> str:
    """Keep a note."""
    tool_context.state["note"] = "kept"
    return "ok"


def build_loop():
    critic = LlmAgent(name="critic", model=MODEL, instruction="Critique {draft}.", output_key="critique")
    tools = [note]
    writer = LlmAgent(
        name="writer", model=MODEL, instruction="Rewrite with {critique} and {note}.", output_key="draft", tools=tools
    )
    loop = LoopAgent(name="loop", sub_agents=[critic, writer], max_iterations=2)
    return loop


root = build_loop()

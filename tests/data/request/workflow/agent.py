"""Agents as nodes of an ADK 2.x Workflow run single_turn: no identity line."""

from google.adk import Agent, Workflow
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin

draft = Agent(name="draft", model="gemini-2.5-flash", description="Drafts.", instruction="Draft about {topic}.")
polish = Agent(
    name="polish",
    model="gemini-2.5-flash",
    static_instruction="Polish the draft.",
    instruction="Keep it about {topic}.",
)
workflow = Workflow(name="writing", edges=[("START", draft, polish)])
app = App(name="writing", root_agent=workflow, plugins=[GlobalInstructionPlugin("House style for {topic}.")])

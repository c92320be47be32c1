"""A GlobalInstructionPlugin registered on an App: its text reaches every model call."""

from google.adk import Agent
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
from scripted import MODEL

helper = Agent(name="helper", model=MODEL, instruction="Help.", output_key="answer")
root_agent = Agent(name="front", model=MODEL, instruction="Route the user.", sub_agents=[helper])

app = App(
    name="plugin_app",
    root_agent=root_agent,
    plugins=[GlobalInstructionPlugin("You serve {customer}. Brand: {brand?}.")],
)

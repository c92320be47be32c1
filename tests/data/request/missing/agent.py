"""Missing keys fail as google-adk raises them, in its order: the instructions before the plugin."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin

needs_key = LlmAgent(name="needs_key", model="gemini-2.5-flash", instruction="Hello {absent_key}.")
needs_artifact = LlmAgent(name="needs_artifact", model="gemini-2.5-flash", instruction="Read {artifact.notes.txt}.")
root_agent = SequentialAgent(name="pipeline", sub_agents=[needs_key, needs_artifact])
app = App(name="shop", root_agent=root_agent, plugins=[GlobalInstructionPlugin("Plugin {plugin_key}.")])

"""A SequentialAgent parent: its LlmAgent children transfer nowhere (their parent is no LlmAgent)."""

from google.adk.agents import LlmAgent, SequentialAgent

first = LlmAgent(name="first", model="gemini-2.5-flash", description="First step.", instruction="Step one on {topic}.")
second = LlmAgent(name="second", model="gemini-2.5-flash", instruction="Step two.", output_key="done")
root_agent = SequentialAgent(name="steps", description="Two steps.", sub_agents=[first, second])

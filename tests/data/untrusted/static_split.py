"""A search result read by an agent that has a `static_instruction`: its `instruction` is
still injected (google-adk sends it in `contents`, as the agent's own instruction)."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import google_search

searcher = LlmAgent(name="searcher", tools=[google_search], output_key="results")
answerer = LlmAgent(name="answerer", static_instruction="You answer briefly.", instruction="Results: {results}")
root = SequentialAgent(name="static_app", sub_agents=[searcher, answerer])

"""A common shape: a function tool fetches a URL and returns the text to its model (no state
write); the agent's answer, through `output_key`, reaches the next instruction."""

import requests
from google.adk.agents import LlmAgent, SequentialAgent


def get_docs(url: str) -> str:
    return requests.get(url, timeout=10).text


researcher = LlmAgent(name="researcher", tools=[get_docs], output_key="docs_digest")
answerer = LlmAgent(name="answerer", instruction="Answer from this digest: {docs_digest}")
root = SequentialAgent(name="docs_app", sub_agents=[researcher, answerer])

"""Flow modelled on GoogleCloudPlatform/generative-ai @23b75da `contract-compliance` (its state flow as traced by hand for
issue 29; no code copied): an extractor reads an uploaded contract through `load_artifacts`; the fields it
extracts reach the checker's instruction."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import load_artifacts

extractor = LlmAgent(name="extractor", tools=[load_artifacts], output_key="contractor_name")
checker = LlmAgent(name="checker", instruction="Check the obligations of {contractor_name}.")
root = SequentialAgent(name="contracts", sub_agents=[extractor, checker])

"""Flow modelled on GoogleCloudPlatform/generative-ai @23b75da `prism-science-explainer` (its state flow as traced by hand for issue
29; no code copied): the user's concept is delimited by tags (user text: not counted), and a search
agent's answer is read by the writer."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import google_search

gatekeeper = LlmAgent(name="gatekeeper", instruction="Restate the concept.", output_key="concept")
researcher = LlmAgent(
    name="researcher",
    tools=[google_search],
    instruction="Research <user_request>{concept}</user_request>.",
    output_key="sources",
)
writer = LlmAgent(name="writer", instruction="Explain {concept} with these sources: {sources}")
root = SequentialAgent(name="prism_app", sub_agents=[gatekeeper, researcher, writer])

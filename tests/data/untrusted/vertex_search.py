"""A common shape in community ADK programs: an agent searching a Vertex AI Search data store
(documents a third party may have written) answers into an `output_key` that the next agent's
instruction reads. (An MCP toolset has the same shape; the `mcp` package is not installed here.)"""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import VertexAiSearchTool

store = VertexAiSearchTool(data_store_id="projects/p/locations/global/collections/default_collection/dataStores/docs")
reader = LlmAgent(name="reader", tools=[store], output_key="notes")
drafter = LlmAgent(name="drafter", instruction="Draft a reply from these notes: {notes}")
root = SequentialAgent(name="notes_app", sub_agents=[reader, drafter])

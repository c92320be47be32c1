"""output_schema with tools (google-adk adds its set_model_response paragraph on the Gemini API
backend, not on Vertex AI), without tools, and with a single_turn sub-agent as its only tool."""

from google.adk.agents import LlmAgent, SequentialAgent
from pydantic import BaseModel


class Answer(BaseModel):
    text: str


def look_up(order_id: str) -> dict:
    """Look an order up."""
    return {"order": order_id}


with_tools = LlmAgent(
    name="with_tools", model="gemini-2.5-flash", instruction="Answer.", output_schema=Answer, tools=[look_up]
)
without_tools = LlmAgent(name="without_tools", model="gemini-2.5-flash", instruction="Answer.", output_schema=Answer)
helper = LlmAgent(name="helper", model="gemini-2.5-flash", instruction="Help.", mode="single_turn")
with_helper = LlmAgent(
    name="with_helper",
    model="gemini-2.5-flash",
    instruction="Use the helper.",
    output_schema=Answer,
    sub_agents=[helper],
)
root_agent = SequentialAgent(name="pipeline", sub_agents=[with_tools, without_tools, with_helper])

"""An example ADK agent: `templating lint examples/` reads it without importing it."""

from google.adk.agents import LlmAgent

from . import prompt

planner = LlmAgent(
    name="planner",
    model="gemini-2.5-flash",
    instruction=prompt.PLANNER_INSTRUCTION,
    output_key="plan",
)

root_agent = LlmAgent(
    name="travel_agent",
    model="gemini-2.5-flash",
    instruction=prompt.ROOT_INSTRUCTION,
    static_instruction="You work for {app:company_name}.",
    sub_agents=[planner],
)

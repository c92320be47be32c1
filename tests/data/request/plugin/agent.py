"""A GlobalInstructionPlugin with a placeholder, a second one, and the root's deprecated
`global_instruction`, which reaches every agent of its tree."""

from google.adk.agents import LlmAgent
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin

helper = LlmAgent(
    name="helper",
    model="gemini-2.5-flash",
    description="Helps.",
    static_instruction="You help with orders.",
    instruction="The order is {order_id}.",
)
root_agent = LlmAgent(
    name="assistant",
    model="gemini-2.5-flash",
    global_instruction="Company: {company}.",
    instruction="Answer {user_name}.",
    sub_agents=[helper],
)
app = App(
    name="shop",
    root_agent=root_agent,
    plugins=[
        GlobalInstructionPlugin("Always address {user_name} politely."),
        GlobalInstructionPlugin(global_instruction="Second plugin.", name="second"),
    ],
)

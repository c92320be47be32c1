from google.adk.agents import LlmAgent, SequentialAgent

from desk_common.callbacks import remember_plan
from desk_common.tools import find_invoice

clerk = LlmAgent(
    name="clerk",
    model="gemini-2.0-flash",
    instruction="Find the last invoice of {customer}.",
    tools=[find_invoice],
    before_agent_callback=remember_plan,
)

explainer = LlmAgent(
    name="explainer",
    model="gemini-2.0-flash",
    instruction="Explain invoice {invoice} on the {plan} plan.",
)

root_agent = SequentialAgent(name="billing_desk", sub_agents=[clerk, explainer])

from google.adk.agents import LlmAgent, SequentialAgent

from desk_common.callbacks import remember_plan
from desk_common.tools import lookup_ticket

triage = LlmAgent(
    name="triage",
    model="gemini-2.0-flash",
    instruction="Greet {customer} on the {plan} plan and look up their ticket.",
    tools=[lookup_ticket],
    before_agent_callback=remember_plan,
)

resolver = LlmAgent(
    name="resolver",
    model="gemini-2.0-flash",
    instruction="Resolve ticket {ticket} for {customer}; escalate to {manager} if needed.",
)

root_agent = SequentialAgent(name="help_desk", sub_agents=[triage, resolver])

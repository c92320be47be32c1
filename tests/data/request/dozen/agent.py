"""A dozen agents: plain, static plus dynamic, a plugin with a placeholder, sub-agents with and
without descriptions, a provider function, an output schema with tools, include_contents="none",
a workflow agent (SequentialAgent) and its steps, a loop, a grandchild."""

from google.adk.agents import LlmAgent, LoopAgent, SequentialAgent
from google.adk.agents.readonly_context import ReadonlyContext
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
from pydantic import BaseModel

from . import prompts
from .tools import look_up, track

MODEL = "gemini-2.5-flash"


class Verdict(BaseModel):
    ok: bool
    reason: str


def greeting(context: ReadonlyContext) -> str:
    return f"Welcome back, {context.state.get('user_name', 'friend')}."


plain = LlmAgent(name="plain", model=MODEL, instruction="Answer briefly.")
billing = LlmAgent(
    name="billing",
    model=MODEL,
    description="Answers billing questions.",
    static_instruction=prompts.POLICY,
    instruction="The customer is {user_name}; flag: {vip}.",
)
refunds = LlmAgent(name="refunds", model=MODEL, description="Issues refunds.", instruction="Refund {order_id}.")
shipping = LlmAgent(
    name="shipping",
    model=MODEL,
    description="Tracks parcels.",
    instruction="Track the parcels of {user_name}.",
    tools=[track],
    sub_agents=[refunds],
)
welcome = LlmAgent(name="welcome", model=MODEL, description="Welcomes.", instruction=greeting)
draft = LlmAgent(name="draft", model=MODEL, description="Drafts.", instruction=prompts.DRAFT, output_key="draft")
review = LlmAgent(
    name="review",
    model=MODEL,
    instruction="Review {draft?} against the policy.",
    output_schema=Verdict,
    tools=[look_up],
)
summary = LlmAgent(
    name="summary",
    model=MODEL,
    include_contents="none",
    static_instruction="Summarize in one line.",
    instruction="Topic: {topic}.",
)
polish = LlmAgent(name="polish", model=MODEL, instruction="Polish: {draft?}")
rounds = LoopAgent(name="rounds", description="Polishes twice.", sub_agents=[polish], max_iterations=2)
pipeline = SequentialAgent(name="pipeline", description="Drafts and reviews.", sub_agents=[draft, review, summary, rounds])
root_agent = LlmAgent(
    name="desk",
    model=MODEL,
    description="The front desk",
    instruction=prompts.ROOT,
    sub_agents=[plain, billing, shipping, welcome, pipeline],
)
app = App(name="shop", root_agent=root_agent, plugins=[GlobalInstructionPlugin("Speak for {company}. Be brief.")])

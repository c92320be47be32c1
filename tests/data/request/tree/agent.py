"""Identity and transfer: sub-agents with and without descriptions, a parent, peers, the
disallow flags, and a `single_turn` sub-agent (a tool, not a transfer target)."""

from google.adk.agents import LlmAgent

MODEL = "gemini-2.5-flash"

refunds = LlmAgent(name="refunds", model=MODEL, description="Issues refunds.", instruction="Refund {order_id?}.")
billing = LlmAgent(
    name="billing",
    model=MODEL,
    description="Answers billing questions.",
    instruction="You handle billing for {user_name}.",
    sub_agents=[refunds],
)
shipping = LlmAgent(
    name="shipping",
    model=MODEL,
    description="Tracks parcels.",
    instruction="Track the parcels of {user_name}.",
    disallow_transfer_to_peers=True,
)
loyal = LlmAgent(name="loyal", model=MODEL, instruction="Points only.", disallow_transfer_to_parent=True)
quiet = LlmAgent(
    name="quiet",
    model=MODEL,
    instruction="Say little.",
    disallow_transfer_to_parent=True,
    disallow_transfer_to_peers=True,
)
summarizer = LlmAgent(name="summarizer", model=MODEL, description="Summarizes.", instruction="Sum up.", mode="single_turn")
root_agent = LlmAgent(
    name="desk",
    model=MODEL,
    description="The front desk of the shop",
    instruction="Greet {user_name} and send them to the right desk.",
    sub_agents=[billing, shipping, loyal, quiet, summarizer],
)

"""A shop's assistant and its two desks, to see with `templating request` what google-adk sends.

templating request examples/shop_assistant --agent orders --state examples/shop_assistant/state.json
"""

from google.adk.agents import LlmAgent
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin

MODEL = "gemini-2.5-flash"

orders = LlmAgent(
    name="orders",
    model=MODEL,
    description="Finds orders and their parcels.",
    static_instruction="You find orders. Never promise a delivery date.",
    instruction="The customer is {user:name}; their last order is {last_order?}.",
)
returns = LlmAgent(
    name="returns",
    model=MODEL,
    description="Takes returns within 30 days.",
    instruction="Take the return of {user:name}. Ask for the order number first.",
)
root_agent = LlmAgent(
    name="assistant",
    model=MODEL,
    description="The shop's front desk.",
    instruction="Greet {user:name} and send them to the right desk.",
    sub_agents=[orders, returns],
)
app = App(
    name="shop",
    root_agent=root_agent,
    plugins=[GlobalInstructionPlugin("You speak for {app:shop_name}. Answer in English.")],
)


async def start(runner):
    """A session as the shop starts one: the keys every instruction reads."""
    return await runner.session_service.create_session(
        app_name="shop", user_id="ada", state={"user:name": "Ada", "app:shop_name": "The Tea Shop"}
    )

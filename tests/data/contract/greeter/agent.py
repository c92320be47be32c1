"""A chat agent (what `adk web` loads as `root_agent`): it needs `user_name` from the start, may
use `mood`, and writes `language` itself before its first instruction."""

from google.adk import Agent
from contract_scripted import model


def set_language(callback_context):
    callback_context.state["language"] = "English"


root_agent = Agent(
    name="greeter",
    model=model("greeter"),
    instruction="Greet {user_name} in {language}. Their mood: {mood?}.",
    before_agent_callback=set_language,
)

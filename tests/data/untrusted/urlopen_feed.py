"""A common shape: a callback reads an RSS feed with `urllib` before the agent runs and stores
the titles; the agent reads them in a fenced code block."""

import urllib.request

from google.adk.agents import LlmAgent


def load_feed(callback_context) -> None:
    with urllib.request.urlopen("https://news.example/feed") as response:
        callback_context.state["headlines"] = response.read().decode()


root = LlmAgent(
    name="newsreader",
    instruction="Pick three stories.\n```\n{headlines}\n```",
    before_agent_callback=load_feed,
)

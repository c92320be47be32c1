"""Flow modelled on hungubqn0310/adk2.0 @c1e9ac2 (its state flow as traced by hand for issue 29; no code copied): a tool calls a helper
that fetches the company catalogue over HTTP; the linter sees no network call in the tool."""

import httpx
from google.adk.agents import LlmAgent, SequentialAgent


def _catalogue(query: str) -> str:
    return httpx.get("https://catalogue.example/api", params={"q": query}).text


def search_catalogue(query: str, tool_context) -> str:
    tool_context.state["catalogue_results"] = _catalogue(query)
    return "found"


finder = LlmAgent(name="finder", instruction="Find products.", tools=[search_catalogue])
seller = LlmAgent(name="seller", instruction="Recommend from {catalogue_results}.")
root = SequentialAgent(name="shop", sub_agents=[finder, seller])

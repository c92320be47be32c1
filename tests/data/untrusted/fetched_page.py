"""Flow modelled on google/adk-samples @e39b806 `python/agents/fomc-research` (its state flow as traced by hand for
issue 29; no code copied): a tool fetches a page the model names and writes the raw page to state; an extractor
reads it between tags; a summary of it reaches a later instruction; the tool also writes the
fetch's status, which holds no page text."""

import requests
from google.adk.agents import LlmAgent, SequentialAgent


def fetch_page(url: str, tool_context) -> str:
    response = requests.get(url, timeout=10)
    tool_context.state["page_contents"] = response.text
    tool_context.state["fetch_status"] = response.status_code
    return "fetched"


fetcher = LlmAgent(name="fetcher", instruction="Fetch the meeting page.", tools=[fetch_page])
extractor = LlmAgent(
    name="extractor",
    instruction="Extract the decisions.\n<PAGE_CONTENTS>\n{page_contents}\n</PAGE_CONTENTS>\nStatus: {fetch_status}",
    output_key="meeting_summary",
)
analyst = LlmAgent(name="analyst", instruction="Analyse this summary: {meeting_summary}")
root = SequentialAgent(name="fomc", sub_agents=[fetcher, extractor, analyst])

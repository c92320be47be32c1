"""A common shape: `load_web_page` output summarised, then the summary read two agents later
(transitive), and the user's question read too (the user's own words)."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools.load_web_page import load_web_page

asker = LlmAgent(name="asker", instruction="Restate the user's question.", output_key="question")
browser = LlmAgent(name="browser", tools=[load_web_page], output_key="page_notes")
summarizer = LlmAgent(name="summarizer", instruction="Summarize {page_notes} for {question}.", output_key="summary")
reporter = LlmAgent(name="reporter", instruction="Report on: {summary}")
root = SequentialAgent(name="web", sub_agents=[asker, browser, summarizer, reporter])

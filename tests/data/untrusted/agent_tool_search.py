"""A common shape: a coordinator calls a search agent through `AgentTool`; its answer is read
by the next agent."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import google_search
from google.adk.tools.agent_tool import AgentTool

search_agent = LlmAgent(name="search_agent", tools=[google_search])
coordinator = LlmAgent(name="coordinator", tools=[AgentTool(agent=search_agent)], output_key="briefing")
editor = LlmAgent(name="editor", instruction="Edit this briefing: {briefing}")
root = SequentialAgent(name="briefing_app", sub_agents=[coordinator, editor])

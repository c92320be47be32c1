"""The research pipeline: the researcher writes `findings` and `sources`, then a loop
critiques and revises them. The YAML root agent runs `intake` (which writes `topic`) first."""

from google.adk.agents import LlmAgent, LoopAgent, SequentialAgent

from .tools import save_sources

researcher = LlmAgent(
    name="researcher",
    model="gemini-2.5-flash",
    instruction="Research {topic}. Call save_sources with the URLs you used, then summarise.",
    tools=[save_sources],
    output_key="findings",
)

critic = LlmAgent(
    name="critic",
    model="gemini-2.5-flash",
    instruction="Review these findings on {topic}:\n{findings}\nSources: {sources}\nPrevious critique: {critique?}",
    output_key="critique",
)

reviser = LlmAgent(
    name="reviser",
    model="gemini-2.5-flash",
    instruction="Revise the findings:\n{findings}\nfollowing this critique:\n{critique}",
    output_key="findings",
)

review_loop = LoopAgent(name="review_loop", sub_agents=[critic, reviser], max_iterations=2)

research_pipeline = SequentialAgent(name="research_pipeline", sub_agents=[researcher, review_loop])

"""Flow modelled on google/adk-samples @e39b806 `python/agents/academic-research` (its state flow as traced by hand for
issue 29; no code copied): a search agent's findings and an uploaded paper's analysis reach the next agent's
instruction, one of them between quotes."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.tools import google_search, load_artifacts

paper_reader = LlmAgent(name="paper_reader", tools=[load_artifacts], output_key="seminal_paper")
searcher = LlmAgent(name="searcher", tools=[google_search], output_key="recent_citing_papers")
suggester = LlmAgent(
    name="suggester",
    instruction="Seminal paper: '{seminal_paper}'. Papers citing it: {recent_citing_papers}. Suggest directions.",
)
root = SequentialAgent(name="research", sub_agents=[paper_reader, searcher, suggester])

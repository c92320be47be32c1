"""Flow modelled on PaulMatencio/adk-2 and ro1406's procurement agents (its state flow as traced by hand for issue 29; no code copied): the
user's own request, restated by a model, reaches a gatekeeping agent. User text is not counted
as a third party's (an opt-in the rule does not offer yet)."""

from google.adk.agents import LlmAgent, SequentialAgent

intake = LlmAgent(name="intake", instruction="Restate the request and its justification.", output_key="justification")
reviewer = LlmAgent(name="reviewer", instruction="Decide PASS or REJECT for: {justification}")
root = SequentialAgent(name="procurement", sub_agents=[intake, reviewer])

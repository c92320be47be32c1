"""Flow modelled on google/adk-samples @e39b806 `python/agents/travel-concierge` (its state flow as traced by hand for
issue 29; no code copied): a callback loads a developer's scenario file into state; instructions read the
profile and the model's own plan, neither of which a third party writes."""

import json
from pathlib import Path

from google.adk.agents import LlmAgent, SequentialAgent

SCENARIO = Path(__file__).with_name("scenario.json")


def load_scenario(callback_context) -> None:
    data = json.loads(SCENARIO.read_text()) if SCENARIO.exists() else {"user_profile": "likes trains"}
    callback_context.state.update(data)


planner = LlmAgent(name="planner", instruction="Plan a trip for {user_profile}.", output_key="itinerary")
booker = LlmAgent(name="booker", instruction="Book this itinerary: {itinerary}")
root = SequentialAgent(name="travel", sub_agents=[planner, booker], before_agent_callback=load_scenario)

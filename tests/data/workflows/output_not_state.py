"""Node output is not state: `find_city` returns `{"city": ...}`, and `Event(output=...)` of
`describe` carries `summary`; the agents after them read `{city}` and `{summary}` as state
keys (both fail). `output_key` does write state."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL


def find_city():
    return {"city": "Paris"}


def describe(node_input):
    return Event(output={"summary": "sunny"})


city_agent = Agent(name="city_agent", model=MODEL, instruction="Talk about {city}.", output_key="talk")

summary_agent = Agent(name="summary_agent", model=MODEL, instruction="{summary} after {talk}")

root = Workflow(
    name="output_not_state",
    edges=[("START", find_city, city_agent, describe, summary_agent)],
)

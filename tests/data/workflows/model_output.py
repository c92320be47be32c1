"""A function node returns a pydantic model: its fields reach the next node as input, not as
state. `{Weather.sky}` with `input_schema=Weather` is the idiom and renders as written; `{sky}`,
read later as a state key, fails."""

from google.adk import Agent, Workflow
from pydantic import BaseModel
from scenario import MODEL


class Weather(BaseModel):
    sky: str


def forecast():
    return Weather(sky="clear")


by_input = Agent(name="by_input", model=MODEL, input_schema=Weather, instruction="The sky is {Weather.sky}.")

by_state = Agent(name="by_state", model=MODEL, instruction="The sky is {sky}.")

root = Workflow(name="model_output", edges=[("START", forecast, by_input, by_state)])

"""`{Model.field}` with the agent's `input_schema` is the ADK 2 idiom (left literal for the
model, filled from its input); it is not a state read and never fails."""

from google.adk import Agent, Workflow
from pydantic import BaseModel
from scenario import MODEL


class CityTime(BaseModel):
    city: str
    time_info: str


def look_up():
    return CityTime(city="Paris", time_info="10:10")


report = Agent(
    name="report",
    model=MODEL,
    input_schema=CityTime,
    instruction="It is {CityTime.time_info} in {CityTime.city}.",
)

stray = Agent(
    name="stray",
    model=MODEL,
    instruction="Also {CityTime.weather} and {Unknown.field}.",
)

root = Workflow(name="schema_fields", edges=[("START", look_up, report, stray)])

"""A trip planner as an ADK 2.x graph workflow.

START -> read_request -> (classify, look_up_weather) -> gather (a join) -> route_trip;
route_trip sends a request it can plan to the planner, anything else to decline; the
planner's draft goes to review, which sends it back to the planner (through note_critique)
until it is detailed enough, then to present.
"""

import pathlib

from google.adk import Agent, Context, Event, Workflow
from google.adk.skills import load_skill_from_dir
from google.adk.tools.skill_toolset import SkillToolset
from google.adk.workflow import DEFAULT_ROUTE, JoinNode
from google.genai import types

MODEL = "gemini-2.5-flash"
SKILLS = pathlib.Path(__file__).parent / "skills"


def read_request(node_input: types.Content):
    """Keep the user's words in state: a node's return value is not state."""
    return Event(state={"request": node_input.parts[0].text})


classify = Agent(
    name="classify",
    model=MODEL,
    instruction="Can we plan this trip? {request}\nAnswer PLAN or DECLINE.",
    output_key="kind",
)


def look_up_weather(ctx: Context, request: str):
    """A stand-in for a weather service; `request` is bound from state."""
    ctx.state["forecast"] = "sunny, 24 degrees"


gather = JoinNode(name="gather")


def route_trip(kind: str):
    return Event(route="plan" if "PLAN" in kind else "decline")


planner = Agent(
    name="planner",
    model=MODEL,
    instruction=(
        "Plan a trip for: {request}. The forecast is {forecast}.\n"
        "Reviewer notes so far: {critique?}\n"
        "Load the `itinerary` skill before you write the plan."
    ),
    tools=[SkillToolset(skills=[load_skill_from_dir(SKILLS / "itinerary")])],
    output_key="plan",
)


def review(plan: str, rounds: int = 0):
    """Send a short plan back to the planner, at most twice."""
    if len(plan) < 80 and rounds < 2:
        return Event(state={"rounds": rounds + 1}, route="retry")
    return Event(route="done")


def note_critique(ctx: Context):
    ctx.state["critique"] = "Add more detail to each day."


present = Agent(
    name="present",
    model=MODEL,
    instruction="Present this plan to the traveller: {plan}\nSay what the reviewer asked for: {critique}",
)

decline = Agent(
    name="decline",
    model=MODEL,
    instruction="Politely explain that we cannot plan this trip: {request}",
)

root_agent = Workflow(
    name="trip_workflow",
    edges=[
        ("START", read_request, (classify, look_up_weather), gather, route_trip),
        (route_trip, {"plan": planner, DEFAULT_ROUTE: decline}),
        (planner, review),
        (review, {"retry": note_critique, "done": present}),
        (note_critique, planner),
    ],
)

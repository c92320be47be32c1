"""An ADK 2.x workflow with typed state (`state_schema`): what the schema refuses, and what it
accepts."""

from google.adk import Agent, Event, Workflow
from pydantic import BaseModel
from contract_scripted import model

from templating import compile_template


class Plan(BaseModel):
    title: str
    days: int


class TripState(BaseModel):
    destination: str = ""
    travellers: int = 1
    notes: str = ""
    plan: Plan | None = None


def read_request(ctx, destination: str):
    ctx.state["notes"] = f"Trip to {destination}"
    return Event(state={"temp:started": True})


def stamp(ctx):
    return Event(state={"stamped_at": "now"})


planner = Agent(
    name="planner",
    model=model("planner", '{"title": "Rome in spring", "days": 3}'),
    instruction="Plan a trip to {destination} for {travellers?} people. Budget: {budget}.",
    output_schema=Plan,
    output_key="plan",
)

def look_up_weather(tool_context):
    tool_context.state["weather"] = "sunny"
    tool_context.state["temp:looked_up"] = True
    return "sunny"


def mark_start(callback_context):
    callback_context.state["marked"] = True
    callback_context.state["notes"] = "marked"


summarizer = Agent(
    name="summarizer",
    model=model("summarizer"),
    tools=[look_up_weather],
    before_agent_callback=mark_start,
    instruction=compile_template(
        "Summarize {plan.title}: {plan.days} days, {plan.nights?} nights. Notes: {notes}", dialect="strict"
    ),
    output_key="summary",
)


def wrap_up(ctx):
    ctx.state["scratch"] = "done"
    ctx.state["temp:scratch"] = "done"


root_agent = Workflow(
    name="trip", state_schema=TripState, edges=[("START", read_request, planner, stamp, summarizer, wrap_up)]
)

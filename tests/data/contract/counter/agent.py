"""An ADK 2.x workflow with typed state and no model: its evals run (ADK's eval plugin writes
its own key only before a model call), so long as each case gives the key it needs."""

from google.adk import Event, Workflow
from pydantic import BaseModel


class Count(BaseModel):
    start: int = 0
    total: int = 0


def add(ctx, start: int):
    return Event(state={"total": start + 1})


def report(ctx, total: int):
    return f"total {total}"


root_agent = Workflow(name="counter", state_schema=Count, edges=[("START", add, report)])

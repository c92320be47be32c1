"""Fan-out to `a` and `b`, a `JoinNode`, then a reader: the join waits for both writers."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import JoinNode
from scenario import MODEL


def a():
    return Event(state={"ka": 1})


def b(ctx):
    ctx.state["kb"] = 2


both = JoinNode(name="both")

reader = Agent(name="reader", model=MODEL, instruction="{ka} {kb}")

root = Workflow(name="join", edges=[("START", (a, b), both, reader)])

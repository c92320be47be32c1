"""A chain: function nodes write state with `Event(state=...)`, `ctx.state[...]`, `update`,
`setdefault` and `EventActions(state_delta=...)`; the agent at the end reads them all, and one
key nobody writes."""

from google.adk import Agent, Event, Workflow
from google.adk.events import EventActions
from scenario import MODEL


def write_event():
    return Event(state={"k_event": "E"})


def write_context(ctx):
    ctx.state["k_item"] = "I"
    ctx.state.update({"k_update": "U"})
    ctx.state.setdefault("k_default", "D")


async def write_actions(ctx):
    yield Event(actions=EventActions(state_delta={"k_actions": "A"}))


reader = Agent(
    name="reader",
    model=MODEL,
    instruction="{k_event} {k_item} {k_update} {k_default} {k_actions} {k_nobody}",
)

root = Workflow(name="chain", edges=[("START", write_event, write_context, write_actions, reader)])

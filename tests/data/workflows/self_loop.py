"""A node that routes back to itself (`poll` retries until it is done) after a node that
writes `k`: the self-loop runs `poll` again, one run after another, never two at once. No
predecessor of `poll` is concurrent with another: no TPL018, and `report` reads `k` in time."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def prepare():
    return Event(state={"k": "ready"})


def poll():
    return Event(route=next_route("poll", "done"))


report = Agent(name="report", model=MODEL, instruction="{k}")

root = Workflow(name="self_loop", edges=[("START", prepare, poll), (poll, {"again": poll, "done": report})])

SCENARIOS = [{"poll": ["again", "again", "done"]}, {"poll": ["done"]}]

"""A nested workflow whose writer sits on a route: the outer reader after it may miss `k`;
`always`, written on every inner path, is safe."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def inner_router():
    return Event(state={"always": 1}, route=next_route("inner_router", "W"))


def inner_writer():
    return Event(state={"k": 1})


inner = Workflow(name="inner", edges=[("START", inner_router, {"W": inner_writer})])

outer_reader = Agent(name="outer_reader", model=MODEL, instruction="{always} {k}")

root = Workflow(name="nested", edges=[("START", inner, outer_reader)])

SCENARIOS = [{"inner_router": ["W"]}, {"inner_router": ["X"]}]

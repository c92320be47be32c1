"""A route dict in the middle of a chain: `("START", router, {"A": x, "B": y}, z)` makes
`x -> z` and `y -> z` unconditional; only `x` writes `k`."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def router():
    return Event(route=next_route("router", "A"))


def x():
    return Event(state={"k": 1, "common": 1})


def y(ctx):
    ctx.state["common"] = 2


z = Agent(name="z", model=MODEL, instruction="{k} {common}")

root = Workflow(name="dict_in_chain", edges=[("START", router, {"A": x, "B": y}, z)])

SCENARIOS = [{"router": ["A"]}, {"router": ["B"]}]

"""Node groups written as lists (`{"PARALLEL": [left, right]}`, `([left, right], merge)`):
google-adk 2.13.0 takes them as it takes tuples, so this is a fan-out and a fan-in without a
`JoinNode`: `merge` runs once per predecessor, and its first run may come before the other
sibling wrote its key (a race)."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def router():
    return Event(state={"k_first": 1}, route=next_route("router", "PARALLEL"))


def left():
    return Event(state={"k_left": 1})


def right():
    return Event(state={"k_right": 1})


def alone():
    return Event(state={"k_alone": 1})


merge = Agent(name="merge", model=MODEL, instruction="{k_first} {k_left} {k_right}")

root = Workflow(
    name="list_groups",
    edges=[("START", router), (router, {"ALONE": alone, "PARALLEL": [left, right]}), ([left, right], merge)],
)

SCENARIOS = [{"router": ["PARALLEL"]}, {"router": ["ALONE"]}]

#: Reads whose failure depends on which sibling finishes first.
RACES = {("merge", "k_left"), ("merge", "k_right")}

#: The shape findings (TPL018, TPL019) the linter must make, by node.
SHAPES = {("TPL018", "merge")}

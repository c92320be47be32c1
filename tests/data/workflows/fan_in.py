"""Fan-in without a `JoinNode`: `merge` runs once per predecessor, and its first run may come
before the other sibling wrote its key (a race)."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL


def left():
    return Event(state={"k_left": 1})


def right():
    return Event(state={"k_right": 1})


def first():
    return Event(state={"k_first": 1})


merge = Agent(name="merge", model=MODEL, instruction="{k_first} {k_left} {k_right}")

root = Workflow(name="fan_in", edges=[("START", first, (left, right), merge)])

#: Reads whose failure depends on which sibling finishes first.
RACES = {("merge", "k_left"), ("merge", "k_right")}

#: The shape findings (TPL018, TPL019) the linter must make, by node.
SHAPES = {("TPL018", "merge")}

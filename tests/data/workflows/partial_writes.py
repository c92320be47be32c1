"""Function nodes that write a key on only some of their returns.

`decide` writes `k_routed` only with route `a`: `on_a` (after route `a`) reads it in time,
`on_b` (after route `b`) does not. `maybe` writes `k_maybe` only when its condition holds,
with no route to tell the two returns apart: `after_maybe` may run without it. `always`
writes `k_always` on both of its returns, so `after_always` never misses it.
"""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def decide():
    if next_route("decide", "a") == "a":
        return Event(state={"k_routed": "written"}, route="a")
    return Event(route="b")


on_a = Agent(name="on_a", model=MODEL, instruction="k={k_routed}")
on_b = Agent(name="on_b", model=MODEL, instruction="k={k_routed}")


def maybe():
    if next_route("maybe", "write") == "write":
        return Event(state={"k_maybe": "written"})


after_maybe = Agent(name="after_maybe", model=MODEL, instruction="k={k_maybe}")


def always():
    if next_route("always", "one") == "one":
        return Event(state={"k_always": 1})
    else:
        return Event(state={"k_always": 2})


after_always = Agent(name="after_always", model=MODEL, instruction="k={k_always}")

root = Workflow(
    name="partial_writes",
    edges=[
        ("START", maybe, after_maybe, always, after_always, decide),
        (decide, {"a": on_a, "b": on_b}),
    ],
)

SCENARIOS = [
    {"decide": ["a"], "maybe": ["write"], "always": ["one"]},
    {"decide": ["b"], "maybe": ["skip"], "always": ["two"]},
]

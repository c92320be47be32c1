"""A `JoinNode` whose predecessor `a` sits on route `A`: on route `B` it never fires and the
reader after it never runs (no error); on route `A` the reader finds its keys."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import JoinNode
from scenario import MODEL, next_route


def router():
    return Event(route=next_route("router", "A"))


def a():
    return Event(state={"ka": 1})


def c():
    return Event(state={"kc": 1})


gather = JoinNode(name="gather")

after = Agent(name="after", model=MODEL, instruction="{ka} {kc}")

root = Workflow(
    name="join_never_fires",
    edges=[("START", router), (router, {"A": a}), (router, c), ((a, c), gather, after)],
)

SCENARIOS = [{"router": ["A"]}, {"router": ["B"]}]

#: The shape findings (TPL018, TPL019) the linter must make, by node.
SHAPES = {("TPL019", "gather")}

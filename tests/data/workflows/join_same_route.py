"""A join whose inputs all hang off the same route: route `go` of `router` runs both `left`
and `right`, route `stop` runs neither. The join never waits for a branch that cannot come:
no TPL019. `merge` reads what both wrote."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import JoinNode
from scenario import MODEL, next_route


def router():
    return Event(route=next_route("router", "go"))


def left():
    return Event(state={"k_left": "L"})


def right():
    return Event(state={"k_right": "R"})


join = JoinNode(name="join")
merge = Agent(name="merge", model=MODEL, instruction="{k_left} {k_right}")
stopped = Agent(name="stopped", model=MODEL, instruction="stopped")

root = Workflow(
    name="join_same_route",
    edges=[("START", router, {"go": (left, right), "stop": stopped}), ((left, right), join, merge)],
)

SCENARIOS = [{"router": ["go"]}, {"router": ["stop"]}]

"""`DEFAULT_ROUTE`, `Edge(...)` objects between `@node` functions and the `START` constant: the default branch writes
`k_default`, the `A` branch writes `k_a`; the reader reads both."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import DEFAULT_ROUTE, START, Edge, node
from scenario import MODEL, next_route


@node
def router():
    return Event(route=next_route("router", "other"))


@node(name="on_a")
def on_a():
    return Event(state={"k_a": "A", "k_both": 1})


@node
def on_default():
    return Event(state={"k_default": "D", "k_both": 2})


reader = Agent(name="reader", model=MODEL, instruction="{k_a} {k_default} {k_both}")

root = Workflow(
    name="default_route",
    edges=[
        Edge(from_node=START, to_node=router),
        (router, {"A": on_a, DEFAULT_ROUTE: on_default}),
        Edge(from_node=on_a, to_node=reader),
        Edge(from_node=on_default, to_node=reader),
    ],
)

SCENARIOS = [{"router": ["A"]}, {"router": ["other"]}]

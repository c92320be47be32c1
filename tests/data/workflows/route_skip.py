"""A router's route `S` skips the writer of `k`; the reader after both branches reads it."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route


def router():
    return Event(route=next_route("router", "W"))


def writer():
    return Event(state={"k": "written"})


def skipper():
    return "skipped"


reader = Agent(name="reader", model=MODEL, instruction="k={k}")

root = Workflow(
    name="route_skip",
    edges=[
        ("START", router),
        (router, {"W": writer, "S": skipper}),
        (writer, reader),
        (skipper, reader),
    ],
)

SCENARIOS = [{"router": ["W"]}, {"router": ["S"]}]

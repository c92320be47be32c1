"""A state machine: every node routes to exactly one next node (itself, a node before it or
one after it), so one node runs at a time. `setup` and `analyze` have several predecessors,
on different routers and back edges, but no completion ever starts two nodes: none of them
runs beside another. No TPL018; `analyze` reads `k`, which `entry` wrote before any route."""

from google.adk import Event, Workflow
from scenario import next_route


def entry():
    return Event(state={"k": "entry"}, route=next_route("entry", "setup"))


def setup():
    return Event(state={"k": "setup"}, route=next_route("setup", "analyze"))


def analyze(k: str):
    return Event(route=next_route("analyze", "letter"))


def letter():
    return Event(route=next_route("letter", "done"))


root = Workflow(
    name="state_machine",
    edges=[
        ("START", entry),
        (entry, {"setup": setup, "analyze": analyze}),
        (setup, {"again": setup, "analyze": analyze}),
        (analyze, {"again": analyze, "letter": letter, "setup": setup}),
        (letter, {"again": letter, "analyze": analyze, "setup": setup}),
    ],
)

SCENARIOS = [
    {"entry": ["setup"], "setup": ["again", "analyze"], "analyze": ["letter"], "letter": ["done"]},
    {"entry": ["analyze"], "analyze": ["again", "setup", "letter"], "setup": ["analyze"],
     "letter": ["again", "analyze", "setup", "done"]},
]

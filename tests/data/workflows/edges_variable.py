"""Edges kept in a module-level variable, and `node(...)` wrappers held in variables: ADK
builds the same graph as if they were written inline. `prepare` (wrapped as `prepared`)
writes `k`; `reader` reads `k` in time and `missing`, which nothing writes; `after_check`,
behind route `ok` of the wrapped `check`, reads `note`, which only route `fix` writes."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import node
from scenario import MODEL, next_route


def prepare():
    return Event(state={"k": "ready"})


def check():
    if next_route("check", "ok") == "ok":
        return Event(route="ok")
    return Event(state={"note": "fixed"}, route="fix")


prepared = node(prepare, name="prepared")
checked = node(check)
reader = Agent(name="reader", model=MODEL, instruction="{k} {missing}")
after_check = Agent(name="after_check", model=MODEL, instruction="{note}")
fixer = Agent(name="fixer", model=MODEL, instruction="{note}")

EDGES = [
    ("START", prepared, reader, checked),
    (checked, {"ok": after_check, "fix": fixer}),
]

root = Workflow(name="edges_variable", edges=EDGES)

SCENARIOS = [{"check": ["ok"]}, {"check": ["fix"]}]

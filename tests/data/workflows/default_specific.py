"""Returns with a specific route do not reach `DEFAULT_ROUTE`: ADK follows the default edge
only when no specific route matched. `check` writes `feedback` on every return that can end
on the default edge (route `retry`, which no edge names, and a return without a route); its
`ok` return writes nothing and goes to `done` only. `fixer` reads `feedback` in time; `late`,
after `done`, does not: the oracle fails it on route `ok`."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import DEFAULT_ROUTE
from scenario import MODEL, next_route


def check():
    route = next_route("check", "ok")
    if route == "ok":
        return Event(route="ok")
    if route == "retry":
        return Event(state={"feedback": "again"}, route="retry")
    return Event(state={"feedback": "unrouted"})


fixer = Agent(name="fixer", model=MODEL, instruction="Fix: {feedback}")
done = Agent(name="done", model=MODEL, instruction="done")
late = Agent(name="late", model=MODEL, instruction="{feedback}")

root = Workflow(
    name="default_specific",
    edges=[("START", check, {"ok": done, DEFAULT_ROUTE: fixer}), (done, late)],
)

SCENARIOS = [{"check": ["ok"]}, {"check": ["retry"]}, {"check": ["none"]}]

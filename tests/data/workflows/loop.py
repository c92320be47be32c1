"""A loop through a routed back edge: `draft` reads `feedback`, which `review` writes later in
the loop (missing on the first iteration); `publish` after the loop reads both."""

from google.adk import Agent, Event, Workflow
from scenario import MODEL, next_route

draft = Agent(name="draft", model=MODEL, instruction="Revise with {feedback}.", output_key="text")


def review(ctx):
    ctx.state["feedback"] = "shorter"
    return Event(route=next_route("review", "done"))


publish = Agent(name="publish", model=MODEL, instruction="{text} {feedback}")

root = Workflow(name="loop", edges=[("START", draft, review, {"retry": draft, "done": publish})])

SCENARIOS = [{"review": ["retry", "done"]}, {"review": ["done"]}]

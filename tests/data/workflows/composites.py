"""A classic `SequentialAgent` as a workflow node, an agent node's `output_key`, and a
direct `ctx.session.state` write (visible for the rest of the invocation)."""

from google.adk import Agent, Workflow
from google.adk.agents import SequentialAgent
from scenario import MODEL


def stash(ctx):
    ctx.session.state["direct"] = 1


first = Agent(name="first", model=MODEL, instruction="{direct} {draft?}", output_key="draft")
second = Agent(name="second", model=MODEL, instruction="{draft} {final}", output_key="final")
pipeline = SequentialAgent(name="pipeline", sub_agents=[first, second])

closing = Agent(name="closing", model=MODEL, instruction="{draft} {final}")

root = Workflow(name="composites", edges=[("START", stash, pipeline, closing)])

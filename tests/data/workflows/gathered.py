"""A dynamic workflow that gathers two `ctx.run_node` children: `summarize` reads what `draft`
writes, but they run concurrently (a race); `review`, awaited after both, reads it in time."""

import asyncio

from google.adk import Agent, Workflow
from google.adk.workflow import node
from scenario import MODEL

draft = Agent(name="draft", model=MODEL, instruction="Draft it.", output_key="text")
summarize = Agent(name="summarize", model=MODEL, instruction="Summarize {text}.")
review = Agent(name="review", model=MODEL, instruction="Review {text}.")


@node(rerun_on_resume=True)
async def orchestrate(ctx):
    await asyncio.gather(ctx.run_node(draft), ctx.run_node(summarize))
    await ctx.run_node(review)


root = Workflow(name="gathered", edges=[("START", orchestrate)])

#: Reads whose failure depends on which concurrent child finishes first.
RACES = {("summarize", "text")}

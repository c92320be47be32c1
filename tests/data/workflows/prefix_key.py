"""A key written through an f-string with a constant prefix (`f"temp:cache:{name}"`) can only
be a `temp:cache:` key: it does not write `summary`, which nothing writes (the runtime fails
`reader` on it), and it may write `temp:cache:city` (no finding: the linter cannot know the
name). A classic agent whose tool writes such a key still has its other reads judged."""

from google.adk import Agent, Workflow
from scenario import MODEL, next_route


def cache(ctx):
    name = next_route("cache", "city")
    ctx.state[f"temp:cache:{name}"] = "cached"


reader = Agent(name="reader", model=MODEL, instruction="{temp:cache:city} {summary}")

root = Workflow(name="prefix_key", edges=[("START", cache, reader)])

SCENARIOS = [{"cache": ["city"]}]

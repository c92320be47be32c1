"""A custom agent (a `BaseAgent` subclass) as a workflow node writes state with a yielded
`Event(state=...)`; the agent after it reads the key in time, and one it writes too late."""

from google.adk import Agent, Event, Workflow
from google.adk.agents import BaseAgent
from scenario import MODEL


class Stamp(BaseAgent):
    async def _run_async_impl(self, ctx):
        yield Event(author=self.name, state={"stamp": "S"})


stamp = Stamp(name="stamp")

reader = Agent(name="reader", model=MODEL, instruction="{stamp} {late}")


def finish():
    return Event(state={"late": 1})


root = Workflow(name="custom_agent", edges=[("START", stamp, reader, finish)])

"""Flow modelled on GoogleCloudPlatform/generative-ai @23b75da `prism-science-explainer`
(its state flow as traced by hand for issue 29; no code copied): a custom agent runs search workers and copies their findings into one
state key in its own code; the writer reads that key inside tags."""

from google.adk.agents import BaseAgent, LlmAgent, SequentialAgent
from google.adk.events import Event, EventActions
from google.adk.tools import google_search


class Gatherer(BaseAgent):
    async def _run_async_impl(self, ctx):
        for worker in self.sub_agents:
            async for event in worker.run_async(ctx):
                yield event
        block = "\n".join(str(ctx.session.state.get(f"finding_{i}", "")) for i in range(2))
        yield Event(author=self.name, actions=EventActions(state_delta={"findings_block": block}))


workers = [LlmAgent(name=f"worker_{i}", tools=[google_search], output_key=f"finding_{i}") for i in range(2)]
gatherer = Gatherer(name="gatherer", sub_agents=workers)
explainer = LlmAgent(name="explainer", instruction="Explain using <findings>{findings_block}</findings>.")
root = SequentialAgent(name="prism", sub_agents=[gatherer, explainer])

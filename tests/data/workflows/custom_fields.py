"""A custom agent built with its reviewer as a field of its own (`Pipeline(reviewer=...)`, no
`name=` or `sub_agents=` in the call): its code writes the session's state, then runs the
reviewer, which reads what was written and one key nothing writes."""

from google.adk.agents import BaseAgent, LlmAgent
from scenario import MODEL


class Pipeline(BaseAgent):
    reviewer: BaseAgent

    def __init__(self, reviewer: BaseAgent, **kwargs):
        super().__init__(name="pipeline", reviewer=reviewer, sub_agents=[reviewer], **kwargs)

    async def _run_async_impl(self, ctx):
        ctx.session.state["spec"] = "the spec"
        async for event in self.reviewer.run_async(ctx):
            yield event


reviewer = LlmAgent(name="reviewer", model=MODEL, instruction="Judge against {spec}, with {rubric}.")
root = Pipeline(reviewer=reviewer)

"""A dynamic workflow: the orchestrator writes `code`, runs `fixer` with `ctx.run_node`, and
only then writes `verdict`, which `fixer` also reads (too early)."""

from google.adk import Agent, Event, Workflow
from google.adk.workflow import node
from scenario import MODEL

fixer = Agent(name="fixer", model=MODEL, instruction="Fix {code}; last verdict {verdict}.")

checker = Agent(name="checker", model=MODEL, instruction="Check {code} against {verdict}.")


@node(rerun_on_resume=True)
async def orchestrate(ctx):
    yield Event(state={"code": "v0"})
    await ctx.run_node(fixer)
    ctx.state["verdict"] = "pass"
    await ctx.run_node(checker)


root = Workflow(name="dynamic", edges=[("START", orchestrate)])

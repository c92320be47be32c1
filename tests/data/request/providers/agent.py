"""InstructionProviders: a function (google-adk sends what it returns, unfilled: the code does
not show it) and this package's compiled template (it renders itself)."""

from google.adk.agents import LlmAgent, SequentialAgent
from google.adk.agents.readonly_context import ReadonlyContext

from templating import compile_template


def greeting(context: ReadonlyContext) -> str:
    return f"Hello {context.state['user_name']}, {{not_filled}}."


by_function = LlmAgent(name="by_function", model="gemini-2.5-flash", description="Greets.", instruction=greeting)
by_template = LlmAgent(
    name="by_template",
    model="gemini-2.5-flash",
    instruction=compile_template("Dear {user_name}, {{literal}} braces stay.", dialect="strict"),
)
root_agent = SequentialAgent(name="pipeline", sub_agents=[by_function, by_template])

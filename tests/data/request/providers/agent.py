"""InstructionProviders: a function (google-adk sends what it returns, unfilled: the code does
not show it) and this package's compiled template (it renders itself); an f-string value known
only at run time (a hole in a text otherwise known)."""

import datetime

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
by_fstring = LlmAgent(
    name="by_fstring",
    model="gemini-2.5-flash",
    instruction=f"Today is {datetime.date.today().year}. Greet {{user_name}}.",
)
root_agent = SequentialAgent(name="pipeline", sub_agents=[by_function, by_template, by_fstring])

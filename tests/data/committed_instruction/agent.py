"""An instruction kept in a committed Markdown file, read when the module is imported.

`seed` writes `topic`; the instruction file reads `{topic}` (written before: fine),
`{summary}`, which nothing writes, and `{draft}`, which `publish` writes after `reader` ran:
under google-adk 2.13.0 `reader` fails on `summary` and on `draft`.
The linter reads `instructions/reader.md` as `reader`'s instruction and reports there.
"""

from pathlib import Path

from google.adk import Agent, Workflow
from scenario import MODEL

INSTRUCTIONS = Path(__file__).parent / "instructions"


def seed(ctx):
    ctx.state["topic"] = "tea"


def publish(ctx):
    ctx.state["draft"] = "done"


reader = Agent(name="reader", model=MODEL, instruction=(INSTRUCTIONS / "reader.md").read_text(encoding="utf-8"))

root = Workflow(name="committed_instruction", edges=[("START", seed, reader, publish)])

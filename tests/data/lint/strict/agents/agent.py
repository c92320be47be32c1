"""A strict-dialect agent (a lint fixture: positions are pinned by tests)."""

from google.adk.agents import LlmAgent

INSTRUCTION = """Greet {user:profile.name} from {user:profile.cty}.
Reply as {"name": {user:profile.name}} and show {{greeting}} as written.
First item: {items[0].title}, then {items[0}; scope {session:lang}.
Code: async ({ page }) => { return }; but {return} is looked up.
Budget: ${budget}; notes: {artifact.../notes.txt}.
"""

agent = LlmAgent(name="strict", instruction=INSTRUCTION)
helper = LlmAgent(name="helper", instruction="Hi {{ \"a\": 1 }} {greting} {user:profle.name}")

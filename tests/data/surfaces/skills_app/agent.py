"""A skill with `adk_inject_state` held by one agent's SkillToolset, and one without the flag."""

import pathlib

from google.adk import Agent
from google.adk.skills import load_skill_from_dir
from google.adk.tools.skill_toolset import SkillToolset
from scripted import MODEL

SKILLS = pathlib.Path(__file__).parent / "skills"

greeter = load_skill_from_dir(SKILLS / "greeter")

root_agent = Agent(
    name="host",
    model=MODEL,
    instruction="Load the skill the user needs.",
    tools=[SkillToolset(skills=[greeter, load_skill_from_dir(SKILLS / "plain")])],
)

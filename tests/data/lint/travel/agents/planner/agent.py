from google.adk.agents import LlmAgent

from . import prompt
from .prompt import JSON_HINT

planner = LlmAgent(
    name="planner",
    instruction=prompt.PLANNER_INSTR,
    global_instruction=JSON_HINT,  # noqa: TPL006
    static_instruction="Cached: {user:name}",
)

helper = LlmAgent(
    name="helper",
    instruction=("Tab\there { city } "
                 "and \N{BULLET} {session:lang} "  # an implicit concatenation
                 f"now {today} {{trip_id}}"),
)

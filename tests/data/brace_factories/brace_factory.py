"""The same factory, one of whose constants holds braces: ADK finds a placeholder in the
built instruction (TPL010 reports the parameter)."""

from google.adk.agents import LlmAgent

SPECS = [
    ("medical", "injuries, hydration"),
    ("format", "answer as {json}"),
]


def _specialist(domain, focus):
    return LlmAgent(name=f"{domain}_specialist", instruction=f"You are the {domain} specialist. Focus: {focus}.")


team = [_specialist(domain, focus) for domain, focus in SPECS]

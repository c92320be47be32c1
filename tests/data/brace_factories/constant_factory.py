"""A module-private factory fed brace-free constants at every call: no value with braces
reaches an instruction (TPL010 says nothing)."""

from google.adk.agents import LlmAgent

SPECS = [
    ("medical", "injuries, hydration"),
    ("pacing", "splits, heart rate"),
]


def _specialist(domain, focus, tone="calm"):
    return LlmAgent(name=f"{domain}_specialist", instruction=f"You are the {domain} specialist ({tone}). Focus: {focus}.")


team = [_specialist(domain, focus) for domain, focus in SPECS]
extra = _specialist("gear", "shoes", tone="brief")

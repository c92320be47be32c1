"""Values render through str(), and empty texts join as google-adk joins them."""

from google.adk.agents import LlmAgent

child = LlmAgent(
    name="child",
    model="gemini-2.5-flash",
    instruction="{maybe?}",
    disallow_transfer_to_parent=True,
    disallow_transfer_to_peers=True,
)
root_agent = LlmAgent(
    name="values",
    model="gemini-2.5-flash",
    global_instruction="Root: {flag}.",
    instruction="List {items}, flag {flag}, map {mapping}, none {nothing}, number {number}, {maybe?}end.",
    sub_agents=[child],
)

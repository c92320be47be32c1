"""include_contents="none" changes the history, not the instructions."""

from google.adk.agents import LlmAgent, SequentialAgent

dynamic = LlmAgent(
    name="dynamic",
    model="gemini-2.5-flash",
    include_contents="none",
    static_instruction="Rules of the house.",
    instruction="Topic: {topic}.",
)
plain = LlmAgent(name="plain", model="gemini-2.5-flash", include_contents="none", instruction="Topic {topic}.")
root_agent = SequentialAgent(name="pipeline", sub_agents=[dynamic, plain])

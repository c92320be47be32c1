"""static_instruction beside instruction (the instruction moves into contents), a static
instruction alone with braces ADK leaves alone, and a value that holds ADK's own markers."""

from google.adk.agents import LlmAgent, SequentialAgent

both = LlmAgent(
    name="both",
    model="gemini-2.5-flash",
    static_instruction="You are the support agent of the shop. Keep {braces} as written.",
    instruction="Current time: {_time}. The customer wrote: {note}",
)
only_static = LlmAgent(name="only_static", model="gemini-2.5-flash", static_instruction="Static {only}.")
root_agent = SequentialAgent(name="pipeline", sub_agents=[both, only_static])

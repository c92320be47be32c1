"""Flow modelled on community ADK 2.x apps (rominirani, LucasMarchnd; state flow as traced by hand for issue 29; no code copied): a
callback writes the time and a counter; nothing third-party."""

from google.adk.agents import LlmAgent


def stamp(callback_context) -> None:
    callback_context.state["_time"] = "2026-01-01T00:00"
    callback_context.state["turns"] = callback_context.state.get("turns", 0) + 1


root = LlmAgent(name="assistant", instruction="Time: {_time}. Turn {turns}.", before_agent_callback=stamp)

"""The project's one place for ADK's classes, as some repositories keep it."""

from google.adk.agents import LlmAgent, SequentialAgent

__all__ = ["LlmAgent", "SequentialAgent"]

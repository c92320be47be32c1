"""Agents built with classes a project module re-exports, holding a tool from a module that
names no state: the reader reads `{forecast}`, which nothing writes, and `{plan}`, which the
planner writes first."""

from imports import LlmAgent, SequentialAgent
from lookups import lookup_city
from scenario import MODEL

planner = LlmAgent(name="planner", model=MODEL, instruction="Plan a day out.", output_key="plan")
reader = LlmAgent(name="reader", model=MODEL, instruction="Follow {plan} given {forecast}.", tools=[lookup_city])
root = SequentialAgent(name="outing", sub_agents=[planner, reader])

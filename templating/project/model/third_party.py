"""Which state keys can hold a third party's text, as far as the project model sees, and why.

A key is *third-party* when a writer of it

- is a function that calls out to the network (``Writer.source``), or
- is the ``output_key`` of an agent that reads third-party text: it holds a third-party tool
  (``Agent.sources``: search, web, MCP, OpenAPI, artifacts, memory, ...), is a
  ``RemoteA2aAgent``, wraps such an agent in an ``AgentTool``, or its instruction reads a
  third-party key (transitively).

Each key comes with its *chain*: the writers from the key back to the source, for messages.
Worked out in one pass over a work list: linear in agents, writers and reads.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from templating.project.model.facts import Writer
from templating.project.model.project_model import Agent, ProjectModel

__all__ = ["Step", "third_party_keys"]


@dataclass(frozen=True, slots=True)
class Step:
    """One link of a chain: ``writer`` writes the key, and ``reason`` says why its text may be
    a third party's (``calls `requests.get```, ``holds `google_search```, ``reads `page```)."""

    writer: Writer
    reason: str


def third_party_keys(model: ProjectModel) -> dict[str, tuple[Step, ...]]:
    """Every third-party key of ``model`` with its chain, the key's own writer first."""
    # By the agent itself, never its name: two agents of one name (a Go and a Python agent
    # of one repository, two apps) are two agents, and each has its own output key.
    output_writers: dict[int, list[Writer]] = {}
    for agent in model.agents:
        for writer in agent.writes:
            if writer.via == "output_key" and writer.key is not None:
                output_writers.setdefault(id(agent), []).append(writer)
    readers: dict[str, list[Agent]] = {}
    for agent in model.agents:
        for read in agent.reads:
            readers.setdefault(read.key, []).append(agent)
    wrappers: dict[int, list[Agent]] = {}
    for agent in model.agents:
        for wrapped in agent.agent_tools:
            wrappers.setdefault(id(wrapped), []).append(agent)
    keys: dict[str, tuple[Step, ...]] = {}
    agents: dict[int, tuple[str, tuple[Step, ...]]] = {}
    pending: deque[Agent] = deque()

    def taint_agent(agent: Agent, reason: str, chain: tuple[Step, ...]) -> None:
        if id(agent) not in agents:
            agents[id(agent)] = (reason, chain)
            pending.append(agent)

    def taint_key(step: Step, chain: tuple[Step, ...]) -> None:
        key = step.writer.key
        if key is not None and key not in keys:
            keys[key] = (step, *chain)
            for agent in readers.get(key, ()):
                taint_agent(agent, f"reads `{key}` in its instruction", keys[key])

    for writer in model.writers:
        if writer.source is not None:
            taint_key(Step(writer, f"calls `{writer.source}`"), ())
    for agent in model.agents:
        if agent.sources:
            taint_agent(agent, f"holds `{agent.sources[0]}`", ())
    while pending:
        agent = pending.popleft()
        reason, chain = agents[id(agent)]
        for writer in output_writers.get(id(agent), ()):
            taint_key(Step(writer, reason), chain)
        for wrapper in wrappers.get(id(agent), ()):
            taint_agent(wrapper, f"calls agent `{agent.name}` as a tool, which {reason}", chain)
    return keys

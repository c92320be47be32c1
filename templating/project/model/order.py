"""When each agent runs, and which keys are written before it reads them.

A ``SequentialAgent`` runs its sub-agents in order, and so does a ``LoopAgent`` in its first
iteration, which is the one that counts: a key must be written before the first read.
``ParallelAgent`` siblings give no order. A custom agent whose code calls its sub-agents one
after the other (its ``run_order``) runs them in that order, as a sequence; sub-agents of an
``LlmAgent`` (reached by transfer) and those a custom agent's code does not call in order run
in an order the code cannot tell, so everything their family writes counts as written before
them. Of an agent's own writes, only its
``before_agent_callback``'s (and a custom agent's own code) come before its first instruction:
its tools, other callbacks and ``output_key`` write after its first model call, which a missing
required key fails.
An unknown writer before a read makes every key possible: nothing is concluded.

google-adk refuses an agent with two parents, but code that lists one agent under several
parents (or ten times in one list, ten levels deep) is still read: each agent is walked once
per set of keys written before it, and at most `MAX_VISITS` times per root, so a tree of
10^11 paths costs no more than its distinct states.
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.project.model.assembly import (
    Agent,
    ProjectModel,
    Read,
    iter_tree,
    subtree_writes,
)
from templating.project.model.facts import Writer, may_write_any
from templating.project.model.writes import is_shared

__all__ = ["LateRead", "find_late_reads"]

_ORDERED = ("sequential", "loop")
#: The most agent visits the walk from one root makes; past it, nothing more is concluded.
MAX_VISITS = 100_000


@dataclass(frozen=True, slots=True)
class LateRead:
    """A required read whose key is written only after the agent first reads it."""

    agent: Agent
    read: Read
    writers: tuple[Writer, ...]


@dataclass(frozen=True, slots=True)
class _Known:
    """The keys written so far; ``unbounded`` when an unknown writer may have written any."""

    keys: frozenset[str]
    unbounded: bool = False
    #: The constant prefixes of f-string keys written: any key that starts with one may be.
    prefixes: frozenset[str] = frozenset()

    def plus(self, writers: list[Writer]) -> _Known:
        keys = frozenset(w.key for w in writers if w.key is not None)
        prefixes = frozenset(w.prefix for w in writers if w.key is None and w.prefix)
        return _Known(self.keys | keys, self.unbounded or any(may_write_any(w) for w in writers),
                      self.prefixes | prefixes)  # fmt: skip

    def covers(self, key: str) -> bool:
        """Whether ``key`` may have been written."""
        return key in self.keys or any(key.startswith(p) for p in self.prefixes)


def find_late_reads(model: ProjectModel) -> list[LateRead]:
    """Every read-before-write of the project, once per agent and placeholder."""
    # Every literal key of an initial state is there before any root runs; one that is not a
    # literal only before the roots in its folder or below (another app's runner seeds another app).
    initial = _Known(frozenset()).plus([w for w in model.writers if w.via == "initial" and w.key])
    found: dict[tuple[int, str, int, int], LateRead] = {}
    for root in model.roots:
        run = {w for agent in iter_tree(root) for w in agent.writes}
        candidates: list[tuple[Agent, Read]] = []
        seeds = _Known(initial.keys, model.seeds_any_key(root.path))
        _walk(root, seeds, candidates, set(), _Visits())
        for agent, read in candidates:
            writers = model.writers_of(read.key)
            if writers and all(w in run for w in writers):
                found.setdefault((id(agent), read.path, read.line, read.column), LateRead(agent, read, writers))
    return list(found.values())


class _Visits:
    """The states of the walk already taken, and how many visits are left."""

    __slots__ = ("left", "seen")

    def __init__(self) -> None:
        self.seen: set[tuple[int, _Known]] = set()
        self.left = MAX_VISITS

    def first(self, agent: Agent, before: _Known) -> bool:
        """Whether ``agent`` is to be walked with ``before``: not yet, and visits are left."""
        state = (id(agent), before)
        if state in self.seen or self.left <= 0:
            return False
        self.seen.add(state)
        self.left -= 1
        return True


def _walk(agent: Agent, before: _Known, candidates: list[tuple[Agent, Read]], path: set[int], visits: _Visits) -> None:
    if id(agent) in path or not visits.first(agent, before):
        return  # an agent cannot contain itself (a cycle in the code is not followed); a state walked once is done
    path = path | {id(agent)}
    # Its first instruction sees what ran before it, its `before_agent_callback` writes and a
    # custom agent's own code; its tools, other callbacks and `output_key` write only after
    # its first model call (ADK fails before that call).
    own = before.plus([*agent.early_writes, *(w for w in agent.writes if w.via == "agent" or is_shared(w.key))])
    if not own.unbounded and not agent.workflow_node:  # a workflow node is judged over its workflow
        candidates.extend((agent, r) for r in agent.reads if not r.optional and not own.covers(r.key))
    children = agent.sub_agents
    if agent.kind in _ORDERED:
        current = own
        for child in children:
            _walk(child, current, candidates, path, visits)
            current = current.plus(_carried(subtree_writes(child)))
    elif agent.run_order:
        _walk_run_order(agent, own, candidates, path, visits)
    elif agent.kind == "parallel":
        for child in children:
            _walk(child, own, candidates, path, visits)
    else:
        family = own.plus(_carried(subtree_writes(agent)))
        for child in children:
            _walk(child, family, candidates, path, visits)
    for tool_agent in agent.agent_tools:  # called by the model at any point of the agent's turn
        _walk(tool_agent, own.plus(subtree_writes(agent)), candidates, path, visits)


def _walk_run_order(
    agent: Agent, own: _Known, candidates: list[tuple[Agent, Read]], path: set[int], visits: _Visits
) -> None:
    """A custom agent's calls in code order, each seeing what the earlier ones wrote; its other
    sub-agents (run at a time the code does not tell) count as written before any of them."""
    ordered = {id(child) for child in agent.run_order}
    others = [child for child in agent.sub_agents if id(child) not in ordered]
    current = own.plus(_carried([w for child in others for w in subtree_writes(child)]))
    for child in agent.run_order:
        _walk(child, current, candidates, path, visits)
        current = current.plus(_carried(subtree_writes(child)))
    family = own.plus(_carried(subtree_writes(agent)))
    for child in others:
        _walk(child, family, candidates, path, visits)


def _carried(writers: list[Writer]) -> list[Writer]:
    """The writes a later agent sees (not the `temp:` keys a JVM port drops)."""
    return [w for w in writers if w.carried]

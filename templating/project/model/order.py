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

import collections
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from templating.project.model.apps import AppScopes
from templating.project.model.assembly import (
    Agent,
    ProjectModel,
    Read,
    iter_tree,
    subtree_writes,
)
from templating.project.model.facts import Writer
from templating.project.model.writes import is_shared

__all__ = ["LateRead", "find_late_reads"]

_ORDERED = ("sequential", "loop")
#: The most agent visits the walk from one root makes; past it, nothing more is concluded.
MAX_VISITS = 100_000
_MASK = (1 << 64) - 1


@dataclass(frozen=True, slots=True)
class LateRead:
    """A required read whose key is written only after the agent first reads it."""

    agent: Agent
    read: Read
    writers: tuple[Writer, ...]


class _Known:
    """The keys written so far on the walk: one set changed in place as the walk goes down a
    sequence and put back as it returns, so that agent N of a sequence costs its own writes,
    not a copy of the N - 1 keys before it. ``unbounded`` when an unknown writer may have
    written any key; ``prefixes``, the constant starts of f-string keys written."""

    __slots__ = ("_lengths", "_signature", "keys", "prefixes", "unbounded")

    def __init__(self, keys: frozenset[str] = frozenset(), unbounded: bool = False) -> None:
        self.keys: set[str] = set()
        self.prefixes: set[str] = set()
        self._lengths: collections.Counter[int] = collections.Counter()
        self.unbounded = 0  # how many pushes made it unbounded
        self._signature = 0
        for key in keys:
            self._signature = (self._signature + hash(("key", key))) & _MASK
        self.keys.update(keys)
        self.unbounded = int(unbounded)

    def push(self, writers: Iterable[Writer]) -> list[tuple[str, str]]:
        """Add ``writers``' keys; what was added, for `pop`."""
        added: list[tuple[str, str]] = []
        for writer in writers:
            if writer.key is not None:
                if writer.key not in self.keys:
                    self.keys.add(writer.key)
                    added.append(("key", writer.key))
            elif writer.prefix:
                if writer.prefix not in self.prefixes:
                    self.prefixes.add(writer.prefix)
                    self._lengths[len(writer.prefix)] += 1
                    added.append(("prefix", writer.prefix))
            else:
                added.append(("any", ""))
                self.unbounded += 1
        for item in added:
            self._signature = (self._signature + hash(item)) & _MASK
        return added

    def pop(self, added: list[tuple[str, str]]) -> None:
        """Take back what `push` added."""
        for kind, value in added:
            self._signature = (self._signature - hash((kind, value))) & _MASK
            if kind == "key":
                self.keys.discard(value)
            elif kind == "prefix":
                self.prefixes.discard(value)
                self._lengths[len(value)] -= 1
            else:
                self.unbounded -= 1

    def state(self) -> tuple[int, int, int, bool]:
        """What tells this set from another on the walk: a sum of its entries' hashes and its
        sizes (two different sets with the same state are vanishingly unlikely)."""
        return self._signature, len(self.keys), len(self.prefixes), self.unbounded > 0

    def covers(self, key: str) -> bool:
        """Whether ``key`` may have been written."""
        if key in self.keys:
            return True
        # By the lengths of the prefixes written, not by each prefix: a key is looked up once
        # per distinct length, however many prefixes there are.
        return any(count and key[:length] in self.prefixes for length, count in self._lengths.items())


def find_late_reads(model: ProjectModel) -> list[LateRead]:
    """Every read-before-write of the project, once per agent and placeholder: each agent root
    walked in every app that starts it, with the seeds its sessions start with
    (`templating.project.model.starts`); a root no app starts, with every seed of the project."""
    apps = AppScopes(model)
    found: dict[tuple[int, str, int, int], LateRead] = {}
    started: set[int] = set()
    for index, start in enumerate(model.starts):
        if isinstance(start.root, Agent):
            started.add(id(start.root))
            seeds = _Known(start.seeded_keys, start.seeds_any_key)
            _late_reads(model, start.root, seeds, found, frozenset({index}), apps)
    # Every literal key of an initial state is there before any other root runs; one that is
    # not a literal only before the roots in its folder or below.
    initial = frozenset(w.key for w in model.writers if w.via == "initial" and w.key)
    for root in model.roots:
        if id(root) not in started:
            _late_reads(model, root, _Known(initial, model.seeds_any_key(root.path)), found, frozenset(), apps)
    return list(found.values())


def _late_reads(
    model: ProjectModel, root: Agent, seeds: _Known, found: dict, starts: frozenset[int], apps: AppScopes
) -> None:
    """The late reads of one run of ``root``, starting with ``seeds``: a read whose every
    writer in the app (``starts``) is in the run, after it."""
    run = {w for agent in iter_tree(root) for w in agent.writes}
    candidates: list[tuple[Agent, Read]] = []
    _walk(root, seeds, candidates, set(), _Visits())
    for agent, read in candidates:
        writers = tuple(w for w in model.writers_of(read.key) if apps.serves(w, starts))
        if writers and all(w in run for w in writers):
            found.setdefault((id(agent), read.path, read.line, read.column), LateRead(agent, read, writers))


class _Visits:
    """The states of the walk already taken, and how many visits are left."""

    __slots__ = ("left", "seen")

    def __init__(self) -> None:
        self.seen: set[tuple[int, tuple[int, int, int, bool]]] = set()
        self.left = MAX_VISITS

    def first(self, agent: Agent, before: _Known) -> bool:
        """Whether ``agent`` is to be walked with ``before``: not yet, and visits are left."""
        state = (id(agent), before.state())
        if state in self.seen or self.left <= 0:
            return False
        self.seen.add(state)
        self.left -= 1
        return True


def _walk(agent: Agent, known: _Known, candidates: list[tuple[Agent, Read]], path: set[int], visits: _Visits) -> None:
    """Walk ``agent`` with ``known`` written before it; ``known`` is as it was on return.

    Each agent's steps are a generator that yields the sub-agents to walk in turn, run from a
    stack here: agents nest thousands deep in TypeScript, Go, Java and Kotlin code, past
    Python's recursion limit (3,000 nested `SequentialAgent`s were a `RecursionError`)."""
    stack = [_steps(agent, known, candidates, path, visits)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        else:
            stack.append(_steps(child, known, candidates, path, visits))


def _steps(
    agent: Agent, known: _Known, candidates: list[tuple[Agent, Read]], path: set[int], visits: _Visits
) -> Iterator[Agent]:
    """One agent's walk: yields each agent to walk next, and goes on once it is walked."""
    if id(agent) in path or not visits.first(agent, known):
        return  # an agent cannot contain itself (a cycle in the code is not followed); a state walked once is done
    path.add(id(agent))
    # Its first instruction sees what ran before it, its `before_agent_callback` writes and a
    # custom agent's own code; its tools, other callbacks and `output_key` write only after
    # its first model call (ADK fails before that call).
    own = known.push([*agent.early_writes, *(w for w in agent.writes if w.via == "agent" or is_shared(w.key))])
    if not known.unbounded and not agent.workflow_node:  # a workflow node is judged over its workflow
        candidates.extend((agent, r) for r in agent.reads if not r.optional and not known.covers(r.key))
    children = agent.sub_agents
    if agent.kind in _ORDERED:
        added = []
        for position, child in enumerate(children, start=1):
            yield child
            if position < len(children):  # no later sibling sees the last one's writes
                added.append(known.push(_carried(subtree_writes(child))))
        for step in reversed(added):
            known.pop(step)
    elif agent.run_order:
        yield from _run_order_steps(agent, known)
    elif agent.kind == "parallel":
        yield from children
    else:
        family = known.push(_carried(subtree_writes(agent)))
        yield from children
        known.pop(family)
    for tool_agent in agent.agent_tools:  # called by the model at any point of the agent's turn
        tools = known.push(subtree_writes(agent))
        yield tool_agent
        known.pop(tools)
    known.pop(own)
    path.discard(id(agent))


def _run_order_steps(agent: Agent, known: _Known) -> Iterator[Agent]:
    """A custom agent's calls in code order, each seeing what the earlier ones wrote; its other
    sub-agents (run at a time the code does not tell) count as written before any of them.
    ``known`` holds the agent's own early writes; it is as it was on return."""
    ordered = {id(child) for child in agent.run_order}
    others = [child for child in agent.sub_agents if id(child) not in ordered]
    added = [known.push(_carried([w for child in others for w in subtree_writes(child)]))]
    for position, child in enumerate(agent.run_order, start=1):
        yield child
        if position < len(agent.run_order):  # no later call sees the last one's writes
            added.append(known.push(_carried(subtree_writes(child))))
    for step in reversed(added):
        known.pop(step)
    family = known.push(_carried(subtree_writes(agent)))
    yield from others
    known.pop(family)


def _carried(writers: list[Writer]) -> list[Writer]:
    """The writes a later agent sees (not the `temp:` keys a JVM port drops)."""
    return [w for w in writers if w.carried]

"""The assembled project: its agents, their trees, its workflows and its state writers.

Records only, with the questions they answer (`ProjectModel.writers_of`,
`ProjectModel.written_keys`, `ProjectModel.agent_of`); `templating.project.model.assembly`
builds them from every file's facts and `templating.project.model.workflow_model` resolves the
workflows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from templating.project.model.facts import AppFacts, Read, RunStart, SessionWrite, SkillFacts, Writer
from templating.project.model.instruction import Instruction
from templating.project.model.kinds import AgentKind
from templating.project.model.request_facts import RequestFacts
from templating.project.model.workflow_facts import NodeFunction, WorkflowEdge
from templating.project.model.writes import is_seeded, unknown_seed_homes

__all__ = ["Agent", "Node", "ProjectModel", "Start", "Workflow", "instruction_key", "iter_tree", "subtree_writes"]


@dataclass(eq=False)
class Agent:
    """An agent of the project: what it reads, writes and runs, with its position.

    ``agent_tools`` are the agents it calls through an ``AgentTool`` (they share its state).
    ``writes`` are the agent's own writes (``output_key``, its tools and callbacks, agents
    it wraps in an ``AgentTool``, a custom agent's code); ``unknown`` says one of them has
    a key that is not a literal.
    """

    name: str
    kind: AgentKind
    path: str
    line: int
    column: int
    instructions: tuple[Instruction, ...] = ()
    output_key: str | None = None
    sub_agents: list[Agent] = field(default_factory=list)
    agent_tools: list[Agent] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)
    callbacks: list[str] = field(default_factory=list)
    writes: list[Writer] = field(default_factory=list)
    reads: list[Read] = field(default_factory=list)
    unknown: bool = False
    is_sub_agent: bool = False
    #: Writes of its ``before_agent_callback`` functions (seen by its first instruction).
    early_writes: list[Writer] = field(default_factory=list)
    #: The class named by ``input_schema=``.
    input_schema: str | None = None
    #: Whether a graph workflow runs it as a node (the workflow's order applies to it).
    workflow_node: bool = False
    #: Whether it is an app's root: bound to ``root_agent``, an ``App``'s root, an Agent
    #: Config ``root_agent.yaml`` (what ``adk web`` and ``adk run`` load).
    entry: bool = False
    #: The tools it holds that return a third party's text, and ``RemoteA2aAgent`` if it is one.
    sources: tuple[str, ...] = ()
    #: Whether it sets ``static_instruction=``.
    static: bool = False
    #: A custom agent's: the sub-agents its code runs, in the order of its calls.
    run_order: list[Agent] = field(default_factory=list)
    #: ``output_schema=`` as written (``Plan``, ``list[str]``): what its ``output_key`` holds.
    output_schema: str | None = None
    #: Its settings that shape its model request, where its front end reads them.
    request: RequestFacts | None = None
    #: The instructions written on the agent itself (``instructions`` also holds those it
    #: shares: a plugin's, a skill's).
    own_instructions: tuple[Instruction, ...] = ()


@dataclass
class ProjectModel:
    """Every agent and every state writer of a project."""

    agents: tuple[Agent, ...]
    writers: tuple[Writer, ...]
    session_writes: tuple[SessionWrite, ...] = ()
    workflows: tuple[Workflow, ...] = ()
    #: Pydantic models of the project by class name: each field's JSON Schema (`FileFacts.models`).
    models: dict[str, dict[str, dict]] = field(default_factory=dict)
    #: The apps built with a ``context_cache_config``, each with the model-calling agents it runs.
    cached_apps: tuple[tuple[AppFacts, tuple[Agent, ...]], ...] = ()
    #: The apps that register a ``GlobalInstructionPlugin``, each with the model-calling agents it runs.
    plugin_apps: tuple[tuple[AppFacts, tuple[Agent, ...]], ...] = ()
    #: The app names written in the code (``App(name=...)``, ``Runner(app_name=...)``), each
    #: with the folder of the root it runs: ``(folder, name)``.
    app_names: tuple[tuple[str, str], ...] = ()
    #: Port traps the front ends found (`templating.project.model.facts.PortTrap`).
    port_traps: tuple = ()
    #: The states runs start with that eval files and session files give (`RunStart`).
    run_starts: tuple[RunStart, ...] = ()
    #: The runs a root starts: by a runner of the project, or as ``adk web`` loads it
    #: (`templating.project.model.starts`).
    starts: tuple[Start, ...] = ()
    #: The skills google-adk refuses that some toolset of the project loads (`loaded_refusals`).
    refused_skills: tuple[SkillFacts, ...] = ()
    _by_instruction: dict[tuple, list[Agent]] = field(default_factory=dict, repr=False)
    _by_key: dict[str, tuple[Writer, ...]] | None = field(default=None, repr=False)
    _seed_homes: frozenset[str] | None = field(default=None, repr=False)
    #: The writers of f-string keys (with their place in ``writers``), by the length of their
    #: prefix, then by the prefix.
    _by_prefix: dict[int, dict[str, list[tuple[int, Writer]]]] = field(default_factory=dict, repr=False)
    _during: tuple[Writer | None] | None = field(default=None, repr=False)
    _parents: dict[int, Agent] | None = field(default=None, repr=False)
    _reads: dict[int, list[Read]] | None = field(default=None, repr=False)
    _apps: dict[int, list[AppFacts]] | None = field(default=None, repr=False)
    _memos: dict[str, dict] = field(default_factory=dict, repr=False)

    def with_writers(self, writers: Iterable[Writer]) -> ProjectModel:
        """The same program with only ``writers`` writing state (``templating contract`` asks
        what a run needs without its seeds); what the model works out of its writers starts afresh."""
        kept = tuple(writers)
        held = set(kept)
        starts = tuple(replace(start, seeds=tuple(w for w in start.seeds if w in held)) for start in self.starts)
        return ProjectModel(self.agents, kept, self.session_writes, self.workflows, self.models,
                            cached_apps=self.cached_apps, plugin_apps=self.plugin_apps, app_names=self.app_names,
                            port_traps=self.port_traps, run_starts=self.run_starts, starts=starts,
                            refused_skills=self.refused_skills, _by_instruction=self._by_instruction)  # fmt: skip

    @property
    def roots(self) -> tuple[Agent, ...]:
        """The agents no other agent runs (as a sub-agent or through an ``AgentTool``)."""
        return tuple(agent for agent in self.agents if not agent.is_sub_agent)

    @property
    def initial_unknown(self) -> bool:
        """Whether some initial state is not a literal (it may hold any key)."""
        return any(w.key is None and w.via == "initial" for w in self.writers)

    def writers_of(self, key: str) -> tuple[Writer, ...]:
        """Every writer of ``key``, in file and line order (the writers of an f-string key
        whose prefix it starts with after those that name it)."""
        if self._by_key is None:  # indexed on first use: the rules ask once per read
            self._index()
        assert self._by_key is not None
        # One look-up per length of prefix, not a comparison with every f-string writer.
        prefixed = [entry for size, found in self._by_prefix.items() for entry in found.get(key[:size], ())]
        if len(prefixed) > 1:
            prefixed.sort(key=lambda entry: entry[0])
        return self._by_key.get(key, ()) + tuple(writer for _, writer in prefixed)

    def _index(self) -> None:
        by_key: dict[str, list[Writer]] = {}
        for index, writer in enumerate(self.writers):
            if writer.key is not None:
                by_key.setdefault(writer.key, []).append(writer)
            elif writer.prefix:
                self._by_prefix.setdefault(len(writer.prefix), {}).setdefault(writer.prefix, []).append((index, writer))
        self._by_key = {key: tuple(writers) for key, writers in by_key.items()}

    def unknown_writer_during_run(self) -> Writer | None:
        """The first writer whose key is not a literal (an f-string or a variable) and that
        writes after the session starts: found once, since a rule asks for every read."""
        if self._during is None:
            during = (w for w in self.writers if w.key is None and w.via != "initial")
            self._during = (next(during, None),)
        return self._during[0]

    def changing_writer(self, key: str) -> Writer | None:
        """A writer that changes ``key`` during a run, if any: one that writes after the session
        starts, or, where no writer of it is known, a writer of a key that is not a literal. A key
        written only as initial state is a session constant; one nothing writes, unknown."""
        writers = self.writers_of(key)
        during = next((writer for writer in writers if writer.via != "initial"), None)
        if during is not None or writers:
            return during
        return self.unknown_writer_during_run()

    def written_prefixes(self) -> frozenset[str]:
        """The constant prefixes of the f-string keys some writer writes."""
        return frozenset(w.prefix for w in self.writers if w.key is None and w.prefix)

    def seeds_any_key(self, path: str) -> bool:
        """Whether an initial state that is not a literal is created in the folder of ``path``
        or above it (see `templating.project.model.writes.seeds_any_key`): the folders are
        gathered once, so asking for every agent costs one look-up per folder of its path."""
        if self._seed_homes is None:
            self._seed_homes = unknown_seed_homes(self.writers)
        return is_seeded(self._seed_homes, path)

    def written_keys(self) -> frozenset[str]:
        """Every key some writer writes (unknown writers aside)."""
        return frozenset(w.key for w in self.writers if w.key is not None)

    def parent_of(self, agent: Agent) -> Agent | None:
        """The agent whose ``sub_agents`` list ``agent`` (ADK's ``parent_agent``): the first,
        if several list it; not a custom agent that only runs it from its code."""
        if self._parents is None:
            parents: dict[int, Agent] = {}
            for owner in self.agents:
                ran = {id(child) for child in owner.run_order}
                for child in owner.sub_agents:
                    if id(child) not in ran:
                        parents.setdefault(id(child), owner)
            self._parents = parents
        return self._parents.get(id(agent))

    def memo(self, name: str) -> dict:
        """A dictionary kept with the model for what is worked out from it once (an index)."""
        return self._memos.setdefault(name, {})

    def plugin_apps_of(self, agent: Agent) -> list[AppFacts]:
        """The apps that run ``agent`` with a ``GlobalInstructionPlugin``, in file order."""
        if self._apps is None:
            apps: dict[int, list[AppFacts]] = {}
            for app, agents in self.plugin_apps:
                for member in agents:
                    apps.setdefault(id(member), []).append(app)
            self._apps = apps
        return self._apps.get(id(agent), [])

    def reads_of(self, instruction: Instruction) -> list[Read]:
        """The placeholders ``instruction`` reads (as its agents read them), in text order."""
        if self._reads is None:
            # A shared instruction (a plugin's) is read by each of its agents: one read a place.
            reads: dict[int, dict[int, Read]] = {}
            for agent in self.agents:
                for read in agent.reads:
                    reads.setdefault(id(read.instruction), {}).setdefault(read.group_start, read)
            self._reads = {
                key: sorted(found.values(), key=lambda read: read.group_start) for key, found in reads.items()
            }
        return self._reads.get(id(instruction), [])

    def agent_of(self, instruction: Instruction) -> Agent | None:
        """The (first) agent ``instruction`` belongs to; ``None`` for a prompt file or a literal
        passed to ``inject_session_state``."""
        agents = self._by_instruction.get(instruction_key(instruction))
        return agents[0] if agents else None


@dataclass(eq=False)
class Start:
    """A run's start: a ``root`` (an agent tree, or a top-level `Workflow`) that a runner of
    the project starts (``loader`` false, at the runner's ``path`` and ``line``), or that a
    loader starts (``adk web``, ``adk run``, devtools; ``loader`` true, at the root's own
    place). ``seeds`` are the initial writers its sessions start with; ``names`` the app
    names it runs under (session services share ``app:`` and ``user:`` keys by name)."""

    root: Agent | Workflow
    loader: bool
    path: str
    line: int
    seeds: tuple[Writer, ...] = ()
    names: frozenset[str] = frozenset()
    #: For a runner given a shared session service and an app name: the two, which the runners
    #: that continue one session have in common (`templating.project.model.apps`).
    session: str | None = None

    @property
    def seeded_keys(self) -> frozenset[str]:
        """The keys its seeds write as literals."""
        return frozenset(w.key for w in self.seeds if w.key is not None)

    @property
    def seeds_any_key(self) -> bool:
        """Whether one of its seeds is not a literal (it may hold any key)."""
        return any(w.key is None and not w.prefix for w in self.seeds)


@dataclass(eq=False)
class Node:
    """A node of a workflow. ``key`` is its name in the graph's edges, ``name`` the name ADK
    gives it; ``calls`` are the nodes it runs with ``ctx.run_node``, each with its line and
    its ``asyncio.gather`` group (0: awaited alone). ``partial`` maps a key a function node
    writes on only some of its returns to the routes it is written on (``None``: it may be)."""

    key: str
    name: str
    kind: str
    path: str
    line: int
    column: int
    agent: Agent | None = None
    function: NodeFunction | None = None
    workflow: Workflow | None = None
    writes: list[Writer] = field(default_factory=list)
    calls: list[tuple[int, Node, int]] = field(default_factory=list)
    partial: dict[str, tuple[str, ...] | None] = field(default_factory=dict)
    #: For a key in ``partial``: the routes of the returns that skip it (``""``: no route).
    skipping: dict[str, tuple[str, ...]] = field(default_factory=dict)
    parallel_worker: bool = False
    unknown: bool = False
    source_line: str = ""
    suppressed: frozenset[str] = frozenset()


@dataclass(eq=False)
class Workflow:
    """A ``Workflow(edges=...)``: its nodes by key and its edges (as ADK expands them)."""

    name: str
    path: str
    line: int
    column: int
    nodes: dict[str, Node]
    edges: tuple[WorkflowEdge, ...]
    unknown: bool = False
    nested: bool = False
    #: Why the workflow was read no further (too large to follow); empty when read whole.
    reason: str = ""
    #: The class named by ``state_schema=`` (ADK 2.x typed state), if any.
    state_schema: str | None = None

    def predecessors(self, key: str) -> list[WorkflowEdge]:
        """The edges into node ``key``."""
        return [edge for edge in self.edges if edge.target == key]

    def successors(self, key: str) -> list[WorkflowEdge]:
        """The edges out of node ``key``."""
        return [edge for edge in self.edges if edge.source == key]


def iter_tree(agent: Agent) -> Iterator[Agent]:
    """``agent`` and every agent under it (sub-agents and ``AgentTool`` agents), each once."""
    seen: set[int] = set()
    stack = [agent]
    while stack:
        current = stack.pop()
        if id(current) not in seen:
            seen.add(id(current))
            yield current
            stack.extend(reversed([*current.sub_agents, *current.agent_tools]))


def subtree_writes(agent: Agent, seen: set[int] | None = None) -> list[Writer]:
    """The writes of ``agent`` and of every agent under it, in the order of a depth-first walk
    (with a stack: agents nest thousands deep in TypeScript, Go, Java and Kotlin)."""
    seen = set() if seen is None else seen
    found: list[Writer] = []
    stack = [agent]
    while stack:
        current = stack.pop()
        if id(current) not in seen:
            seen.add(id(current))
            found.extend(current.writes)
            stack.extend(reversed(current.sub_agents))
    return found


def instruction_key(instruction: Instruction) -> tuple:
    return instruction.source.path, instruction.offsets[0] if instruction.offsets else 0, instruction.field

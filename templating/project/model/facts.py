"""What the project model learns from one file: plain, picklable facts, no syntax trees.

One function per file kind produces a `FileFacts`
(`templating.project.python.agents.python_facts`,
`templating.project.agent_config.yaml_agents.yaml_facts`,
`templating.project.session_file.session_facts`); the project model is then assembled from
all files' facts by `templating.project.model.assembly.assemble`, which resolves names across
modules by looking up other files' facts, never by reading files again. Facts depend on one
file only (and, for instructions, on the sibling modules it imports prompts from), so a
per-file cache may keep them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from templating.project.model.instruction import Instruction
from templating.project.model.kinds import AgentKind, WriterVia
from templating.project.model.ref import Ref
from templating.project.model.request_facts import RequestFacts, Unread
from templating.project.model.workflow_facts import NodeFunction, WorkflowFacts
from templating.project.pickling import rebuild_from_fields

__all__ = [
    "AgentFacts", "AppFacts", "ClassFacts", "FileFacts", "FunctionFacts", "PortTrap", "Read", "Ref", "RunStart",
    "SessionWrite", "SkillFacts", "ToolsetFacts", "Writer",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Read:
    """A placeholder reading ``key``, at ``line`` and ``column`` (its opening brace); the key
    itself, where findings on the read point, is text ``[start, end)`` of ``instruction``, and
    the whole brace group ``[group_start, group_end)``. ``marked`` says it has a data marker
    (``{page|data}``)."""

    key: str
    optional: bool
    path: str
    line: int
    column: int
    instruction: Instruction = field(repr=False)
    start: int = 0
    end: int = 0
    group_start: int = 0
    group_end: int = 0
    marked: bool = False
    #: The steps into the value after the key (``strict``'s ``{plan.days}``: ``("days",)``).
    steps: tuple[str | int, ...] = ()

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class Writer:
    """Code that writes a state key, at a 1-based line and column of ``path``.

    ``key`` is ``None`` for an *unknown writer* (an f-string or variable key, or a dict
    that is not a literal): it may write any key, or, with a ``prefix`` (an f-string that
    starts with constant text, ``f"temp:cache:{name}"``), any key with that prefix. ``via`` is ``output_key``, ``tool``,
    ``callback``, ``state_delta``, ``initial`` or ``agent`` (a custom agent's own code);
    ``agent`` names the agent the write belongs to, once the model is assembled; ``source``
    is the network call of the writing function (``requests.get``), if it makes one: what it
    writes may be a third party's text.
    ``carried`` is ``False`` for a write no later agent of the invocation sees: adk-java and
    adk-kotlin drop a ``temp:`` key from each event they append (adk-go and google-adk keep it).
    ``value`` is the JSON type of the value written, where the code shows it (``object`` for a
    dict literal or an ``output_schema`` model, ``string``...); empty when it does not.
    """

    key: str | None
    via: WriterVia
    path: str
    line: int
    column: int
    function: str | None = None
    agent: str | None = None
    prefix: str | None = None
    source: str | None = None
    carried: bool = True
    value: str = ""
    #: The text of its line and the codes a ``noqa`` comment there silences (for findings
    #: on the write itself, such as TPL029), where the front end gives them.
    source_line: str = field(default="", compare=False, repr=False)
    suppressed: frozenset[str] = field(default=frozenset(), compare=False, repr=False)

    __reduce__ = rebuild_from_fields


def may_write_any(writer: Writer) -> bool:
    """Whether ``writer`` may write any key at all (an unknown key without a prefix)."""
    return writer.key is None and not writer.prefix


@dataclass(frozen=True, slots=True)
class SessionWrite:
    """A direct write to ``.state`` of a session from a session service (rule TPL016)."""

    key: str | None
    path: str
    line: int
    column: int
    end_column: int
    source_line: str
    suppressed: frozenset[str] = frozenset()

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class PortTrap:
    """Code a port runs differently from what it says, found by a front end (rules TPL025 and
    on): the rule's ``code``, where, and the finding's ``message``."""

    code: str
    path: str
    line: int
    column: int
    end_column: int
    source_line: str
    message: str
    suppressed: frozenset[str] = frozenset()

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class RunStart:
    """A state a run starts with, given outside the code: an ADK eval case's
    ``session_input.state`` or an ``initial.session.json``'s ``state``. ``keys`` are its
    top-level keys; ``app_name`` the app it names, if any; ``label`` says what it is (``eval case
    `greet```); the position is where findings about it point."""

    label: str
    keys: frozenset[str]
    app_name: str | None
    path: str
    line: int
    column: int
    end_column: int
    source_line: str

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class FunctionFacts:
    """A function's state writes (a tool or a callback once an agent lists it), and the network
    call it makes (``requests.get``), if any: as a tool, it returns a third party's text."""

    name: str
    writers: tuple[Writer, ...]
    source: str | None = None

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class ClassFacts:
    """A class deriving from an ADK agent class: its kind and the writes of its methods."""

    name: str
    kind: AgentKind
    writers: tuple[Writer, ...]

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class AgentFacts:
    """One agent construction (a call or a YAML config), before names are resolved.

    ``variable`` is the module-level name the agent is bound to, or a synthetic
    ``<agent line:column>`` for an agent built inline; ``kind`` is ``llm``, ``sequential``,
    ``loop``, ``parallel`` or ``custom``. References point at names the agent lists in
    ``sub_agents``, ``tools`` and callbacks; ``agent_tools`` are agents wrapped in an
    ``AgentTool``; ``custom_class`` is the agent class when it is defined in the project.
    """

    variable: str
    name: str | None
    kind: AgentKind
    path: str
    line: int
    column: int
    instructions: tuple[Instruction, ...] = ()
    output_key: Writer | None = None
    sub_agents: tuple[Ref, ...] = ()
    tools: tuple[Ref, ...] = ()
    agent_tools: tuple[Ref, ...] = ()
    callbacks: tuple[Ref, ...] = ()
    custom_class: Ref | None = None
    #: The ``before_agent_callback`` functions: their writes are seen by the first instruction.
    early_callbacks: tuple[Ref, ...] = ()
    #: The class named by ``input_schema=`` (``{Model.field}`` references it).
    input_schema: str | None = None
    #: The tools it holds that return a third party's text (``google_search``, ``McpToolset``),
    #: and ``RemoteA2aAgent`` if it is one.
    sources: tuple[str, ...] = ()
    #: Whether it sets ``static_instruction=`` (then google-adk sends ``instruction`` in
    #: ``contents``), whether or not its text could be read.
    static: bool = False
    #: The placeholders its instructions read, once read in the configured dialect
    #: (`templating.project.model.assembly.with_reads`); ``None`` until then.
    reads: tuple[Read, ...] | None = None
    #: A custom agent's: the agents its own code runs, in the order of the calls in its code
    #: (each at its first call); empty when the code gives no order (no call read, or calls
    #: that run side by side).
    run_order: tuple[Ref, ...] = ()
    #: ``output_schema=`` as written (``Plan``, ``list[str]``): what its ``output_key`` holds.
    output_schema: str | None = None
    #: Its settings that shape its model request (`templating.project.model.request`), for the
    #: front ends that read them.
    request: RequestFacts | None = None

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class SkillFacts:
    """A skill file (``SKILL.md``): the skill's ``name``, the folder it sits in and that
    folder's parent (how a `SkillToolset` names it), and its body when google-adk fills the
    body's placeholders (``metadata: {adk_inject_state: true}``), else ``None``. A skill
    google-adk refuses to load has its ``refusal`` (why) at ``refusal_line``:``refusal_column``;
    its name is then its folder's."""

    name: str
    folder: str
    parent: str
    path: str
    instruction: Instruction | None = None
    refusal: str | None = None
    refusal_line: int = 1
    refusal_column: int = 1

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class ToolsetFacts:
    """A ``SkillToolset(...)``: the skills it names (a skill's name or its folder's name) and
    the folders whose every skill it loads (``load_skills_from_dir``); ``path`` is the module's."""

    path: str
    skills: frozenset[str] = frozenset()
    folders: frozenset[str] = frozenset()

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class AppFacts:
    """An ``App(root_agent=..., plugins=[...])`` or a runner: its root and the instructions its
    ``GlobalInstructionPlugin`` adds to every model call of the app; ``cache`` says it has a
    ``context_cache_config``, ``path``, ``line``, ``column`` where the call is, and ``name``
    the app name it runs under when written as a literal (``App(name=...)``,
    ``Runner(app_name=...)``): session services share ``app:`` and ``user:`` keys by it.
    ``runner`` says it is a runner, which starts runs of its root (``app`` names the ``App`` it
    runs instead, when it runs one); the session seeds of its file are its runs' state
    (`templating.project.model.starts`). ``variable`` is the name an ``App`` is bound to."""

    root: Ref | None
    instructions: tuple[Instruction, ...] = ()
    cache: bool = False
    path: str = ""
    line: int = 0
    column: int = 0
    name: str | None = None
    runner: bool = False
    app: Ref | None = None
    variable: str | None = None
    #: The plugins whose text the code does not show (a provider), as `Unread`.
    unread: tuple[Unread, ...] = ()
    #: For a runner: the session service it is given, named so that runners given one service
    #: object (one parameter of one function, one module-level or imported name) say the same;
    #: ``None`` for one made in place or none (each then keeps sessions of its own).
    session: str | None = None

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Everything the model learns from one file, keyed by the file's resolved path.

    ``functions`` are module-level functions; ``factories`` map a function that returns an
    agent to that agent's variable; ``imports`` map names bound by imports from sibling
    modules to where they come from (a module itself has the name ``""``); ``writers`` are
    the writes no function listed here makes (initial state, nested functions, methods).
    """

    key: str
    path: str
    agents: tuple[AgentFacts, ...] = ()
    functions: dict[str, FunctionFacts] = field(default_factory=dict)
    classes: dict[str, ClassFacts] = field(default_factory=dict)
    factories: dict[str, str] = field(default_factory=dict)
    imports: dict[str, Ref] = field(default_factory=dict)
    writers: tuple[Writer, ...] = ()
    session_writes: tuple[SessionWrite, ...] = ()
    #: Graph workflows.
    workflows: tuple[WorkflowFacts, ...] = ()
    #: How each module-level function behaves as a workflow node, by function name.
    node_functions: dict[str, NodeFunction] = field(default_factory=dict)
    #: Pydantic models (classes deriving from ``BaseModel``): each field's JSON Schema, as far
    #: as its annotation tells (``{}`` when it does not; a model as ``{"$ref": "#/$defs/Name"}``).
    models: dict[str, dict[str, dict]] = field(default_factory=dict)
    #: The skill a ``SKILL.md`` defines; the ``SkillToolset``s of a module by variable (or
    #: ``<toolset line:column>`` for one built inline); the apps of a module.
    skills: tuple[SkillFacts, ...] = ()
    toolsets: dict[str, ToolsetFacts] = field(default_factory=dict)
    apps: tuple[AppFacts, ...] = ()
    #: Port traps a front end found in the file (`PortTrap`).
    port_traps: tuple[PortTrap, ...] = ()
    #: The states runs start with that the file gives (an eval case's, a session file's).
    run_starts: tuple[RunStart, ...] = ()
    #: What a loader may start from this file (an agent, a workflow, or a function that
    #: builds one): Python's ``root_agent`` built by a factory, a TypeScript module's exported
    #: agents, adk-java's ``ROOT_AGENT`` field (see `templating.project.model.starts`).
    entries: tuple[Ref, ...] = ()

    __reduce__ = rebuild_from_fields

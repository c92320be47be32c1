"""Which pieces make an agent's model request, in the order its ADK adds them (no state yet).

google-adk 2.13.0 runs its request processors in a fixed order (``single_flow.py``, then
``auto_flow.py``): instructions (the root's deprecated ``global_instruction``, the
``static_instruction``, the ``instruction`` — into ``contents`` when a static one is set),
identity (not in ``single_turn`` mode, a workflow node's default), the output-schema paragraph
(``output_schema`` with tools, unless the model pairs them itself: Gemini on Vertex AI), then
the transfer text; a ``GlobalInstructionPlugin`` prepends its text in its before-model callback.
``@google/adk`` 2.0.0 runs identity first (unless the agent can transfer nowhere), then the
root's ``globalInstruction``, the ``instruction``, its own output-schema sentence, and the
transfer text last. `plan_request` lists the pieces as `Piece` records; what the code does not
show is a piece without a template, with the `Unread` that says why.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from templating.project.model.facts import AppFacts
from templating.project.model.instruction import Instruction
from templating.project.model.project_model import Agent, ProjectModel
from templating.project.model.request_facts import RequestFacts, Unread
from templating.project.model.request_models import DEFAULT_MODEL, is_gemini, served_by_gemini, supports_search
from templating.project.model.request_texts import ADK_SCHEMA_TEXT, adk_identity
from templating.project.model.request_transfer import Transfer, eligible

__all__ = [
    "RUNTIMES", "AdkPlan", "NotModeledError", "Piece", "Plan", "Tree", "agent_unread", "facts_of", "unread_of",
]  # fmt: skip

#: The runtime each port's requests are assembled as.
RUNTIMES = {"adk": "google-adk 2.13.0", "adk-js": "@google/adk 2.0.0"}
_DELEGATED = ("task", "single_turn")


@dataclass(frozen=True, slots=True)
class Piece:
    """One text ADK adds to the request.

    ``kind`` is ``plugin``, ``global_instruction``, ``static_instruction``, ``instruction``,
    ``identity``, ``output_schema`` or ``transfer``; ``source`` says who adds it, as a person
    reads it; ``written`` is its text before state is filled in (``None``: the code does not
    show it, ``unread`` says why), or ``transfer`` builds it when it is read; ``injected``
    whether ADK fills its placeholders, in ``dialect``; ``placement`` is ``system_instruction``
    or ``contents``; ``prepend`` marks a plugin's text, put before everything the processors
    added."""

    kind: str
    source: str
    path: str | None
    line: int
    column: int
    written: str | None
    injected: bool = False
    dialect: str = "adk"
    placement: str = "system_instruction"
    prepend: bool = False
    unread: Unread | None = None
    instruction: Instruction | None = None
    transfer: Transfer | None = None

    @property
    def template(self) -> str | None:
        """The text before state is filled in; ``None`` when the code does not show it."""
        return self.transfer.text() if self.transfer is not None else self.written

    @property
    def length(self) -> int:
        """The template's length (0 when unknown), without building a transfer text."""
        if self.transfer is not None:
            return self.transfer.length()
        return len(self.written) if self.written is not None else 0


@dataclass(frozen=True, slots=True)
class Plan:
    """The pieces of ``agent``'s first request under ``runtime`` (a `RUNTIMES` key), in the
    order the runtime adds them; ``unread`` lists what else may change the request; ``error``
    is what the runtime raises before any request is sent (``None`` when nothing)."""

    agent: Agent
    port: str
    vertex: bool
    pieces: tuple[Piece, ...]
    unread: tuple[Unread, ...] = ()
    error: str | None = None


class NotModeledError(ValueError):
    """An agent whose request is not modeled: built with another ADK than `RUNTIMES` names."""


class Tree:
    """Each agent's parent (ADK's ``parent_agent``) and the root of its tree."""

    __slots__ = ("model",)

    def __init__(self, model: ProjectModel) -> None:
        self.model = model

    def parent(self, agent: Agent) -> Agent | None:
        """The agent's parent."""
        return self.model.parent_of(agent)

    def root(self, agent: Agent) -> Agent:
        """The root of the agent's tree (ADK's ``root_agent``)."""
        seen = {id(agent)}
        while (parent := self.parent(agent)) is not None and id(parent) not in seen:
            seen.add(id(parent))
            agent = parent
        return agent


class AdkPlan:
    """The google-adk 2.13.0 plan of one agent (`build` gives it)."""

    port = "adk"

    def __init__(self, model: ProjectModel, agent: Agent, facts: RequestFacts, tree: Tree, vertex: bool) -> None:
        self.model, self.agent, self.facts, self.tree, self.vertex = model, agent, facts, tree, vertex
        self.pieces: list[Piece] = []
        self.unread: list[Unread] = [u for u in facts.unread if u.piece == "request"]
        self.error: str | None = None

    def build(self) -> Plan:
        self.instructions()
        self.identity()
        self.schema()
        self.transfer()
        self.plugins()
        return Plan(self.agent, self.port, self.vertex, tuple(self.pieces), tuple(self.unread), self.error)

    # -- the instruction fields

    def instructions(self) -> None:
        root = self.tree.root(self.agent)
        if root.kind == "llm":
            self.field(root, "global_instruction", "the root agent's `global_instruction`")
        static = self.field(self.agent, "static_instruction", "`static_instruction`")
        where = "contents" if static else "system_instruction"
        self.field(self.agent, "instruction", "`instruction`", placement=where)

    def field(self, agent: Agent, field: str, label: str, placement: str = "system_instruction") -> bool:
        """Add the piece of ``agent``'s instruction ``field``; whether it has one."""
        own = [i for i in agent.own_instructions if i.field == field]
        unread = next((u for u in facts_of(agent).unread if u.piece == field), None)
        if not own and unread is None:
            return False
        source = label if agent is self.agent else f"{label} of `{agent.name}`"
        injected = field != "static_instruction"
        if len(own) == 1 and unread is None:
            # Values known only at run time stay in its text as holes (`RUNTIME_VALUE`).
            holes = own[0].interpolations
            if holes:
                what = f"`{field}` holds {len(holes)} value(s) known only at run time: `{holes[0].expression}`"
                unread = Unread(field, what, own[0].source.path, *own[0].position(holes[0].offset))
            self.pieces.append(_from_instruction(field, source, own[0], injected, self.port, placement, unread=unread))
            return True
        if unread is None:
            what = f"`{field}` may be one of {len(own)} texts, chosen at run time"
            unread = Unread(field, what, own[0].source.path, *own[0].position(0))
        self.pieces.append(_unknown(field, source, unread, placement))
        return True

    # -- ADK's own pieces

    def mode(self) -> str | None:
        """The mode the agent runs in: its own, else ``single_turn`` as a workflow's node."""
        if self.facts.mode is not None:
            return self.facts.mode
        parent = self.tree.parent(self.agent)
        if parent is not None and parent.kind == "llm":
            return "chat"
        return "single_turn" if self.agent.workflow_node else None

    def identity(self) -> None:
        if self.mode() != "single_turn":
            unread = unread_of(self.agent, "description")
            text = adk_identity(self.agent.name, self.facts.description) if unread is None else None
            self.processor("identity", "google-adk's identity processor", text, unread)

    def schema(self) -> None:
        facts = self.facts
        if not facts.output_schema or not self.has_tools() or self.mode() == "task":
            return
        name = self.model_name()
        if name is None or not served_by_gemini(name):
            # Another model class says itself whether it pairs an output schema with tools.
            what = "whether google-adk adds its set_model_response paragraph depends on the model, which "
            what += "the code does not show" if name is None else f"is `{name}`, not a Gemini model"
            self.unread.append(agent_unread(self.agent, "request", what))
        elif not (self.vertex and is_gemini(name)):
            self.processor("output_schema", "google-adk's output-schema processor", ADK_SCHEMA_TEXT)

    def has_tools(self) -> bool:
        """``tools``, with the agents google-adk turns into tools (``single_turn``, ``task``)."""
        children = (facts_of(child).mode for child in self.agent.sub_agents if child.kind == "llm")
        return self.facts.tools or any(mode in _DELEGATED for mode in children) or self.facts.mode == "task"

    def model_name(self, default: str | None = DEFAULT_MODEL) -> str | None:
        """The model the agent calls: its own, an ancestor's, else ``default`` (google-adk's);
        ``None`` when the code does not show it."""
        agent: Agent | None = self.agent
        seen: set[int] = set()
        while agent is not None and id(agent) not in seen:
            seen.add(id(agent))
            facts = facts_of(agent) if agent.kind == "llm" else RequestFacts()
            if facts.model:
                return facts.model
            if unread_of(agent, "model") is not None:
                return None
            agent = self.tree.parent(agent)
        return default

    def transfer(self) -> None:
        facts = self.facts
        if facts.disallow_transfer_to_parent and facts.disallow_transfer_to_peers and not self.agent.sub_agents:
            return  # a SingleFlow: no transfer processor
        transfer = self.targets()
        if transfer is None:
            return
        if facts.search_tool and not facts.search_bypass and not supports_search(self.model_name()):
            if transfer.children:
                self.error = (
                    f"google-adk refuses agent `{self.agent.name}`: it has sub-agents to transfer to and "
                    f"`{facts.search_tool}`, which Gemini models before 3 cannot combine with function calling"
                )
            return
        if self.mode() not in _DELEGATED:
            self.add_transfer("google-adk's agent-transfer processor", transfer)

    def targets(self) -> Transfer | None:
        """The agents it may transfer to (``None``: none), in its port's order."""
        children = tuple(c for c in self.agent.sub_agents if c not in self.agent.run_order and eligible(c, self.port))
        parent = self.tree.parent(self.agent)
        back = peers = None
        if parent is not None and parent.kind == "llm":
            back = None if self.facts.disallow_transfer_to_parent else parent
            peers = None if self.facts.disallow_transfer_to_peers else parent
        transfer = Transfer(self.model, self.agent, self.port, children, back, peers)
        return transfer if next(transfer.targets(), None) is not None else None

    def add_transfer(self, source: str, transfer: Transfer) -> None:
        """The transfer piece; unknown when a target's description is."""
        target = transfer.unknown()
        if target is None:
            self.pieces.append(Piece("transfer", source, None, 0, 0, None, transfer=transfer))
            return
        what = f"the description of `{target.name}`, which the transfer text lists, is not known"
        unread = unread_of(target, "description") or agent_unread(target, "transfer", what)
        self.processor("transfer", source, None, unread)

    # -- the app's plugin

    def plugins(self) -> None:
        apps = self.model.plugin_apps_of(self.agent)
        if not apps:
            return
        app = apps[0]
        for other in apps[1:]:
            what = f"the app at {other.path}:{other.line} runs it with other plugins too; shown: {app.path}:{app.line}"
            self.unread.append(Unread("request", what, other.path, other.line, other.column))
        for piece in _plugin_pieces(app, self.port):
            self.pieces.append(piece)

    def processor(self, kind: str, source: str, text: str | None, unread: Unread | None = None) -> None:
        self.pieces.append(Piece(kind, source, None, 0, 0, text, unread=unread))


def _plugin_pieces(app: AppFacts, port: str) -> Iterator[Piece]:
    for instruction in app.instructions:
        yield _from_instruction("plugin", "GlobalInstructionPlugin", instruction, True, port, prepend=True)
    for unread in app.unread:
        yield Piece("plugin", "GlobalInstructionPlugin", unread.path, unread.line, unread.column, None,
                    prepend=True, unread=unread)  # fmt: skip


def _from_instruction(
    kind: str, source: str, instruction: Instruction, injected: bool, port: str,
    placement: str = "system_instruction", *, prepend: bool = False, unread: Unread | None = None,
) -> Piece:  # fmt: skip
    line, column = instruction.position(0)
    return Piece(kind, source, instruction.source.path, line, column, instruction.text, injected,
                 instruction.dialect or port, placement, prepend, unread, instruction)  # fmt: skip


def _unknown(kind: str, source: str, unread: Unread, placement: str) -> Piece:
    return Piece(kind, source, unread.path, unread.line, unread.column, None, True, placement=placement, unread=unread)


def facts_of(agent: Agent) -> RequestFacts:
    """The agent's request settings (ADK's defaults when its front end reads none)."""
    return agent.request or RequestFacts()


def unread_of(agent: Agent, piece: str) -> Unread | None:
    """What the code does not show of ``piece`` of the agent, if anything."""
    return next((u for u in facts_of(agent).unread if u.piece == piece), None)


def agent_unread(agent: Agent, piece: str, what: str) -> Unread:
    return Unread(piece, what, agent.path, agent.line, agent.column)

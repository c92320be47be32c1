"""The project model: agents, their order and the state each reads and writes.

`assemble` builds a `ProjectModel` from the per-file facts
(`templating.project.model.facts`) of every file, resolving the names agents list
(``sub_agents``, tools, callbacks, ``AgentTool``, custom agent classes) by looking them up
in other files' facts. The model answers the questions the linter, the graph and the
language server ask: `ProjectModel.writers_of`, `ProjectModel.written_keys`,
`ProjectModel.agent_of`.
"""

from __future__ import annotations

import dataclasses
import posixpath
from collections.abc import Iterable

from templating.errors import TemplateSyntaxError
from templating.nodes import Placeholder
from templating.project.model.facts import (
    AgentFacts,
    ClassFacts,
    FileFacts,
    FunctionFacts,
    Read,
    Ref,
    Writer,
    may_write_any,
)
from templating.project.model.held_skills import loaded_refusals
from templating.project.model.instruction import MAX_INSTRUCTION, Instruction, parse_instruction_text
from templating.project.model.kinds import WriterVia
from templating.project.model.project_model import (
    Agent,
    ProjectModel,
    Workflow,
    instruction_key,
    iter_tree,
    subtree_writes,
)
from templating.project.model.shared_instructions import add_shared_instructions
from templating.project.model.starts import find_starts

__all__ = [
    "Agent",
    "ProjectModel",
    "Read",
    "assemble",
    "instruction_key",
    "iter_tree",
    "read_placeholders",
    "subtree_writes",
    "with_reads",
]

_MAX_DEPTH = 16


def assemble(facts: Iterable[FileFacts], dialect: str = "adk") -> ProjectModel:
    """The project model of all files' ``facts``; placeholders are read in ``dialect``."""
    return _Assembler(list(facts), dialect).run()


class _Assembler:
    """Resolves the references of all files' facts against each other."""

    def __init__(self, facts: list[FileFacts], dialect: str) -> None:
        self.index = {f.key: f for f in facts}
        self.dialect = dialect
        self.agents: dict[tuple[str, str], Agent] = {}
        self.facts: dict[tuple[str, str], AgentFacts] = {}
        self.attached: set[tuple[str, str]] = set()

    def run(self) -> ProjectModel:
        for file in self.index.values():
            for facts in file.agents:
                if not self._is_agent(facts):
                    continue
                self.agents[(file.key, facts.variable)] = self._agent(facts)
                self.facts[(file.key, facts.variable)] = facts
        for key, agent in self.agents.items():
            self._link(agent, self.facts[key], key[0])
            agent.entry = key[1] == "root_agent" or agent.path.endswith("root_agent.yaml")
        for file in self.index.values():
            for app in file.apps:
                root = self._resolve(app.root) if app.root is not None and (app.instructions or app.cache) else None
                if isinstance(root, Agent):
                    root.entry = True
        for key, agent in list(self.agents.items()):
            for ref in self.facts[key].agent_tools:
                wrapped = self._resolve(ref)
                if isinstance(wrapped, Agent):
                    agent.agent_tools.append(wrapped)
                    wrapped.is_sub_agent = True
                    agent.writes.extend(
                        dataclasses.replace(w, via="tool", agent=agent.name) for w in subtree_writes(wrapped)
                    )
        agents = tuple(self.agents.values())
        writers = [w for agent in agents for w in agent.writes] + self._free_writers()
        workflows = self._workflows()
        add_shared_instructions(self, self.facts, workflows)
        model = ProjectModel(agents, tuple(sorted(set(writers), key=_writer_order)),
                             tuple(w for f in self.index.values() for w in f.session_writes), workflows,
                             {name: fields for f in self.index.values() for name, fields in f.models.items()},
                             port_traps=tuple(trap for f in self.index.values() for trap in f.port_traps),
                             run_starts=tuple(start for f in self.index.values() for start in f.run_starts),
                             refused_skills=loaded_refusals(self.index.values()))  # fmt: skip
        model.app_names = tuple(
            (folder, app.name) for file in self.index.values() for app in file.apps
            if app.name is not None and app.root is not None and (folder := self._app_folder(app.root)) is not None
        )  # fmt: skip
        model.cached_apps = tuple(
            (app, tuple(agent for agent in self.run_by(app.root, workflows) if agent.kind == "llm"))
            for file in self.index.values() for app in file.apps if app.cache and app.root is not None
        )  # fmt: skip
        model.starts = find_starts(self, workflows)
        model.plugin_apps = tuple(
            (app, tuple(agent for agent in self.run_by(app.root, workflows) if agent.kind == "llm"))
            for file in self.index.values() for app in file.apps
            if (app.instructions or app.unread) and app.root is not None
        )  # fmt: skip
        for agent in agents:
            for instruction in agent.instructions:
                model._by_instruction.setdefault(instruction_key(instruction), []).append(agent)
        return model

    def _workflows(self) -> tuple[Workflow, ...]:
        if not any(f.workflows for f in self.index.values()):
            return ()
        from templating.project.model.workflow_model import (
            resolve_workflows,  # only for projects with workflows
        )

        return resolve_workflows(self, self.index)

    def _is_agent(self, facts: AgentFacts) -> bool:
        """False for a call of a project class that turns out not to be an agent class."""
        ref = facts.custom_class
        if ref is None or ref.module not in self.index or facts.kind != "custom":
            return True
        return isinstance(self._resolve(ref), ClassFacts)

    def _agent(self, facts: AgentFacts) -> Agent:
        name = facts.name or facts.variable
        agent = Agent(name, facts.kind, facts.path, facts.line, facts.column, facts.instructions)
        agent.input_schema = facts.input_schema
        agent.sources = facts.sources
        agent.static = facts.static
        agent.output_schema = facts.output_schema
        agent.request = facts.request
        agent.own_instructions = facts.instructions
        if facts.output_key is not None:
            agent.output_key = facts.output_key.key
            agent.writes.append(dataclasses.replace(facts.output_key, agent=name))
        if facts.reads is not None:
            agent.reads = list(facts.reads)  # read when the file was scanned (and cached)
        else:
            agent.reads = list(read_placeholders(facts, self.dialect))
        return agent

    def add_instruction(self, agent: Agent, instruction: Instruction) -> None:
        """Give ``agent`` an instruction it reads besides its own (a skill it loads, a plugin's)."""
        if instruction not in agent.instructions:
            agent.instructions = (*agent.instructions, instruction)
            agent.reads.extend(_reads(instruction, instruction.dialect or self.dialect))

    def run_by(self, ref: Ref, workflows: tuple[Workflow, ...]) -> list[Agent]:
        """The agents the agent or workflow ``ref`` names runs (an agent itself included)."""
        root = self._resolve(ref)
        if isinstance(root, Agent):
            return list(iter_tree(root))
        file = self.index.get(self._home(ref))
        built = next((w for w in file.workflows if w.variable == ref.name), None) if file is not None else None
        where = (built.path, built.line, built.column) if built is not None else None
        found = [w for w in workflows if (w.path, w.line, w.column) == where]
        return _workflow_agents(found[0], set()) if found else []

    def _link(self, agent: Agent, facts: AgentFacts, module: str) -> None:
        for ref in facts.sub_agents:
            child = self._resolve(ref)
            if isinstance(child, Agent):
                agent.sub_agents.append(child)
                child.is_sub_agent = True
        self._link_run_order(agent, facts)
        attachments: tuple[tuple[WriterVia, tuple[Ref, ...], list[str]], ...] = (
            ("tool", facts.tools, agent.tools),
            ("callback", facts.callbacks, agent.callbacks),
        )
        for via, refs, names in attachments:
            for ref in refs:
                names.append(ref.name)
                self._attach(agent, ref, via)
        for ref in facts.early_callbacks:
            early = self._resolve(ref)
            if isinstance(early, FunctionFacts):
                agent.early_writes.extend(
                    dataclasses.replace(w, via="callback", agent=agent.name) for w in early.writers
                )
        if facts.custom_class is not None:
            custom = self._resolve(facts.custom_class)
            if isinstance(custom, ClassFacts):
                agent.kind = custom.kind if agent.kind == "custom" else agent.kind
                agent.writes.extend(dataclasses.replace(w, agent=agent.name) for w in custom.writers)
        agent.unknown = agent.unknown or any(may_write_any(w) for w in agent.writes)

    def _link_run_order(self, agent: Agent, facts: AgentFacts) -> None:
        """A custom agent's calls, in code order: an agent only its code runs is its sub-agent too
        (it runs in the custom agent's app, not as a root of its own)."""
        for ref in facts.run_order:
            child = self._resolve(ref)
            if isinstance(child, Agent) and child is not agent and child not in agent.run_order:
                agent.run_order.append(child)
                if child not in agent.sub_agents:
                    agent.sub_agents.append(child)
                child.is_sub_agent = True

    def _attach(self, agent: Agent, ref: Ref, via: WriterVia) -> None:
        target = self._resolve(ref)
        if isinstance(target, FunctionFacts):
            self.attached.add((self._home(ref), target.name))
            for writer in target.writers:
                kind = writer.via if writer.via == "state_delta" else via
                agent.writes.append(dataclasses.replace(writer, via=kind, agent=agent.name))
            if via == "tool" and target.source is not None and target.name not in agent.sources:
                agent.sources = (*agent.sources, target.name)  # its model reads what the tool fetched
        elif target is None and ref.module not in self.index:
            agent.unknown = True  # a project file that was not read: it may write anything

    def _app_folder(self, ref: Ref) -> str | None:
        """The folder of the file that defines what ``ref`` names (an agent or a workflow)."""
        resolved = self._resolve(ref)
        if isinstance(resolved, Agent):
            return posixpath.dirname(resolved.path)
        file = self.index.get(self._home(ref))
        return posixpath.dirname(file.path) if file is not None else None

    def _resolve(self, ref: Ref, depth: int = 0) -> Agent | FunctionFacts | ClassFacts | None:
        """What ``ref`` names, following re-exports between modules."""
        file = self.index.get(ref.module)
        if file is None or depth > _MAX_DEPTH:
            return None
        if (ref.module, ref.name) in self.agents:
            return self.agents[(ref.module, ref.name)]
        if ref.name in file.factories and (ref.module, file.factories[ref.name]) in self.agents:
            return self.agents[(ref.module, file.factories[ref.name])]  # a function that returns an agent
        if ref.name in file.functions:
            return file.functions[ref.name]
        if ref.name in file.classes:
            return file.classes[ref.name]
        if ref.name in file.imports and file.imports[ref.name].name:
            return self._resolve(file.imports[ref.name], depth + 1)
        return None

    def _home(self, ref: Ref, depth: int = 0) -> str:
        """The module that defines ``ref`` (after re-exports)."""
        file = self.index.get(ref.module)
        if file is not None and ref.name in file.imports and file.imports[ref.name].name and depth < _MAX_DEPTH:
            return self._home(file.imports[ref.name], depth + 1)
        return ref.module

    def _free_writers(self) -> list[Writer]:
        """Writers no agent owns: initial state, and functions no agent lists."""
        free: list[Writer] = []
        for file in self.index.values():
            free.extend(file.writers)
            for name, function in file.functions.items():
                if (file.key, name) not in self.attached:
                    free.extend(function.writers)
        return free


def _workflow_agents(workflow: Workflow, seen: set[int]) -> list[Agent]:
    """Every agent a workflow runs as a node (with the agents under it), nested workflows too."""
    if id(workflow) in seen:
        return []
    seen.add(id(workflow))
    agents: list[Agent] = []
    for node in workflow.nodes.values():
        if node.agent is not None:
            agents.extend(iter_tree(node.agent))
        if node.workflow is not None:
            agents.extend(_workflow_agents(node.workflow, seen))
    return agents


def with_reads(facts: FileFacts, dialect: str) -> FileFacts:
    """``facts`` with each agent's placeholders read in ``dialect``: done once per file, so
    a cached file's reads cost nothing when the model is assembled again."""
    agents = tuple(dataclasses.replace(agent, reads=read_placeholders(agent, dialect)) for agent in facts.agents)
    return dataclasses.replace(facts, agents=agents) if agents else facts


def read_placeholders(agent: AgentFacts, dialect: str) -> tuple[Read, ...]:
    """The placeholders the injected instructions of ``agent`` read, in ``dialect``."""
    return tuple(read for i in agent.instructions if i.injected for read in _reads(i, i.dialect or dialect))


def _reads(instruction: Instruction, dialect: str) -> list[Read]:
    if len(instruction.text) > MAX_INSTRUCTION:
        return []  # reported as TPL013; its keys are unknown
    try:
        template = parse_instruction_text(instruction.text, dialect)
    except TemplateSyntaxError:
        return []  # reported as TPL012; its keys are unknown
    reads = []
    for node in template.nodes:
        if isinstance(node, Placeholder) and not node.artifact:
            line, column = instruction.position(node.span.start)
            # Findings on the read point at its key, as TPL011 does: one placeholder, one position.
            key_start = node.name_span.start
            reads.append(Read(node.key, node.optional, instruction.source.path, line, column, instruction,
                              key_start, key_start + len(node.key), node.span.start, node.span.end,
                              node.marker is not None, node.path))  # fmt: skip
    return reads


def _writer_order(writer: Writer) -> tuple:
    return writer.path, writer.line, writer.column, writer.key or "", writer.via, writer.agent or ""

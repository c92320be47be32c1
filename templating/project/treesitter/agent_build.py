"""An agent being read from source, before it becomes the neutral `AgentFacts`.

The tree-sitter front ends read an agent's settings one call or argument at a time (a Java
builder chain, Kotlin named arguments); `AgentBuild` collects them, and `FileWrites` a file's
state writes by owner. `synthetic` names what is built inline and bound to no variable.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from templating.project.model.facts import AgentFacts, ClassFacts, FunctionFacts, Ref, Writer
from templating.project.model.instruction import Instruction
from templating.project.model.kinds import AgentKind

__all__ = ["AgentBuild", "FileWrites", "register", "synthetic"]


def synthetic(position: tuple[int, int], what: str = "agent") -> str:
    """The name of something built inline at 1-based ``position``: ``<agent line:column>``."""
    line, column = position
    return f"<{what} {line}:{column}>"


class FileWrites:
    """The state writes of one file, by owner: a function, a custom agent class, or none."""

    def __init__(self) -> None:
        self.functions: dict[str, list[Writer]] = {}
        self.classes: dict[str, list[Writer]] = {}
        self.free: list[Writer] = []

    def add(self, owner: str, name: str, writer: Writer) -> None:
        """Keep ``writer`` under its owner: ``"class"``, ``"function"`` (both named ``name``)
        or anything else for a write no function or class owns."""
        if owner == "class":
            self.classes.setdefault(name, []).append(writer)
        elif owner == "function":
            self.functions.setdefault(name, []).append(writer)
        else:
            self.free.append(writer)

    def function_facts(self, fetching: dict[str, str] | None = None) -> dict[str, FunctionFacts]:
        """Each function's writes; ``fetching`` names the network call of each function that
        makes one (a tool's model reads what it fetched, and what it writes is a third party's)."""
        fetching = fetching or {}
        found = {
            name: FunctionFacts(name, tuple(replace(w, source=fetching.get(name)) for w in writers), fetching.get(name))
            for name, writers in self.functions.items()
        }
        for name, call in fetching.items():
            found.setdefault(name, FunctionFacts(name, (), call))
        return found

    def class_facts(self, agent_classes: set[str]) -> dict[str, ClassFacts]:
        """Each custom agent class, with the writes of its own code."""
        return {name: ClassFacts(name, "custom", tuple(self.classes.get(name, ()))) for name in agent_classes}


@dataclass
class AgentBuild:
    """An agent being read: its variable, kind and where it is built, then its settings."""

    variable: str
    kind: AgentKind
    line: int
    column: int
    name: str | None = None
    instructions: list[Instruction] = field(default_factory=list)
    output_key: Writer | None = None
    sub_agents: list[Ref] = field(default_factory=list)
    tools: list[Ref] = field(default_factory=list)
    agent_tools: list[Ref] = field(default_factory=list)
    callbacks: list[Ref] = field(default_factory=list)
    early_callbacks: list[Ref] = field(default_factory=list)
    custom_class: Ref | None = None
    run_order: list[Ref] = field(default_factory=list)
    #: The third-party tools it holds (``GoogleSearchTool``), and a remote agent's class.
    sources: list[str] = field(default_factory=list)

    def facts(self, path: str) -> AgentFacts:
        """The neutral record of this agent, built in file ``path``."""
        return AgentFacts(
            self.variable, self.name, self.kind, path, self.line, self.column, tuple(self.instructions),
            self.output_key, tuple(self.sub_agents), tuple(self.tools), tuple(self.agent_tools),
            tuple(self.callbacks), self.custom_class, tuple(self.early_callbacks),
            sources=tuple(dict.fromkeys(self.sources)), run_order=tuple(self.run_order),
        )  # fmt: skip


def register(agents: dict[str, AgentBuild], build: AgentBuild) -> None:
    """Add ``build`` to ``agents`` by its variable. Two agents held in variables of one name
    (``val agent`` in two functions) are both kept: the later is named by its position too,
    and a plain reference to the name finds the first."""
    known = agents.get(build.variable)
    if known is None:
        agents[build.variable] = build
    elif known is not build:
        build.variable = f"{build.variable} <{build.line}:{build.column}>"
        agents.setdefault(build.variable, build)

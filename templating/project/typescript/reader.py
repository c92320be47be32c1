"""Read one TypeScript/JavaScript module: its agents, their instructions and its state writes.

The port comes from the module's imports (`vocabulary.port_of_specifier`), else from the
nearest ``package.json`` when the module builds agents through a local re-export. A module
that imports neither port is not agent code and gives nothing: a prompts module's texts are
read when an agent module uses them, in that module's port.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, cast

from templating.project.model.facts import (
    AgentFacts,
    AppFacts,
    ClassFacts,
    FileFacts,
    FunctionFacts,
    PortTrap,
    Ref,
    Writer,
)
from templating.project.model.instruction import Instruction
from templating.project.noqa import noqa_codes
from templating.project.typescript.agents import AgentSite, find_agents, find_plugin_instructions
from templating.project.typescript.custom_agents import CustomSite, find_custom_agents
from templating.project.typescript.evaluate import FUNCTION_KINDS, constant, evaluate, lookup, resolve_value
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap
from templating.project.typescript.node_functions import node_functions
from templating.project.typescript.packages import is_vendored, package_port
from templating.project.typescript.request_settings import find_runner_apps, request_facts
from templating.project.typescript.runners import find_runners
from templating.project.typescript.third_party import network_call, tool_sources
from templating.project.typescript.vocabulary import CONTEXT_HINT, grammar_for, port_of_specifier
from templating.project.typescript.workflows import read_workflows
from templating.project.typescript.writes import find_writes, string_of

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.model.kinds import AgentKind
    from templating.project.typescript.writes import Writes

__all__ = ["ScriptReading", "read_script"]

_CONTEXT = re.compile(CONTEXT_HINT)
_NOQA = re.compile(r"//\s*noqa(?::\s*(?P<codes>[\w-]+(?:\s*,\s*[\w-]+)*))?", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ScriptReading:
    """What a module gives: instructions, facts, and the texts the port never renders."""

    instructions: tuple[Instruction, ...] = ()
    facts: tuple[FileFacts, ...] = ()
    port: str | None = None


def read_script(module: ScriptModule, key: str, cache: ScriptCache) -> ScriptReading:
    """The agents, instructions and writes of ``module`` (its file key ``key``)."""
    if is_vendored(module.path, cache.sources.project):
        return ScriptReading()
    port = module.port
    grammar = grammar_for(module.path.name)
    sites = find_agents(module, grammar)
    if port is None and sites:
        port = package_port(module.path.parent, cache.sources.project)
    if port is None and not sites and "BaseAgent" not in module.imports:
        if _CONTEXT.search(module.source.text) is None:
            return _seeds_only(module, key, cache, grammar)
        # Callbacks or tools of agents built elsewhere: their writes, in the port its package
        # names, else as either port writes them (ADK-TS's `state[k] = v` too: a miss at worst).
        port = package_port(module.path.parent, cache.sources.project)
    elif port is None:
        return ScriptReading()
    builder = _Facts(module, key, cache, port)
    for site in sites:
        builder.add_agent(site)
    classes, customs = find_custom_agents(module)
    for custom in customs:
        builder.add_custom(custom)
    builder.classes = {name: ClassFacts(name, "custom", ()) for name in classes}
    for value in find_plugin_instructions(module, grammar):
        instruction = builder.instruction(value, "globalInstruction")
        if instruction is not None:
            builder.instructions.append(instruction)
    builder.apps = find_runner_apps(module, grammar, cache, builder.instruction, builder.ref)
    writes = find_writes(module, grammar, port, builder.owners, cache)
    return builder.finish(writes)


def _seeds_only(module: ScriptModule, key: str, cache: ScriptCache, grammar: str) -> ScriptReading:
    """A module that imports no port may still seed the session of agents it imports (a
    ``main.ts``): its session seeds count; nothing of it is read as an instruction."""
    writes = find_writes(module, grammar, None, {}, cache)
    seeds = tuple(writer for writer in writes.free if writer.via == "initial")
    if not seeds:
        return ScriptReading()
    return ScriptReading(facts=(FileFacts(key, module.source.path, writers=seeds),))


@dataclass
class _Facts:
    module: ScriptModule
    key: str
    cache: ScriptCache
    port: str | None
    agents: list[AgentFacts] = field(default_factory=list)
    instructions: list[Instruction] = field(default_factory=list)
    traps: list[PortTrap] = field(default_factory=list)
    #: Nodes whose writes belong to a named function, by node id.
    owners: dict[int, object] = field(default_factory=dict)
    factories: dict[str, str] = field(default_factory=dict)
    classes: dict[str, ClassFacts] = field(default_factory=dict)
    #: The code of each function (a tool, a callback) by the name its facts go under.
    functions_at: dict[str, Node] = field(default_factory=dict)
    apps: tuple[AppFacts, ...] = ()

    def __post_init__(self) -> None:
        for name, value in self.module.values.items():
            self.owners[value.id] = name
            self.functions_at[name] = value
        for name, function in self.module.functions.items():
            self.owners[function.id] = name
            self.functions_at[name] = function

    def add_agent(self, site: AgentSite) -> None:
        assert self.port is not None  # a module that builds agents has its port (`read_script`)
        instructions = []
        read: set[str] = set()
        for field_name, value in site.instructions:
            instruction = self.instruction(value, field_name)
            if instruction is None:
                continue
            read.add(instruction.field)
            if site.drops_instruction:
                message = (
                    "this instruction is never rendered: `AgentBuilder` drops it when `asSequential`, "
                    "`asParallel` or `asLoop` makes a workflow agent"
                )
                self.traps.append(self._trap("TPL026", value, message))
                continue
            instructions.append(instruction)
        self.instructions.extend(instructions)
        callbacks: list[Ref] = []
        early: list[Ref] = []
        for callback_field, value in site.callbacks:
            ref = self._function_ref(value, callback_field)
            if ref is not None:
                (early if callback_field == "beforeAgentCallback" else callbacks).append(ref)
        line, column = self._position(site.node)
        variable = site.variable or f"<agent {line}:{column}>"
        if site.factory is not None:
            self.factories.setdefault(site.factory, variable)
        output_key = None
        if site.output_key is not None:
            key_line, key_column = self._position(site.output_key)
            key_text = constant(site.output_key, self.module, self.cache)
            output_key = Writer(key_text, "output_key", self.module.source.path, key_line, key_column)
        self.agents.append(AgentFacts(
            variable, site.name, cast("AgentKind", site.kind), self.module.source.path, line, column, tuple(instructions), output_key,
            sub_agents=tuple(r for r in map(self.ref, site.sub_agents) if r is not None),
            tools=tuple(r for r in (self._function_ref(t, "tool") for t in site.tools) if r is not None),
            callbacks=tuple(callbacks + early), early_callbacks=tuple(early),
            sources=tool_sources(site.tools, self.module, self.cache),
            request=request_facts(site, self.module, self.cache, self.port, read),
        ))  # fmt: skip
        for inline in site.inline_agents:
            self.owners.pop(inline.id, None)

    def add_custom(self, site: CustomSite) -> None:
        """A custom agent (``new X(...)`` of a ``BaseAgent`` subclass) and the agents its
        ``runAsyncImpl`` runs, in code order."""
        line, column = self._position(site.node)
        variable = _bound(site.node) or f"<agent {line}:{column}>"
        order = tuple(ref for ref in map(self.ref, site.run_order) if ref is not None)
        self.agents.append(AgentFacts(
            variable, site.name, "custom", self.module.source.path, line, column,
            custom_class=Ref(self.key, site.class_name),
            run_order=order if len(order) == len(site.run_order) else (),
        ))  # fmt: skip

    def instruction(self, value: Node, field_name: str) -> Instruction | None:
        """The instruction ``value`` gives ADK as ``field_name``; ``None`` for a provider."""
        module, node = self.module, value
        while node.type in ("identifier", "member_expression", "subscript_expression"):
            found = resolve_value(node, module, self.cache)
            if found is None:
                break
            node, module = found
        if node.type in FUNCTION_KINDS:
            return None  # an instruction provider: ADK does not fill its placeholders
        text = evaluate(node, module, self.cache)
        if not text.characters:
            return None
        offsets = (*text.offsets, text.offsets[-1] + 1)
        suppressed = _noqa(module, node) | (_noqa(self.module, value) if module is not self.module else frozenset())
        return Instruction(
            text.source, text.value, offsets, _FIELDS[field_name], text.holes, suppressed, self.port, text.splices
        )

    def _position(self, node: Node) -> tuple[int, int]:
        start = self.module.parsed.span(node)[0]
        return self.module.source.position(start)

    def ref(self, node: Node, depth: int = 0) -> Ref | None:
        name = _name_of(node, self.module)
        if name is None:
            line, column = self._position(node)
            return Ref(self.key, f"<agent {line}:{column}>") if node.type == "new_expression" else None
        held = lookup(name, node, self.module) if node.type == "identifier" and depth < _MAX_HOPS else None
        if held is not None and held is not self.module.values.get(name) and _is_built(held):
            return self.ref(unwrap(held), depth + 1)  # a local holding an agent (`const a = await makeA()`)
        imported = self.module.imports.get(name)
        if imported is not None:
            path = self.cache.resolve(imported.specifier, self.module.path)
            return Ref(os.path.realpath(path), imported.name) if path is not None else None
        return Ref(self.key, name)

    def _function_ref(self, node: Node, role: str) -> Ref | None:
        if node.type in FUNCTION_KINDS or node.type in ("new_expression", "call_expression"):
            # Inline: named as messages quote it, a tool by its `name:` where it is a literal.
            line, _ = self._position(node)
            name = f"{_tool_name(node, self.module) or role} (line {line})"
            self.owners[node.id] = name
            self.functions_at[name] = node
            return Ref(self.key, name)
        return self.ref(node)

    def finish(self, writes: Writes) -> ScriptReading:
        functions: dict[str, FunctionFacts] = {}
        for identifier, writers in writes.owned.items():
            name = str(self.owners[identifier])
            previous = functions.get(name)
            functions[name] = FunctionFacts(name, (*(previous.writers if previous else ()), *writers))
        self._add_sources(functions)
        imports = {}
        for name, imported in self.module.imports.items():
            if imported.specifier.startswith(".") or port_of_specifier(imported.specifier) is None:
                path = self.cache.resolve(imported.specifier, self.module.path)
                if path is not None:
                    imports[name] = Ref(os.path.realpath(path), "" if imported.name == "*" else imported.name)
        for assignment in writes.ignored:
            message = (
                "adk-js writes nothing here: its `State` records a change only through `set` or `update`, so "
                "this assignment adds a property to the `State` object and is lost; call `state.set(key, value)`"
            )
            self.traps.append(self._trap("TPL025", assignment, message))
        workflows = read_workflows(self.module, self.key, self.ref, _bound) if self.port == "adk-js" else ()
        nodes = node_functions(self.module, workflows, self.ref) if self.port == "adk-js" else {}
        for name in nodes:  # a workflow here or elsewhere may run it as a node that writes nothing
            functions.setdefault(name, FunctionFacts(name, ()))
        facts = FileFacts(
            self.key, self.module.source.path, tuple(self.agents), functions, factories=self.factories,
            imports=imports, writers=tuple(writes.free), port_traps=tuple(self.traps), workflows=workflows,
            classes=self.classes,
            node_functions=nodes, apps=(*self.apps, *find_runners(self.module, self.ref)),
            entries=self._entries(workflows),
        )  # fmt: skip
        return ScriptReading(tuple(self.instructions), (facts,), self.port)

    def _entries(self, workflows: tuple) -> tuple[Ref, ...]:
        """What adk-js devtools loads from this module (``adk web``, ``adk run FILE``): its
        ``rootAgent`` export (its own or re-exported), else its default export, else the first
        of its exported agents and workflows by name (a module's exports are sorted so)."""
        own = {agent.variable for agent in self.agents} | {workflow.variable for workflow in workflows}
        for name in ("rootAgent", "default"):
            if name in self.module.exported and name in own:
                return (Ref(self.key, name),)
            reexport = self.module.reexports.get(name)
            if reexport is not None:
                path = self.cache.resolve(reexport.specifier, self.module.path) if reexport.specifier else None
                target = (
                    Ref(os.path.realpath(path), reexport.name) if path is not None else Ref(self.key, reexport.name)
                )
                return (target,) if path is not None or reexport.name in own else ()
        exported = sorted(self.module.exported & own)
        return (Ref(self.key, exported[0]),) if exported else ()

    def _add_sources(self, functions: dict[str, FunctionFacts]) -> None:
        """The network call of each tool of the module's agents that makes one (rule TPL021):
        its writes hold what it fetched, and an agent holding it reads it."""
        tools = {ref.name for agent in self.agents for ref in agent.tools if ref.module == self.key}
        for name in tools | set(functions):
            node = self.functions_at.get(name)
            source = network_call(node, self.module) if node is not None else None
            if source is None:
                continue
            writers = functions[name].writers if name in functions else ()
            functions[name] = FunctionFacts(name, tuple(replace(w, source=source) for w in writers), source)

    def _trap(self, code: str, node: Node, message: str) -> PortTrap:
        line, column = self._position(node)
        source_line = self.module.source.line_text(line)
        start, end = self.module.parsed.span(node)
        end_column = column + min(end - start, len(source_line) - column + 1)
        return PortTrap(code, self.module.source.path, line, column, end_column, source_line, message,
                        _noqa(self.module, node))  # fmt: skip


_FIELDS = {"instruction": "instruction", "globalInstruction": "global_instruction"}


_MAX_HOPS = 8  # locals followed to the agent they hold


def _is_built(node: Node) -> bool:
    """Whether ``node`` builds or fetches a value: a call, ``new`` or ``await`` on one."""
    node = unwrap(node)
    while node.type == "await_expression" and node.named_children:
        node = unwrap(node.named_children[0])
    return node.type in ("call_expression", "new_expression")


def _tool_name(node: Node, module: ScriptModule) -> str | None:
    """The ``name:`` an inline ``new FunctionTool({...})`` or ``createTool({...})`` gives."""
    arguments = node.child_by_field_name("arguments")
    options = arguments.named_children[0] if arguments is not None and arguments.named_children else None
    if options is None or options.type != "object":
        return None
    for pair in options.named_children:
        key = pair.child_by_field_name("key") if pair.type == "pair" else None
        if key is not None and module.parsed.text_of(key) == "name":
            return string_of(pair.child_by_field_name("value"), module)
    return None


def _name_of(node: Node, module: ScriptModule) -> str | None:
    """The name a listed agent is reached by: a variable, or a factory call's function."""
    while node.type in ("await_expression", "call_expression", "parenthesized_expression", "as_expression"):
        inner = (
            node.child_by_field_name("function")
            if node.type == "call_expression"
            else (node.named_children[0] if node.named_children else None)
        )
        if inner is None:
            return None
        node = inner
    return module.parsed.text_of(node) if node.type in ("identifier", "shorthand_property_identifier") else None


def _bound(node: Node) -> str | None:
    """The variable a construction is bound to (``const w = new Workflow(...)``)."""
    parent = node.parent
    while parent is not None and parent.type in ("parenthesized_expression", "as_expression", "satisfies_expression"):
        parent = parent.parent
    name = parent.child_by_field_name("name") if parent is not None and parent.type == "variable_declarator" else None
    return (
        name.text.decode("utf-8", "replace") if name is not None and name.type == "identifier" and name.text else None
    )


def _noqa(module: ScriptModule, node: Node) -> frozenset[str]:
    """The codes a ``// noqa`` names on the first or the last line of ``node``."""
    codes: frozenset[str] = frozenset()
    for row in {node.start_point[0] + 1, node.end_point[0] + 1}:
        match = _NOQA.search(module.source.line_text(row))
        if match is not None:
            codes |= noqa_codes(match)
    return codes

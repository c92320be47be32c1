"""Where a TypeScript/JavaScript module builds agents, and what each is given.

Two forms: ``new LlmAgent({...})`` (any agent class of `vocabulary.AGENT_CLASSES`, imported
from a port or a local re-export; the options object may be a constant, its properties
shorthand) and IQAI's ``AgentBuilder.create(name).withInstruction(...)...build()`` chains.
An agent bound to a variable takes its name; one built in a function makes that function a
factory (``subAgents: [makeCritic()]`` names it).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from templating.project.treesitter.parsing import with_ancestors
from templating.project.treesitter.queries import matches, query
from templating.project.typescript.evaluate import FUNCTION_KINDS, lookup, resolve_value
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap
from templating.project.typescript.vocabulary import AGENT_CLASSES, BUILDER_KINDS, CONTEXT_NAMES, port_of_specifier
from templating.project.typescript.writes import string_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["AgentSite", "find_agents", "find_plugin_instructions", "is_port_class", "listed"]

_PACKAGE = "templating.project.typescript"
_WRAPPERS = frozenset({"await_expression", "parenthesized_expression", "as_expression", "satisfies_expression"})
_INSTRUCTION_FIELDS = ("instruction", "globalInstruction")
_LISTS = {"subAgents": "sub_agents", "tools": "tools"}
_BUILDER_FIELDS = {"withInstruction": "instruction", "withGlobalInstruction": "globalInstruction"}
#: IQAI's builder method that makes a ``LangGraphAgent`` of node objects.
_LANG_GRAPH = "asLangGraph"
_MAX_HOPS = 8  # names followed to the array they hold
#: The options that shape an agent's model request besides its instructions (`request_settings`).
_REQUEST_FIELDS = frozenset({
    "description", "model", "mode", "outputSchema", "disallowTransferToParent", "disallowTransferToPeers",
    "beforeModelCallback",
})  # fmt: skip


@dataclass(slots=True)
class AgentSite:
    """One agent construction and the expressions it is given."""

    node: Node
    kind: str
    variable: str | None = None
    factory: str | None = None
    name: str | None = None
    instructions: list[tuple[str, Node]] = field(default_factory=list)
    output_key: Node | None = None
    output_key_text: str | None = None
    sub_agents: list[Node] = field(default_factory=list)
    tools: list[Node] = field(default_factory=list)
    callbacks: list[tuple[str, Node]] = field(default_factory=list)
    #: IQAI's builder drops the instruction of an ``asSequential``/``asParallel``/``asLoop`` agent.
    drops_instruction: bool = False
    inline_agents: list[Node] = field(default_factory=list)
    #: The options that shape its request, by name (``description``, ``model``...).
    settings: dict[str, Node] = field(default_factory=dict)


def find_agents(module: ScriptModule, grammar: str) -> list[AgentSite]:
    """Every agent ``module`` builds, in source order."""
    sites = []
    for found in matches(query(_PACKAGE, "agents", grammar), module.parsed.root):
        class_name = module.parsed.text_of(found["class"][0])
        if class_name in AGENT_CLASSES and is_port_class(module, class_name):
            sites.append(_new_agent(module, found["agent"][0], AGENT_CLASSES[class_name], found["arguments"][0]))
    for found in matches(query(_PACKAGE, "builders", grammar), module.parsed.root):
        if "AgentBuilder" in module.imports:
            sites.append(_builder(module, found["start"][0]))
    ordered = sorted(sites, key=lambda site: site.node.start_byte)
    nodes = [site.node for site in ordered]
    walk = with_ancestors(module.parsed.root, nodes, FUNCTION_KINDS)
    bindings = {node.id: _binding(module, path, functions) for node, path, functions in walk}
    used: set[str] = set()
    for site in ordered:
        variable, site.factory = bindings.get(site.node.id, (None, None))
        if variable is not None and variable not in used:
            site.variable = variable
            used.add(variable)
    return sorted(sites, key=lambda site: site.node.start_byte)


def find_plugin_instructions(module: ScriptModule, grammar: str) -> list[Node]:
    """The instructions of adk-js ``new GlobalInstructionPlugin(text)``: every agent of the app
    gets them, before its own."""
    found = []
    for match in matches(query(_PACKAGE, "agents", grammar), module.parsed.root):
        if module.parsed.text_of(match["class"][0]) == "GlobalInstructionPlugin" and is_port_class(
            module, "GlobalInstructionPlugin"
        ):
            arguments = _arguments_of(match["arguments"][0])
            if arguments:
                found.append(arguments[0])
    return found


def _arguments_of(arguments: Node) -> list[Node]:
    return [child for child in arguments.named_children if child.type != "comment"]


def is_port_class(module: ScriptModule, name: str) -> bool:
    """Whether ``name`` in ``module`` is imported from a port (or a local re-export of one)."""
    imported = module.imports.get(name)
    if imported is None:
        return False
    return port_of_specifier(imported.specifier) is not None or imported.specifier.startswith((".", "@/", "~/"))


def _new_agent(module: ScriptModule, node: Node, kind: str, arguments: Node) -> AgentSite:
    site = AgentSite(node, kind)
    options = arguments.named_children[0] if arguments.named_children else None
    if options is not None and unwrap(options).type == "identifier":
        found = resolve_value(options, module, _NO_IMPORTS)
        options = found[0] if found is not None and found[1] is module else options
    if options is None or unwrap(options).type != "object":
        return site
    for member in unwrap(options).named_children:
        if member.type == "pair":
            key = member.child_by_field_name("key")
            value = member.child_by_field_name("value")
            if key is not None and value is not None:
                _field(module, site, module.parsed.text_of(key).strip("'\""), value)
        elif member.type == "shorthand_property_identifier":
            _field(module, site, module.parsed.text_of(member), member)
    return site


def _field(module: ScriptModule, site: AgentSite, name: str, value: Node) -> None:
    if value.type == "shorthand_property_identifier":
        value = _shorthand(module, value) or value
    if name in _REQUEST_FIELDS:
        site.settings[name] = value
    if name == "name":
        site.name = string_of(value, module)
    elif name in _INSTRUCTION_FIELDS:
        site.instructions.append((name, value))
    elif name == "outputKey":
        site.output_key, site.output_key_text = value, string_of(value, module)
    elif name in _LISTS:
        target = site.sub_agents if name == "subAgents" else site.tools
        target.extend(listed(value, module))
    elif name in CONTEXT_NAMES:
        site.callbacks.extend((name, element) for element in listed(value, module))


def _shorthand(module: ScriptModule, node: Node) -> Node | None:
    """The value a shorthand property ``{ instruction }`` stands for, in its scope."""
    return lookup(module.parsed.text_of(node), node, module)


def listed(value: Node, module: ScriptModule) -> list[Node]:
    """The items of an agent's list field: an array written there, or held in a ``const``
    (``tools: allTools``), with the items of arrays spread into it (``[...base, save]``) and
    of ``await`` on one; anything else stands for itself."""
    return _listed(value, module, 0)


def _listed(value: Node, module: ScriptModule, depth: int) -> list[Node]:
    value = unwrap(value)
    if value.type == "spread_element" and value.named_children:
        value = unwrap(value.named_children[0])
    if value.type == "identifier" and depth < _MAX_HOPS:
        held = lookup(module.parsed.text_of(value), value, module)
        if held is not None and unwrap(held).type == "array":
            return _listed(held, module, depth + 1)
    if value.type != "array":
        return [value]
    items: list[Node] = []
    for element in value.named_children:
        if element.type == "spread_element":
            items.extend(_listed(element, module, depth + 1))
        elif element.type != "comment":
            items.append(unwrap(element))
    return items


def _builder(module: ScriptModule, start: Node) -> AgentSite:
    calls: list[tuple[str, list[Node]]] = []
    node = start
    calls.append((_property(module, start.child_by_field_name("function")), _arguments(start)))
    while node.parent is not None and node.parent.type == "member_expression" and node.parent.parent is not None:
        call = node.parent.parent
        if call.type != "call_expression" or call.child_by_field_name("function") != node.parent:
            break
        calls.append((_property(module, node.parent), _arguments(call)))
        node = call
    site = AgentSite(node, "llm")
    for method, values in calls:
        first_value = values[0] if values else None
        if method in ("create", "withName") and first_value is not None:
            site.name = string_of(first_value, module)
        elif method in _BUILDER_FIELDS and first_value is not None:
            site.instructions.append((_BUILDER_FIELDS[method], first_value))
        elif method == "withOutputKey" and first_value is not None:
            site.output_key, site.output_key_text = first_value, string_of(first_value, module)
        elif method == "withSubAgents" and first_value is not None:
            site.sub_agents.extend(listed(first_value, module))
        elif method in BUILDER_KINDS and first_value is not None:
            site.kind, site.drops_instruction = BUILDER_KINDS[method], True
            site.sub_agents.extend(listed(first_value, module))
        elif method == _LANG_GRAPH and first_value is not None:
            site.kind = "custom"  # its nodes run as their `targets` and conditions say: no fixed order
            site.sub_agents.extend(_graph_agents(first_value, module))
        elif method == "withTools":
            site.tools.extend(item for value in values for item in listed(value, module))
        elif method.startswith("with") and method.endswith("Callback") and first_value is not None:
            callback = method[4].lower() + method[5:]
            if callback in CONTEXT_NAMES:
                site.callbacks.extend((callback, element) for element in listed(first_value, module))
    return site


def _graph_agents(nodes: Node, module: ScriptModule) -> list[Node]:
    """The ``agent`` of each node of IQAI's ``asLangGraph([{ name, agent, targets }, ...])``."""
    agents = []
    for item in listed(nodes, module):
        held = lookup(module.parsed.text_of(item), item, module) if item.type == "identifier" else None
        node = unwrap(held) if held is not None else item
        if node.type != "object":
            continue
        for member in node.named_children:
            key = member.child_by_field_name("key") if member.type == "pair" else None
            value = member.child_by_field_name("value") if member.type == "pair" else None
            if key is not None and value is not None and module.parsed.text_of(key) == "agent":
                agents.append(unwrap(value))
            elif member.type == "shorthand_property_identifier" and module.parsed.text_of(member) == "agent":
                agents.append(member)
    return agents


def _property(module: ScriptModule, member: Node | None) -> str:
    name = member.child_by_field_name("property") if member is not None else None
    return module.parsed.text_of(name) if name is not None else ""


def _arguments(call: Node) -> list[Node]:
    arguments = call.child_by_field_name("arguments")
    return [child for child in arguments.named_children if child.type != "comment"] if arguments is not None else []


def _binding(module: ScriptModule, path: list[Node], functions: list[int]) -> tuple[str | None, str | None]:
    """The variable an agent is bound to and the factory function that builds it, if any, from
    the nodes above it (``path``, outermost first; ``functions``, where functions are in it)."""
    index = len(path) - 1
    while index >= 0 and path[index].type in _WRAPPERS:
        index -= 1
    parent = path[index] if index >= 0 else None
    variable = None
    if parent is not None and parent.type == "variable_declarator":
        variable = _bound_name(module, parent.child_by_field_name("name"))
    return variable, _factory(module, path, functions[0] if functions else None)


def _bound_name(module: ScriptModule, target: Node | None) -> str | None:
    """The variable an agent is bound to: ``const a = ...``, or IQAI's ``const { agent: a } =
    await AgentBuilder...build()`` (``{ agent }`` too)."""
    if target is None:
        return None
    if target.type == "identifier":
        return module.parsed.text_of(target)
    if target.type != "object_pattern":
        return None
    for part in target.named_children:
        if part.type == "shorthand_property_identifier_pattern" and module.parsed.text_of(part) == "agent":
            return "agent"
        key, value = part.child_by_field_name("key"), part.child_by_field_name("value")
        named = part.type == "pair_pattern" and key is not None and module.parsed.text_of(key) == "agent"
        if named and value is not None and value.type == "identifier":
            return module.parsed.text_of(value)
    return None


def _factory(module: ScriptModule, path: list[Node], index: int | None) -> str | None:
    """The function an agent is built in, named by its declaration or the variable holding it:
    the outermost one (``path[index]``), when functions nest."""
    if index is None:
        return None
    function = path[index]
    if function.type == "function_declaration":
        name = function.child_by_field_name("name")
        return module.parsed.text_of(name) if name is not None else None
    index -= 1
    while index >= 0 and path[index].type in _WRAPPERS:
        index -= 1
    holder = path[index] if index >= 0 else None
    if holder is not None and holder.type == "variable_declarator":
        name = holder.child_by_field_name("name")
        return module.parsed.text_of(name) if name is not None else None
    return None


class _NoImports(ScriptCache):
    """Options objects are read in their own module: no import is followed for them."""

    def resolve(self, specifier: str, importer: Path) -> None:
        return None


_NO_IMPORTS = _NoImports()

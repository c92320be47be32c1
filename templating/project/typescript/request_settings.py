"""What a TypeScript/JavaScript agent sets for its model request, and the runners that give
an app its ``GlobalInstructionPlugin``.

`request_facts` reads an agent's options as ``@google/adk`` 2.0.0 builds its request from them
(``description``, ``model``, ``mode``, ``outputSchema``, ``tools``, the
``disallowTransferTo*`` flags); what the code does not show is an `Unread`. `find_runner_apps`
finds ``new InMemoryRunner({agent, plugins})`` and ``new Runner({...})``: the plugins every
model call of that agent's tree goes through.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from templating.project.model.facts import AppFacts, Ref
from templating.project.model.instruction import Instruction
from templating.project.model.request_facts import RequestFacts, Unread
from templating.project.treesitter.queries import matches, query
from templating.project.typescript.agents import AgentSite, is_port_class
from templating.project.typescript.evaluate import FUNCTION_KINDS, constant, evaluate, lookup, resolve_value
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap
from templating.project.typescript.node_functions import arguments_of, options_of

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["find_runner_apps", "request_facts"]

_PACKAGE = "templating.project.typescript"
_RUNNERS = ("InMemoryRunner", "Runner")
_PLUGIN = "GlobalInstructionPlugin"
_FIELDS = {"instruction": "instruction", "globalInstruction": "global_instruction"}


def request_facts(site: AgentSite, module: ScriptModule, cache: ScriptCache, port: str, read: set[str]) -> RequestFacts:
    """The request settings of the agent ``site`` builds; ``read``: the instruction fields
    whose text was read (a field given but not read is a provider or a run-time value)."""
    settings, unread = site.settings, []
    for field, value in site.instructions:
        if _FIELDS[field] not in read:
            provider = _resolved(value, module, cache).type in FUNCTION_KINDS
            what = (
                f"`{field}` is an InstructionProvider: {port} sends what it returns, unfilled"
                if provider else f"`{field}` is a text the code does not show"
            )  # fmt: skip
            unread.append(_unread(module, value, _FIELDS[field], what))
    description = _text(settings.get("description"), module, cache)
    if description is None:
        unread.append(
            _unread(module, settings["description"], "description", "`description` is known only at run time")
        )
    model = _text(settings.get("model"), module, cache) if "model" in settings else None
    if "model" in settings and not model:
        unread.append(_unread(module, settings["model"], "model", "`model` is not a model name the code shows"))
    if "beforeModelCallback" in settings:
        unread.append(
            _unread(module, settings["beforeModelCallback"], "request", "`beforeModelCallback` may change the request")
        )
    flags = [
        _flag(module, settings.get(name), name, unread)
        for name in ("disallowTransferToParent", "disallowTransferToPeers")
    ]
    mode = settings.get("mode")
    return RequestFacts(
        port, description or "", model or None, constant(mode, module, cache) if mode is not None else None,
        "outputSchema" in settings, bool(site.tools), disallow_transfer_to_parent=flags[0],
        disallow_transfer_to_peers=flags[1], unread=tuple(unread),
    )  # fmt: skip


def find_runner_apps(
    module: ScriptModule, grammar: str, cache: ScriptCache, instruction_of: Callable[[Node, str], Instruction | None],
    ref_of: Callable[[Node], Ref | None],
) -> tuple[AppFacts, ...]:  # fmt: skip
    """The runners of ``module`` that register plugins, with the agent each runs and the
    texts of their ``GlobalInstructionPlugin``s (``instruction_of`` reads one)."""
    apps = []
    for match in matches(query(_PACKAGE, "agents", grammar), module.parsed.root):
        name = module.parsed.text_of(match["class"][0])
        if name not in _RUNNERS or not is_port_class(module, name):
            continue
        values = arguments_of(match["agent"][0])
        options = options_of(values[0]) if values else {}
        if "plugins" not in options or "agent" not in options:
            continue
        instructions, unread = _plugins(options["plugins"], module, cache, instruction_of)
        if instructions or unread:
            line, column = module.source.position(module.parsed.span(match["agent"][0])[0])
            apps.append(AppFacts(ref_of(unwrap(options["agent"])), tuple(instructions), False, module.source.path,
                                 line, column, unread=tuple(unread)))  # fmt: skip
    return tuple(apps)


def _plugins(
    value: Node, module: ScriptModule, cache: ScriptCache, instruction_of: Callable[[Node, str], Instruction | None]
) -> tuple[list[Instruction], list[Unread]]:
    """The texts of the ``GlobalInstructionPlugin``s a ``plugins:`` list of ``module`` holds
    (names bound in the module followed), and those the code does not show."""
    instructions: list[Instruction] = []
    unread: list[Unread] = []
    if value.type == "shorthand_property_identifier":  # `{ agent, plugins }`
        value = lookup(module.parsed.text_of(value), value, module) or value
    found = resolve_value(value, module, cache) if unwrap(value).type == "identifier" else None
    listed = unwrap(found[0] if found is not None and found[1] is module else value)
    elements = [unwrap(e) for e in listed.named_children if e.type != "comment"] if listed.type == "array" else []
    for listed_element in elements:
        local = resolve_value(listed_element, module, cache) if listed_element.type == "identifier" else None
        element = unwrap(local[0]) if local is not None and local[1] is module else listed_element
        plugin = element.child_by_field_name("constructor") if element.type == "new_expression" else None
        if plugin is None or module.parsed.text_of(plugin) != _PLUGIN:
            continue
        arguments = arguments_of(element)
        instruction = instruction_of(arguments[0], "globalInstruction") if arguments else None
        if instruction is not None:
            instructions.append(instruction)
        elif arguments:
            what = f"the `{_PLUGIN}` text is not a text the code shows"
            unread.append(_unread(module, arguments[0], "plugin", what))
    return instructions, unread


def _resolved(value: Node, module: ScriptModule, cache: ScriptCache) -> Node:
    node = unwrap(value)
    while node.type in ("identifier", "member_expression"):
        found = resolve_value(node, module, cache)
        if found is None:
            break
        node, module = unwrap(found[0]), found[1]
    return node


def _text(value: Node | None, module: ScriptModule, cache: ScriptCache) -> str | None:
    """The text ``value`` always gives (``""`` when absent), ``None`` when not known."""
    if value is None:
        return ""
    text = evaluate(value, module, cache)
    return text.value if text.is_known else None


def _flag(module: ScriptModule, value: Node | None, name: str, unread: list[Unread]) -> bool:
    if value is None:
        return False
    kind = unwrap(value).type
    if kind not in ("true", "false"):
        unread.append(_unread(module, value, "transfer", f"`{name}` is known only at run time"))
    return kind == "true"


def _unread(module: ScriptModule, node: Node, piece: str, what: str) -> Unread:
    line, column = module.source.position(module.parsed.span(node)[0])
    return Unread(piece, what, module.source.path, line, column)

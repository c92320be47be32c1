"""adk-java's ``GlobalInstructionPlugin`` called from Kotlin (adk-kotlin has no such plugin).

As in Java (`templating.project.java.plugins`): ``GlobalInstructionPlugin("...")`` with a text
is injected by adk-java, one built with a function is not; it is registered with
``InMemoryRunner(agent, name, listOf(plugin))`` or a builder chain's ``.plugins(...)`` next to
``.rootAgent(agent)`` / ``.agent(agent)``, inline or through a ``val``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.kotlin.evaluate import arguments_of, evaluate
from templating.project.model.facts import AppFacts, Ref
from templating.project.treesitter.text import instruction_of, is_known, suppressed_between

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.kotlin.scope import KotlinFile
    from templating.project.model.instruction import Instruction

__all__ = ["kotlin_plugins"]

_PLUGIN = "GlobalInstructionPlugin"
_RUNNERS = ("InMemoryRunner", "Runner")
_ROOT_METHODS = ("rootAgent", "agent")


def kotlin_plugins(file: KotlinFile, dialect: str, agent_refs) -> tuple[list[Instruction], list[AppFacts]]:
    """The plugins' instructions of ``file`` and the apps they are registered on."""
    instructions: list[Instruction] = []
    apps: list[AppFacts] = []
    registry: dict[str, Node] | None = None
    for call in file.calls:
        callee = call.named_children[0] if call.named_children else None
        if callee is None or file.text(callee).rsplit(".", 1)[-1] != _PLUGIN:
            continue
        arguments = arguments_of(call)
        if not arguments or arguments[0][1].type in ("lambda_literal", "callable_reference"):
            continue  # a function's output is not injected
        value = arguments[0][1]
        characters = evaluate(value, file.scope)
        if not is_known(characters):
            continue
        end = file.parsed.span(value)[1]
        suppressed = suppressed_between(file.noqa, file.position(call)[0], file.source.position(end)[0])
        instruction = instruction_of(file.source, characters, end, "global_instruction", dialect, suppressed)
        instructions.append(instruction)
        if registry is None:
            registry = _registry(file)
        apps.append(AppFacts(_root(file, call, registry, agent_refs), (instruction,), False, file.source.path,
                             *file.position(call)))  # fmt: skip
    return instructions, apps


def _is_site(file: KotlinFile, call: Node) -> bool:
    """Whether ``call`` registers plugins: a runner's construction or a ``.plugins(...)``."""
    callee = file.text(call.named_children[0]) if call.named_children else ""
    return (callee in _RUNNERS and len(arguments_of(call)) > 1) or callee.endswith(".plugins") or callee == "plugins"


def _registry(file: KotlinFile) -> dict[str, Node]:
    """The registering calls of the file by the names their arguments mention (one pass)."""
    found: dict[str, Node] = {}
    for call in (c for c in file.calls if _is_site(file, c)):
        stack = [c for c in call.named_children if c.type == "value_arguments"]
        while stack:
            node = stack.pop()
            if node.type == "identifier":
                found.setdefault(file.text(node), call)
            stack.extend(node.named_children)
    return found


def _root(file: KotlinFile, plugin: Node, registry: dict[str, Node], agent_refs) -> Ref | None:
    site: Node | None = plugin.parent
    while site is not None and not (site.type == "call_expression" and _is_site(file, site)):
        site = site.parent
    held = _variable(file, plugin)
    if site is None and held is not None:
        site = registry.get(held)
    if site is None:
        return None
    if file.text(site.named_children[0]) in _RUNNERS:
        refs = agent_refs(file, arguments_of(site)[0][1])
        return refs[0] if refs else None
    for name, link in _chain(file, site):
        link_arguments = arguments_of(link)
        if name in _ROOT_METHODS and link_arguments:
            refs = agent_refs(file, link_arguments[0][1])
            return refs[0] if refs else None
    return None


def _variable(file: KotlinFile, call: Node) -> str | None:
    parent = call.parent
    if parent is not None and parent.type == "property_declaration":
        declared = [c for c in parent.named_children if c.type == "variable_declaration"]
        return file.text(declared[0].named_children[0]) if declared else None
    return None


def _chain(file: KotlinFile, call: Node) -> list[tuple[str, Node]]:
    """The calls of the chain ``call`` is part of, by method name."""
    top = call
    while top.parent is not None and top.parent.type == "navigation_expression" and \
            top.parent.parent is not None and top.parent.parent.type == "call_expression":  # fmt: skip
        top = top.parent.parent
    found = []
    current: Node | None = top
    while current is not None and current.type == "call_expression" and \
            current.named_children[0].type == "navigation_expression":  # fmt: skip
        navigation = current.named_children[0]
        found.append((file.text(navigation.named_children[-1]), current))
        current = navigation.named_children[0]
    return found

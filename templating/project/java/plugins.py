"""adk-java's ``GlobalInstructionPlugin``: a text every model call of an app starts with.

``new GlobalInstructionPlugin(String)`` injects session state into its text
(``InstructionUtils.injectSessionState``, ``plugins/GlobalInstructionPlugin.java:47-56``) and
puts it before the system instruction of every model call of the runner it is registered on;
constructed with a function, its output is not injected, so there is nothing to check. It is
registered with ``App.builder().rootAgent(a).plugins(...)``, ``Runner.builder().agent(a)
.plugins(...)`` or ``new InMemoryRunner(a, name, List.of(...))``, inline or through a variable;
the model gives its reads to every agent under that root (an `AppFacts`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.java.evaluate import evaluate
from templating.project.model.facts import AppFacts, Ref
from templating.project.treesitter.text import instruction_of, is_known, suppressed_between

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.java.scope import JavaFile
    from templating.project.model.instruction import Instruction

__all__ = ["PLUGIN_CLASS", "java_plugins"]

PLUGIN_CLASS = "GlobalInstructionPlugin"
_PROVIDERS = ("lambda_expression", "method_reference")
_RUNNERS = ("InMemoryRunner", "Runner")
_ROOT_METHODS = ("rootAgent", "agent")


def java_plugins(file: JavaFile, dialect: str, agent_refs) -> tuple[list[Instruction], list[AppFacts]]:
    """The plugins' instructions of ``file`` and the apps they are registered on;
    ``agent_refs`` names the agents an expression gives."""
    instructions: list[Instruction] = []
    apps: list[AppFacts] = []
    registry: dict[str, Node] | None = None
    for creation in file.creations:
        if file.text(creation.child_by_field_name("type")).split("<", 1)[0].rsplit(".", 1)[-1] != PLUGIN_CLASS:
            continue
        arguments = creation.child_by_field_name("arguments")
        values = list(arguments.named_children) if arguments is not None else []
        if not values or values[0].type in _PROVIDERS:
            continue  # a function's output is not injected
        characters = evaluate(values[0], file.scope)
        if not is_known(characters):
            continue
        first = file.position(creation)[0]
        last = file.source.position(file.parsed.span(values[0])[1])[0]
        instruction = instruction_of(file.source, characters, file.parsed.span(values[0])[1], "global_instruction",
                                     dialect, suppressed_between(file.noqa, first, last))  # fmt: skip
        instructions.append(instruction)
        if registry is None:
            registry = _registry(file)
        root = _root(file, creation, registry, agent_refs)
        apps.append(AppFacts(root, (instruction,), False, file.source.path, *file.position(creation)))
    return instructions, apps


def _registry(file: JavaFile) -> dict[str, Node]:
    """Every ``plugins(...)`` call and runner construction of the file, by the names their
    arguments mention (each file read once, so many plugins cost no more than one)."""
    found: dict[str, Node] = {}
    sites = [n for n in file.invocations if file.text(n.child_by_field_name("name")) == "plugins"]
    sites += [n for n in file.creations if _is_runner(file, n)]
    for site in sites:
        stack = [site.child_by_field_name("arguments")]
        while stack:
            node = stack.pop()
            if node is None:
                continue
            if node.type == "identifier":
                found.setdefault(file.text(node), site)
            stack.extend(node.named_children)
    return found


def _is_runner(file: JavaFile, node: Node) -> bool:
    arguments = node.child_by_field_name("arguments")
    runner = file.text(node.child_by_field_name("type")).split("<", 1)[0]
    return runner in _RUNNERS and arguments is not None and arguments.named_child_count > 1


def _root(file: JavaFile, creation: Node, registry: dict[str, Node], agent_refs) -> Ref | None:
    """The agent the runner or app that registers the plugin runs: the call the plugin is an
    argument of (inline), or the one that mentions the variable holding it."""
    site: Node | None = creation.parent
    while site is not None and not (
        (site.type == "method_invocation" and file.text(site.child_by_field_name("name")) == "plugins")
        or (site.type == "object_creation_expression" and _is_runner(file, site))
    ):
        site = site.parent
    held = _variable(file, creation)
    if site is None and held is not None:
        site = registry.get(held)
    if site is None:
        return None
    if site.type == "object_creation_expression":
        arguments = site.child_by_field_name("arguments")
        refs = agent_refs(file, arguments.named_children[0]) if arguments is not None else []
        return refs[0] if refs else None
    for call in _chain(site):
        if file.text(call.child_by_field_name("name")) in _ROOT_METHODS:
            arguments = call.child_by_field_name("arguments")
            refs = agent_refs(file, arguments.named_children[0]) if arguments and arguments.named_children else []
            return refs[0] if refs else None
    return None


def _variable(file: JavaFile, creation: Node) -> str | None:
    parent = creation.parent
    if parent is not None and parent.type == "variable_declarator":
        return file.text(parent.child_by_field_name("name"))
    return None


def _chain(call: Node) -> list[Node]:
    """Every call of the builder chain ``call`` is part of."""
    top = call
    while top.parent is not None and top.parent.type == "method_invocation" and \
            top.parent.child_by_field_name("object") == top:  # fmt: skip
        top = top.parent
    calls = []
    current: Node | None = top
    while current is not None and current.type == "method_invocation":
        calls.append(current)
        current = current.child_by_field_name("object")
    return calls

"""Kotlin agents: adk-kotlin constructors with named arguments, and adk-java builder chains.

``LlmAgent(name = ..., instruction = Instruction("..."), outputKey = ..., subAgents =
listOf(...))`` is adk-kotlin; ``LlmAgent.builder().instruction(...).build()`` is adk-java
called from Kotlin (or adk-kotlin's Java-interop builders). ``Instruction { ... }`` is a
provider: adk-kotlin injects state into what it returns (``InstructionsProcessor.kt:54-66``),
so the ``text = ...`` parts it builds are read as instructions; adk-java does not, so there
they are skipped. ``MyAgent(a, b)`` of a class deriving from ``BaseAgent`` is a custom agent
whose agent arguments are its sub-agents.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.kotlin.custom_order import run_order_nodes
from templating.project.kotlin.evaluate import arguments_of, evaluate
from templating.project.kotlin.scope import KotlinFile
from templating.project.kotlin.vocabulary import (
    AGENT_CLASSES,
    CALLBACK_ARGUMENTS,
    EARLY_CALLBACK_ARGUMENTS,
    LIST_FACTORIES,
)
from templating.project.model.facts import Ref, Writer
from templating.project.model.instruction import Instruction
from templating.project.treesitter.agent_build import AgentBuild, register, synthetic
from templating.project.treesitter.jvm_ports import third_party_name
from templating.project.treesitter.text import argument_instruction, known_text

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["kotlin_agents"]

_BUILDER_CALLBACKS = frozenset({"beforeAgentCallback", "beforeAgentCallbackSync"})


#: The capitalised names in an expression (classes and objects it builds or names).
_WORDS = re.compile(r"\b[A-Z]\w*")


def kotlin_agents(file: KotlinFile, dialect: str) -> tuple[list[AgentBuild], dict[str, str]]:
    """The agents ``file`` builds and the names bound to them (factories, aliases)."""
    agents: dict[str, AgentBuild] = {}
    aliases: dict[str, str] = {}
    for call in file.calls:
        callee = call.named_children[0] if call.named_children else None
        build = None
        if callee is not None and callee.type == "identifier":
            build = _constructed(file, call, file.text(callee), dialect)
        elif callee is not None and callee.type == "navigation_expression" and _is_chain_top(call):
            build = _chain(file, call, dialect)
        if build is None:
            continue
        register(agents, build)
        function = _returned_by(file, call)
        if function is not None:
            aliases[function] = build.variable
    return list(agents.values()), aliases


def _variable(file: KotlinFile, node: Node) -> str:
    parent = node.parent
    if parent is not None and parent.type == "property_declaration":
        declared = [c for c in parent.named_children if c.type == "variable_declaration"]
        if declared:
            return file.text(declared[0].named_children[0])
    return synthetic(file.position(node))


def _constructed(file: KotlinFile, call: Node, callee: str, dialect: str) -> AgentBuild | None:
    if callee in AGENT_CLASSES:
        build = AgentBuild(_variable(file, call), AGENT_CLASSES[callee], *file.position(call))
        for name, value in arguments_of(call):
            _argument(file, build, name, value, call, dialect)
        return build
    if callee in file.agent_classes or (callee.endswith("Agent") and callee != "BaseAgent" and callee[:1].isupper()):
        build = AgentBuild(_variable(file, call), "custom", *file.position(call))
        build.custom_class = Ref(file.key, callee)
        for _, value in arguments_of(call):
            if value.type in ("identifier", "call_expression"):
                build.sub_agents.extend(agent_refs(file, value))
        for item in run_order_nodes(file, callee, call) or ():
            build.run_order.extend([Ref(file.key, item)] if isinstance(item, str) else agent_refs(file, item))
        return build
    return None


def _argument(file: KotlinFile, build: AgentBuild, name: str | None, value: Node, call: Node, dialect: str) -> None:
    if name == "name":
        build.name = known_text(evaluate(value, file.scope))
    elif name in ("instruction", "globalInstruction"):
        field = "instruction" if name == "instruction" else "global_instruction"
        build.instructions.extend(_instructions(file, value, field, call, dialect))
    elif name == "outputKey":
        _output_key(file, build, value)
    elif name == "subAgents":
        build.sub_agents.extend(agent_refs(file, value))
    elif name == "tools":  # `tools = listOf(GoogleSearchTool(), ...)`: which return a third party's text
        build.sources.extend(found for word in _WORDS.findall(file.text(value)) if (found := third_party_name(word)))
    elif name in EARLY_CALLBACK_ARGUMENTS or name in CALLBACK_ARGUMENTS or name in _BUILDER_CALLBACKS:
        refs = callback_refs(file, value)
        early = name in EARLY_CALLBACK_ARGUMENTS or name in _BUILDER_CALLBACKS
        (build.early_callbacks if early else build.callbacks).extend(refs)


def _output_key(file: KotlinFile, build: AgentBuild, value: Node) -> None:
    line, column = file.position(value)
    key = known_text(evaluate(value, file.scope))
    # Both JVM ports drop `temp:` keys when they append the event (State.kt:86-88,
    # BaseSessionService.java:238): a later sibling never sees them.
    build.output_key = Writer(
        key, "output_key", file.source.path, line, column, carried=not (key or "").startswith("temp:")
    )


def _instructions(file: KotlinFile, value: Node, field: str, call: Node, dialect: str) -> list[Instruction]:
    """The instructions an ``instruction`` argument gives: ``Instruction(text)``, a string, or
    (adk-kotlin only) the ``text = ...`` parts an ``Instruction { ... }`` provider builds; a
    ``val`` holding one of these is followed."""
    if value.type == "identifier":
        held = file.scope.constant(file.text(value), file.parsed.span(value)[0])
        if held is not None and held.type == "call_expression" and file.text(held.named_children[0]) == "Instruction":
            value = held
    if value.type == "call_expression" and file.text(value.named_children[0]) == "Instruction":
        arguments = arguments_of(value)
        if len(arguments) == 1 and arguments[0][1].type == "lambda_literal":
            if dialect != "adk-kotlin":
                return []  # adk-java does not inject a provider's text
            texts = [v for c in file.calls if _inside(c, arguments[0][1]) for n, v in arguments_of(c) if n == "text"]
            return [i for text in texts for i in _instruction(file, text, field, text, dialect)]
        if len(arguments) == 1 and arguments[0][0] is None and arguments[0][1].type != "call_expression":
            return _instruction(file, arguments[0][1], field, call, dialect)
        if len(arguments) == 1 and file.text(arguments[0][1].named_children[0]) != "Content":
            return _instruction(file, arguments[0][1], field, call, dialect)
        return []
    if value.type in ("lambda_literal", "callable_reference"):
        return []
    return _instruction(file, value, field, call, dialect)


def _inside(node: Node, outer: Node) -> bool:
    return outer.start_byte <= node.start_byte and node.end_byte <= outer.end_byte


def _instruction(file: KotlinFile, value: Node, field: str, call: Node, dialect: str) -> list[Instruction]:
    """The instruction ``value`` gives (none when all of it is known only at run time)."""
    characters = evaluate(value, file.scope)
    return argument_instruction(file.source, file.parsed, file.noqa, characters, value, call, field, dialect)


def _is_chain_top(call: Node) -> bool:
    parent = call.parent
    return not (parent is not None and parent.type == "navigation_expression" and parent.named_children[0] == call)


def _chain(file: KotlinFile, top: Node, dialect: str) -> AgentBuild | None:
    calls: list[tuple[str, Node]] = []
    current: Node | None = top
    while (
        current is not None
        and current.type == "call_expression"
        and current.named_children[0].type == "navigation_expression"
    ):
        navigation = current.named_children[0]
        calls.append((file.text(navigation.named_children[-1]), current))
        current = navigation.named_children[0]
    calls.reverse()
    if not calls or calls[0][0] != "builder" or current is None or file.text(current) not in AGENT_CLASSES:
        return None
    build = AgentBuild(_variable(file, top), AGENT_CLASSES[file.text(current)], *file.position(top))
    for name, call in calls:
        for argument_name, value in arguments_of(call):
            if argument_name is None:
                _argument(file, build, name, value, call, dialect)
    return build


def agent_refs(file: KotlinFile, node: Node) -> list[Ref]:
    """The agents an expression names: variables, factory calls, agents built inline, list items."""
    if node.type == "identifier":
        return [Ref(file.key, file.text(node))]
    if node.type == "navigation_expression":
        return [Ref(file.key, file.text(node.named_children[-1]))]
    if node.type == "call_expression":
        callee = node.named_children[0]
        name = file.text(callee)
        if name in LIST_FACTORIES or name.endswith(".of"):
            return [ref for _, value in arguments_of(node) for ref in agent_refs(file, value)]
        if name in AGENT_CLASSES or name in file.agent_classes or callee.type == "navigation_expression":
            return [Ref(file.key, synthetic(file.position(node)))]
        return [Ref(file.key, name)]
    return []


def callback_refs(file: KotlinFile, node: Node) -> list[Ref]:
    """The functions a callback argument names: ``Sam { ... }`` lambdas (``<callback
    line:column>`` of the lambda), ``::function``, variables, and list items."""
    if node.type == "lambda_literal":
        return [Ref(file.key, synthetic(file.position(node), "callback"))]
    if node.type == "callable_reference":
        return [Ref(file.key, file.text(node.named_children[-1]))]
    if node.type == "identifier":
        return [Ref(file.key, file.text(node))]
    if node.type == "call_expression":
        arguments = arguments_of(node)
        if file.text(node.named_children[0]) in LIST_FACTORIES:
            return [ref for _, value in arguments for ref in callback_refs(file, value)]
        return [ref for _, value in arguments if value.type == "lambda_literal" for ref in callback_refs(file, value)]
    return []


def _returned_by(file: KotlinFile, node: Node) -> str | None:
    """The function whose body is ``node`` (``fun f() = X(...)``) or returns it."""
    parent = node.parent
    if parent is not None and parent.type == "return_expression":
        parent = parent.parent
        while parent is not None and parent.type not in ("function_declaration", "lambda_literal"):
            parent = parent.parent
    elif parent is not None and parent.type == "function_body":
        parent = parent.parent
    if parent is not None and parent.type == "function_declaration":
        return next((file.text(c) for c in parent.named_children if c.type == "identifier"), None)
    return None

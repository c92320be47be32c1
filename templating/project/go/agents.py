"""The agents of a Go file: each ``<package>.New(<package>.Config{...})`` of an adk-go agent package.

``llmagent.Config`` gives an LLM agent (its ``Instruction`` and ``GlobalInstruction`` texts,
its ``OutputKey``, tools and callbacks); ``sequentialagent``, ``parallelagent`` and
``loopagent`` configs give composites whose name and sub-agents sit in ``AgentConfig:
agent.Config{...}``; ``agent.New(agent.Config{...})`` gives a custom agent. An instruction
provider's output is not injected by adk-go, so a provider gives no instruction to check,
unless it calls ``instructionutil.InjectSessionState(ctx, template)`` itself: that template is
the agent's.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from templating.project.go.brace_reasons import relays_instruction
from templating.project.go.custom_order import run_order
from templating.project.go.evaluate import GoText, evaluate
from templating.project.go.locals import local_values
from templating.project.go.names import literal_name, local_name, reference, write_owner
from templating.project.go.syntax import enclosing_function, fields, function_name, value_of
from templating.project.go.third_party import tool_sources
from templating.project.go.vocabulary import (
    ADK_IMPORT,
    AGENT_PACKAGES,
    AGENT_TOOL_PACKAGE,
    CALLBACK_FIELDS,
    EARLY_CALLBACK_FIELDS,
    INSTRUCTION_FIELDS,
    PROVIDER_FIELDS,
    GoKind,
)
from templating.project.model.facts import AgentFacts, Ref, Writer
from templating.project.model.instruction import Instruction
from templating.project.treesitter.queries import matches, query

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile, Package

__all__ = [
    "GO_DIALECT",
    "as_instruction",
    "bound_variable",
    "constant_text",
    "construction",
    "injected_templates",
    "read_agents",
]

#: The dialect every instruction of a Go file is read in: adk-go's injector.
GO_DIALECT = "adk-go"
_PACKAGE = "templating.project.go"


def read_agents(
    file: GoFile,
    package: Package,
    imports: dict[str, str],
    noqa: dict[int, frozenset[str]],
    injected: dict[str | None, list[Instruction]],
) -> tuple[list[AgentFacts], dict[str, str]]:
    """The agents ``file`` builds, and the functions that return one (by the agent's variable);
    ``injected`` are the file's `injected_templates`, given to the agents whose provider they are."""
    agents: list[AgentFacts] = []
    factories: dict[str, str] = {}
    for match in matches(query(_PACKAGE, "configs", "go"), file.parsed.root):
        literal, body = match["literal"][0], match["body"][0]
        kind = _kind(file.parsed.text_of(match["package"][0]), file.parsed.text_of(match["type"][0]), imports)
        call = construction(literal, file) if kind is not None else None
        if kind is None or call is None:
            continue
        variable = bound_variable(call, literal, file, factories)
        config = fields(body, file.parsed)
        agent = _agent(kind, variable, literal, config, file, package, noqa)
        provided = tuple(i for name in PROVIDER_FIELDS for i in injected.get(_function_of(config.get(name), file), ()))
        agents.append(dataclasses.replace(agent, instructions=agent.instructions + provided) if provided else agent)
    _returned_agents(file, {agent.variable for agent in agents}, factories)
    return agents, factories


def _returned_agents(file: GoFile, variables: set[str], factories: dict[str, str]) -> None:
    """Record the functions that return an agent they bound to a local (``return writer, nil``)."""
    for match in matches(query(_PACKAGE, "returns", "go"), file.parsed.root):
        function = function_name(enclosing_function(match["return"][0], file.parsed.root), file.parsed)
        variable = f"{function}.{file.parsed.text_of(match['value'][0])}"
        if function and variable in variables:
            factories.setdefault(function, variable)


def injected_templates(
    file: GoFile, package: Package, imports: dict[str, str], noqa: dict[int, frozenset[str]]
) -> dict[str | None, list[Instruction]]:
    """The templates passed to ``instructionutil.InjectSessionState``, by the function that
    passes them (an instruction provider injecting state itself, which adk-go does not do)."""
    found: dict[str | None, list[Instruction]] = {}
    for match in matches(query(_PACKAGE, "injections", "go"), file.parsed.root):
        if not imports.get(file.parsed.text_of(match["package"][0]), "").startswith(ADK_IMPORT):
            continue
        instruction = _instruction(match["template"][0], "inject_session_state", file, package, noqa)
        if len(instruction.interpolations) == len(instruction.text):
            continue  # a template passed through (a wrapper's parameter): the caller's text is the one to check
        found.setdefault(write_owner(match["inject"][0], file), []).append(instruction)
    return found


def _function_of(node: Node | None, file: GoFile) -> str | None:
    """The function a provider field names: a top-level function, or a function literal."""
    if node is None:
        return "\0"  # no function: matches no owner
    if node.type == "func_literal":
        return literal_name(node)
    return file.parsed.text_of(node) if node.type == "identifier" else "\0"


def _kind(alias: str, type_name: str, imports: dict[str, str]) -> GoKind | None:
    path = imports.get(alias, "")
    if type_name != "Config" or not path.startswith(ADK_IMPORT):
        return None
    return AGENT_PACKAGES.get(path.rsplit("/", 1)[-1])


def construction(literal: Node, file: GoFile) -> Node | None:
    """The ``<package>.New(...)`` call the config is given to: as its argument, or through a
    local first (``cfg := llmagent.Config{...}; llmagent.New(cfg)``); ``None`` for a config
    that is no agent's (an ``AgentConfig``)."""
    parent = literal.parent
    if parent is not None and parent.type == "unary_expression":  # &llmagent.Config{...}
        parent = parent.parent
    call = parent.parent if parent is not None and parent.type == "argument_list" else None
    if call is None:
        return _construction_of_local(literal, parent, file)
    function = call.child_by_field_name("function")
    return call if function is not None and file.parsed.text_of(function).endswith(".New") else None


def _construction_of_local(literal: Node, values: Node | None, file: GoFile) -> Node | None:
    statement = values.parent if values is not None and values.type == "expression_list" else None
    function = enclosing_function(literal, file.parsed.root)
    if statement is None or statement.type != "short_var_declaration" or function is None:
        return None
    left = statement.child_by_field_name("left")
    if left is None or not left.named_children:
        return None
    name = file.parsed.text_of(left.named_children[0])
    for call in _new_calls(function, file):
        arguments = call.child_by_field_name("arguments")
        given = [file.parsed.text_of(a).lstrip("&*") for a in (arguments.named_children if arguments else ())]
        if given == [name]:
            return call
    return None


def _new_calls(function: Node, file: GoFile) -> list[Node]:
    """The ``<package>.New(...)`` calls of a function's body, found once per body."""
    body = function.child_by_field_name("body")
    if body is None:
        return []
    if body.id not in file.new_calls:
        file.new_calls[body.id] = [
            match["call"][0]
            for match in matches(query(_PACKAGE, "calls", "go"), body)
            if file.parsed.text_of(match["function"][0]).endswith(".New")
        ]
    return file.new_calls[body.id]


def bound_variable(call: Node, literal: Node, file: GoFile, factories: dict[str, str]) -> str:
    """The name the agent ``call`` builds is bound to, or a synthetic one (recorded as a
    factory's result when the agent is returned)."""
    holder = call.parent
    synthetic = f"<agent {literal.start_point[0] + 1}:{literal.start_point[1] + 1}>"
    if holder is None:
        return synthetic
    statement = holder.parent if holder.type == "expression_list" else holder
    if statement is not None and statement.type in ("short_var_declaration", "assignment_statement", "var_spec"):
        left = statement.child_by_field_name("left") or statement
        names = [n for n in (left.children_by_field_name("name") or left.named_children) if n.type == "identifier"]
        if names:
            return local_name(call, file, file.parsed.text_of(names[0]))
    if statement is not None and statement.type == "return_statement":
        function = function_name(enclosing_function(call, file.parsed.root), file.parsed)
        if function:
            factories[function] = synthetic
    return synthetic


def _agent(
    kind: GoKind, variable: str, literal: Node, config: dict[str, Node], file: GoFile, package: Package,
    noqa: dict[int, frozenset[str]],
) -> AgentFacts:  # fmt: skip
    common = dict(config)
    inner = config.get("AgentConfig")
    inner_body = inner.child_by_field_name("body") if inner is not None and inner.type == "composite_literal" else None
    if inner_body is not None:
        common.update(fields(inner_body, file.parsed))
    line, column = file.source.position(file.parsed.span(literal)[0])
    # An instruction that is another passed on whole (``Instruction: doc.LLM.Instruction``)
    # says nothing a linter can check: the text is the caller's, checked where it is written.
    instructions = tuple(
        _instruction(node, field, file, package, noqa)
        for key, field in INSTRUCTION_FIELDS.items()
        if (node := common.get(key)) is not None and not relays_instruction(node, file, package)
    )
    return AgentFacts(
        variable,
        constant_text(common.get("Name"), file, package),
        kind,
        file.source.path,
        line,
        column,
        instructions=instructions,
        output_key=_output_key(common.get("OutputKey"), file, package),
        sub_agents=_references(common.get("SubAgents"), file, package),
        tools=_references(common.get("Tools"), file, package, tools=True),
        agent_tools=_agent_tools(common.get("Tools"), file, package),
        callbacks=tuple(ref for name in CALLBACK_FIELDS for ref in _references(common.get(name), file, package)),
        early_callbacks=tuple(
            ref for name in EARLY_CALLBACK_FIELDS for ref in _references(common.get(name), file, package)
        ),
        run_order=run_order(common.get("Run"), file, package) if kind == "custom" else (),
        sources=tool_sources([common.get("Tools"), common.get("Toolsets")], file),
    )


def _instruction(
    node: Node, field: str, file: GoFile, package: Package, noqa: dict[int, frozenset[str]]
) -> Instruction:
    text = evaluate(node, file, package)
    first, last = node.start_point[0] + 1, node.end_point[0] + 1
    suppressed = frozenset().union(*(noqa.get(line, frozenset()) for line in range(first - 1, last + 1)))
    return as_instruction(text, field, suppressed)


def as_instruction(text: GoText, field: str, suppressed: frozenset[str] = frozenset()) -> Instruction:
    """The `Instruction` an evaluated Go text is, read in the ``adk-go`` dialect."""
    return Instruction(text.source, text.text, tuple(text.offsets), field, tuple(text.holes), suppressed, GO_DIALECT)


def constant_text(node: Node | None, file: GoFile, package: Package) -> str | None:
    """The text of ``node`` when it is known before run time."""
    if node is None:
        return None
    text = evaluate(node, file, package)
    return None if text.holes else text.text


def _output_key(node: Node | None, file: GoFile, package: Package) -> Writer | None:
    if node is None:
        return None
    line, column = file.source.position(file.parsed.span(node)[0])
    return Writer(constant_text(node, file, package), "output_key", file.source.path, line, column)


def _agent_tools(node: Node | None, file: GoFile, package: Package) -> tuple[Ref, ...]:
    """The agents a ``Tools`` list wraps with ``agenttool.New(agent, ...)``, directly or in a local."""
    body = node.child_by_field_name("body") if node is not None and node.type == "composite_literal" else None
    found = []
    for element in body.named_children if body is not None else ():
        value = value_of(element)
        if value.type == "identifier":
            values = local_values(value, file)
            value = values[0] if values is not None and len(values) == 1 and values[0] is not None else value
        function = value.child_by_field_name("function") if value.type == "call_expression" else None
        arguments = value.child_by_field_name("arguments") if function is not None else None
        if function is None or arguments is None or not arguments.named_child_count:
            continue
        if file.parsed.text_of(function).endswith(f"{AGENT_TOOL_PACKAGE}.New"):
            ref = reference(arguments.named_children[0], file, package)
            if ref is not None:
                found.append(ref)
    return tuple(found)


def _references(node: Node | None, file: GoFile, package: Package, *, tools: bool = False) -> tuple[Ref, ...]:
    """The refs of the elements of a slice literal (``[]agent.Agent{a, b}``)."""
    body = node.child_by_field_name("body") if node is not None and node.type == "composite_literal" else None
    if body is None:
        return ()
    elements = [element.named_children[0] for element in body.named_children if element.named_child_count == 1]
    return tuple(ref for element in elements if (ref := reference(element, file, package, tools=tools)) is not None)

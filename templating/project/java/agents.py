"""adk-java agents from builder chains: ``LlmAgent.builder().name(...).instruction(...).build()``.

A chain is read from its first call to its last. It builds an agent when it starts at
``X.builder()`` / ``new X.Builder()`` of an agent class, continues a builder held in a
variable (``b.instruction(...)`` after ``var b = LlmAgent.builder()``: split chains), or
calls ``instruction``/``outputKey``/``subAgents`` on a builder some method returned (a
factory). ``new MyAgent(a, b)`` of a class deriving from ``BaseAgent`` is a custom agent
whose agent arguments are its sub-agents. Agents are named by the variable or field they are
assigned to, or ``<agent line:column>`` when built inline.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.java.custom_order import run_order_nodes
from templating.project.java.evaluate import evaluate
from templating.project.java.scope import JavaFile
from templating.project.java.vocabulary import (
    AGENT_CLASSES,
    CALLBACK_METHODS,
    EARLY_CALLBACK_METHODS,
    INSTRUCTION_METHODS,
    LIST_FACTORIES,
)
from templating.project.model.facts import Ref, Writer
from templating.project.model.instruction import Instruction
from templating.project.model.kinds import AgentKind
from templating.project.treesitter.agent_build import AgentBuild, register
from templating.project.treesitter.agent_build import synthetic as inline_name
from templating.project.treesitter.jvm_ports import THIRD_PARTY_AGENTS, third_party_name
from templating.project.treesitter.text import argument_instruction, known_text

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["java_agents", "synthetic"]

#: Calls that make a chain from a builder some method returned an agent's (``name`` alone
#: does not: ``FunctionDeclaration.builder().name(...)`` is not an agent).
_BUILDER_METHODS = frozenset({"instruction", "globalInstruction", "outputKey", "subAgents"})
_PROVIDERS = ("lambda_expression", "method_reference", "object_creation_expression")


def synthetic(file: JavaFile, node: Node, what: str = "agent") -> str:
    """The name of something built inline: ``<agent line:column>``."""
    return inline_name(file.position(node), what)


def java_agents(file: JavaFile, dialect: str) -> tuple[list[AgentBuild], dict[str, str], list[Instruction]]:
    """The agents ``file`` builds, the names bound to them (variables holding a built agent,
    methods returning one), and instructions given to no agent (``injectSessionState``)."""
    reader = _AgentReader(file, dialect)
    for node in file.invocations:
        if _is_chain_top(node):
            reader.chain(node)
    for node in file.creations:
        reader.creation(node)
    return list(reader.agents.values()), reader.aliases, reader.loose


def _is_chain_top(node: Node) -> bool:
    parent = node.parent
    return parent is None or parent.type != "method_invocation" or parent.child_by_field_name("object") != node


def _flatten(node: Node) -> tuple[Node | None, list[Node]]:
    """The receiver a chain starts from and its calls, first to last."""
    calls = []
    current: Node | None = node
    while current is not None and current.type == "method_invocation":
        calls.append(current)
        current = current.child_by_field_name("object")
    calls.reverse()
    return current, calls


class _AgentReader:
    def __init__(self, file: JavaFile, dialect: str) -> None:
        self.file = file
        self.dialect = dialect
        self.agents: dict[str, AgentBuild] = {}
        self.builders: dict[str, AgentBuild] = {}
        self.aliases: dict[str, str] = {}
        self.loose: list[Instruction] = []

    def chain(self, top: Node) -> None:
        file = self.file
        root, calls = _flatten(top)
        names = [file.text(call.child_by_field_name("name")) for call in calls]
        if "injectSessionState" in names:
            self._inject(calls[names.index("injectSessionState")])
        build = self._start(root, calls, names)
        if build is None:
            return
        for call, name in zip(calls, names, strict=True):
            self._apply(build, call, name)
        target = _bound_to(file, top)
        if names[-1] == "build" or target is None:
            register(self.agents, build)
            if target is not None and target != build.variable:
                self.aliases[target] = build.variable
            method = _returned_by(file, top)
            if method is not None:
                self.aliases[method] = build.variable
        elif target is not None:
            self.builders[target] = build

    def _start(self, root: Node | None, calls: list[Node], names: list[str]) -> AgentBuild | None:
        file = self.file
        first = calls[0]
        receiver = file.text(first.child_by_field_name("object"))
        if names[0] == "builder" and receiver in AGENT_CLASSES:
            build = self._new(AGENT_CLASSES[receiver], calls[-1])
            build.sources.extend(name for name in (receiver,) if name in THIRD_PARTY_AGENTS)
            return build
        if root is not None and root.type == "object_creation_expression":
            created = file.text(root.child_by_field_name("type")).split(".", 1)[0]
            if created in AGENT_CLASSES:
                return self._new(AGENT_CLASSES[created], calls[-1])
        if root is not None and root.type == "identifier" and file.text(root) in self.builders:
            return self.builders[file.text(root)]
        if _BUILDER_METHODS.intersection(names) and "build" in names:
            return self._new("llm", calls[-1])  # a builder a factory returned
        return None

    def _new(self, kind: AgentKind, top: Node) -> AgentBuild:
        target = _bound_to(self.file, top)
        variable = target if target is not None and "." not in target else synthetic(self.file, top)
        return AgentBuild(variable, kind, *self.file.position(top))

    def _apply(self, build: AgentBuild, call: Node, name: str) -> None:
        file = self.file
        arguments = call.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if not values:
            return
        if name == "name":
            build.name = known_text(evaluate(values[0], file.scope))
        elif name in INSTRUCTION_METHODS and values[0].type not in _PROVIDERS:
            build.instructions.extend(self._instruction(values[0], INSTRUCTION_METHODS[name], call))
        elif name == "outputKey":
            line, column = file.position(values[0])
            key = known_text(evaluate(values[0], file.scope))
            # adk-java's `appendEvent` skips `temp:` keys (BaseSessionService.java:238): the
            # output key is in the event, never in the session a later sibling reads.
            carried = not (key or "").startswith("temp:")
            build.output_key = Writer(key, "output_key", file.source.path, line, column, carried=carried)
        elif name == "subAgents":
            build.sub_agents.extend(ref for value in values for ref in agent_refs(file, value))
        elif name == "tools":
            for value in values:
                self._tools(build, value)
        elif name in EARLY_CALLBACK_METHODS or name in CALLBACK_METHODS:
            refs = [ref for value in values for ref in callback_refs(file, value)]
            (build.early_callbacks if name in EARLY_CALLBACK_METHODS else build.callbacks).extend(refs)

    def _tools(self, build: AgentBuild, value: Node) -> None:
        file = self.file
        source = _third_party(file, value)
        if source is not None:
            build.sources.append(source)
        if value.type in ("method_invocation", "object_creation_expression"):
            called = file.text(value.child_by_field_name("name") or value.child_by_field_name("type"))
            arguments = value.child_by_field_name("arguments")
            values = arguments.named_children if arguments is not None else []
            if called in ("AgentTool", "create") and "AgentTool" in file.text(value).split("(", 1)[0] and values:
                build.agent_tools.extend(agent_refs(file, values[0]))
                return
            if called == "create" and len(values) >= 2 and values[1].type == "string_literal":
                owner = file.text(values[0]).removesuffix(".class")
                module = file.key if owner in ("this", "") else file.module_of(owner)
                build.tools.append(Ref(module, known_text(evaluate(values[1], file.scope)) or ""))
                return
            if called in LIST_FACTORIES:
                for inner in values:
                    self._tools(build, inner)

    def _instruction(self, value: Node, field_name: str, call: Node) -> list[Instruction]:
        """The instruction ``value`` gives (none when all of it is known only at run time)."""
        file = self.file
        characters = evaluate(value, file.scope)
        return argument_instruction(
            file.source, file.parsed, file.noqa, characters, value, call, field_name, self.dialect
        )

    def _inject(self, call: Node) -> None:
        arguments = call.child_by_field_name("arguments")
        values = arguments.named_children if arguments is not None else []
        if len(values) == 2:
            self.loose.extend(self._instruction(values[1], "inject_session_state", call))

    def creation(self, node: Node) -> None:
        file = self.file
        created = file.text(node.child_by_field_name("type")).split("<", 1)[0]
        if created not in file.agent_classes and not (created.endswith("Agent") and created not in AGENT_CLASSES):
            return
        if created.endswith(("BaseAgent",)):
            return
        build = self._new("custom", node)
        build.custom_class = Ref(file.module_of(created), created)
        arguments = node.child_by_field_name("arguments")
        values = list(arguments.named_children) if arguments is not None else []
        for value in values:
            if value.type in ("identifier", "field_access", "method_invocation"):
                build.sub_agents.extend(agent_refs(file, value))
        for item in run_order_nodes(file, created, values) or ():
            build.run_order.extend([Ref(file.key, item)] if isinstance(item, str) else agent_refs(file, item))
        register(self.agents, build)


def _third_party(file: JavaFile, value: Node) -> str | None:
    """The third-party tool a ``tools(...)`` argument is (``new GoogleSearchTool()``,
    ``GoogleSearchTool.INSTANCE``, a variable declared ``List<McpTool>``), if it is one."""
    if value.type == "identifier":
        name = file.text(value)
        declarators = file.scope.variables.get(name, [])
        types = [d.parent.child_by_field_name("type") for d in declarators if d.parent is not None]
        types.extend(_parameter_types(file, value, name))
        return next((found for t in types if t is not None and (found := _type_source(file.text(t)))), None)
    return third_party_name(file.text(value))


def _parameter_types(file: JavaFile, node: Node, name: str) -> list[Node | None]:
    """The declared types of the parameters named ``name`` of the methods around ``node``."""
    types: list[Node | None] = []
    parent = node.parent
    while parent is not None:
        parameters = parent.child_by_field_name("parameters") if parent.type == "method_declaration" else None
        for parameter in parameters.named_children if parameters is not None else ():
            if file.text(parameter.child_by_field_name("name")) == name:
                types.append(parameter.child_by_field_name("type"))
        parent = parent.parent
    return types


def _type_source(type_text: str) -> str | None:
    words = type_text.replace("<", " ").replace(">", " ").replace(",", " ").split()
    return next((word for word in words if third_party_name(word)), None)


def agent_refs(file: JavaFile, node: Node) -> list[Ref]:
    """What the agents an expression names are: variables, ``Class.FIELD``, factory calls,
    agents built inline, and the items of ``List.of(...)``."""
    kind = node.type
    if kind == "identifier":
        return [Ref(file.key, file.text(node))]
    if kind == "field_access":
        owner_name = file.text(node.child_by_field_name("object"))
        return [Ref(file.module_of(owner_name), file.text(node.child_by_field_name("field")))]
    if kind == "object_creation_expression":
        return [Ref(file.key, synthetic(file, node))]
    if kind == "method_invocation":
        name = file.text(node.child_by_field_name("name"))
        owner = node.child_by_field_name("object")
        arguments = node.child_by_field_name("arguments")
        if name == "build":
            return [Ref(file.key, synthetic(file, node))]
        if name in LIST_FACTORIES and arguments is not None:
            return [ref for value in arguments.named_children for ref in agent_refs(file, value)]
        if owner is None or file.text(owner) == "this":
            return [Ref(file.key, name)]
        if owner.type == "identifier" and file.text(owner)[:1].isupper():
            return [Ref(file.module_of(file.text(owner)), name)]
    if kind in ("array_creation_expression", "array_initializer"):
        return [ref for value in node.named_children for ref in agent_refs(file, value)]
    return []


def callback_refs(file: JavaFile, node: Node) -> list[Ref]:
    """The functions a callback argument names: a lambda (read as ``<callback line:column>``),
    ``Class::method`` / ``this::method``, or a variable holding one."""
    if node.type == "lambda_expression":
        return [Ref(file.key, synthetic(file, node, "callback"))]
    if node.type == "method_reference":
        parts = list(node.named_children)
        if len(parts) == 2:
            owner = file.text(parts[0])
            module = file.key if owner == "this" or owner in file.classes else file.module_of(owner)
            return [Ref(module, file.text(parts[1]))]
    if node.type == "identifier":
        return [Ref(file.key, file.text(node))]
    return []


def _bound_to(file: JavaFile, node: Node) -> str | None:
    """The variable or field an expression is assigned to, if it is."""
    parent = node.parent
    if parent is not None and parent.type == "variable_declarator":
        return file.text(parent.child_by_field_name("name"))
    if parent is not None and parent.type == "assignment_expression":
        left = parent.child_by_field_name("left")
        if left is not None and left.type == "field_access":
            return file.text(left.child_by_field_name("field"))
        return file.text(left)
    return None


def _returned_by(file: JavaFile, node: Node) -> str | None:
    """The method whose ``return`` statement is ``node``, if it is one."""
    parent = node.parent
    if parent is None or parent.type != "return_statement":
        return None
    while parent is not None and parent.type not in ("method_declaration", "lambda_expression"):
        parent = parent.parent
    return (
        file.text(parent.child_by_field_name("name"))
        if parent is not None and parent.type == "method_declaration"
        else None
    )

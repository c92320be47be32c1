"""The per-file facts of a Python module: its agents, functions, agent classes and writers.

`python_facts` is the one function the project model asks of a Python file. An agent is
a call of ``LlmAgent``/``Agent``, ``SequentialAgent``, ``LoopAgent``, ``ParallelAgent``, or
of a class deriving from an ADK agent class (an opaque *custom* agent). Names an agent lists
(``sub_agents=[a, b]``, ``tools=[save_city]``, callbacks) become `Ref` to the module
that defines them: this one, or a sibling module it imports from; names from outside the
package (ADK's own tools, other libraries) are left out. The names are resolved when the
model is assembled.
"""

from __future__ import annotations

import ast
import dataclasses
import functools

from templating.project.model.facts import (
    AgentFacts,
    ClassFacts,
    FileFacts,
    FunctionFacts,
    Ref,
    Writer,
)
from templating.project.python.adk_vocabulary import (
    AGENT_KINDS,
    FUNCTION_TOOLS,
    GRAPH_HINTS,
    WORKFLOW_CLASS,
    AgentKind,
    WriterVia,
)
from templating.project.python.agent_names import adk_class, listed, local_value
from templating.project.python.app_plugins import find_apps
from templating.project.python.constant_keys import key_reader
from templating.project.python.python_source import (
    PythonModule,
    find_call_instructions,
)
from templating.project.python.request_settings import request_facts
from templating.project.python.schemas import output_schema_type, pydantic_models, schema_name, schema_text
from templating.project.python.skill_toolsets import TOOLSET_CLASS, find_toolsets, toolset_variable
from templating.project.python.syntax_tree import called_name
from templating.project.python.third_party import NETWORK_WORDS, THIRD_PARTY_AGENTS, network_call, third_party_tool
from templating.project.python.writers import (
    context_parameters,
    find_context_session_writes,
    find_initial_writers,
    find_session_writes,
    find_state_writes,
)
from templating.project.sources import SourceCache

__all__ = ["python_facts"]

_AGENT_FIELDS = ("name", "instruction", "sub_agents", "model", "tools", "output_key")
_Function = (ast.FunctionDef, ast.AsyncFunctionDef)


def python_facts(module: PythonModule, cache: SourceCache) -> FileFacts:
    """Everything the project model learns from ``module`` (names resolved at assembly)."""
    builder = _Builder(module, cache)
    return builder.build()


#: The name ``adk web`` and ``adk run`` load a folder's root by.
_LOADED = "root_agent"


class _Builder:
    """Collects one module's facts; a class only to share the module's lookups.

    The tree is walked once; writers are looked for only where the text can hold them
    (a module without ``state`` in it writes none).
    """

    def __init__(self, module: PythonModule, cache: SourceCache) -> None:
        self.module = module
        self.cache = cache
        self.key = cache.key(module.path)
        #: The key a key expression names: a literal, or a constant bound to one.
        self.key_of = key_reader(module, cache)
        self.calls: list[ast.Call] = []
        self.function_nodes: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
        class_nodes = []
        for node in module.walk(module.tree):
            if isinstance(node, ast.Call):
                self.calls.append(node)
            elif isinstance(node, _Function):
                self.function_nodes.append(node)
            elif isinstance(node, ast.ClassDef):
                class_nodes.append(node)
        text = module.source.text
        self.has_deltas = any(hint in text for hint in ("Event", "Session", "create_session", "state_delta"))
        self.has_graph = any(hint in text for hint in GRAPH_HINTS)
        self.writes_state = "state" in text
        # Only a module that names a network library can call one: the rest skip the scan.
        self.may_fetch = any(word in text for word in NETWORK_WORDS)
        self.classes, self.in_classes = _agent_classes(class_nodes, self._writers) if class_nodes else ({}, set())
        self.bound = _bound_names(module.tree)
        self.top_level = {id(s) for s in module.tree.body}
        self.functions = {s.name for s in module.tree.body if isinstance(s, _Function)}
        self.agents: list[AgentFacts] = []

    @functools.cached_property
    def adk_names(self) -> dict[str, str]:
        """Names imported from sibling modules that re-export one of ADK's agent classes, and
        the class each is (``from .imports import LlmAgent``)."""
        found = {}
        for name in self.module.imports:
            if name[:1].isupper():
                adk = adk_class(self.module, name, self.cache)
                if adk in AGENT_KINDS:
                    found[name] = adk
        return found

    @functools.cached_property
    def imports(self) -> dict[str, Ref]:
        """Names imported from sibling modules (worked out only when an agent needs them)."""
        return {name: Ref(self.cache.key(path), symbol or "") for name, (path, symbol) in self.module.imports.items()}

    def build(self) -> FileFacts:
        functions, loose = self._functions()
        for node in self.calls:
            if self._agent_kind(node) is not None:
                self.agents.append(self._agent(node))
        initial = (
            find_initial_writers(self.module, self.calls, "initial", key_of=self.key_of) if self.has_deltas else []
        )
        needs_imports = self.agents or self.module.path.name == "__init__.py"
        sessions = (
            find_session_writes(self.module) if self.writes_state and "_session" in self.module.source.text else []
        )
        if self.writes_state and "session.state" in self.module.source.text:
            # In nodes, tools and callbacks; a custom agent's own code is the agent's business.
            sessions += [w for node in self.function_nodes if id(node) not in self.in_classes
                         for w in find_context_session_writes(self.module, node)]  # fmt: skip
        text = self.module.source.text
        workflows, nodes = self._graph() if self.has_graph else ((), {})
        toolsets = find_toolsets(self.module, self.bound) if TOOLSET_CLASS in text else {}
        apps = find_apps(self.module, self.cache, self._ref, self.bound) if "App" in text or "Runner" in text else ()
        aliases = self._aliases({a.variable for a in self.agents})
        imports = self.imports if needs_imports or workflows or nodes or apps or aliases else {}
        return FileFacts(
            self.key, self.module.source.path, tuple(self.agents), functions, self.classes,
            _factories(self.module, self.bound, {a.variable for a in self.agents}) if self.agents else {},
            {**imports, **aliases}, (*initial, *loose), tuple(sessions),
            workflows, nodes, pydantic_models(self.module.tree) if "BaseModel" in text else {},
            toolsets=toolsets, apps=apps, entries=(Ref(self.key, _LOADED),) if _LOADED in aliases else (),
        )  # fmt: skip

    def _aliases(self, agents: set[str]) -> dict[str, Ref]:
        """``root_agent`` bound to another name or to a factory's call (``root_agent =
        build_agent()``), with where what it holds is defined: the model follows it as it
        follows an import, so that the folder's root is the agent the factory builds.
        ``agents`` are the variables of the module's own agents."""
        if _LOADED in agents:
            return {}
        for statement in self.module.tree.body:
            if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
                continue
            target, value = statement.targets[0], statement.value
            if not isinstance(target, ast.Name) or target.id != _LOADED:
                continue
            if isinstance(value, ast.Call) and isinstance(value.func, (ast.Name, ast.Attribute)):
                ref = self._ref(value.func) if self._agent_kind(value) is None else None
            else:
                ref = self._ref(value) if isinstance(value, ast.Name) else None
            if ref is not None and ref != Ref(self.key, _LOADED):
                return {_LOADED: ref}
        return {}

    def _graph(self) -> tuple[tuple, dict]:
        """The workflows of the module and its functions as nodes."""
        # Imported here: most modules build no workflow, and a worker should not pay for it.
        from templating.project.python.node_functions import node_functions
        from templating.project.python.workflows import workflow_facts

        text = self.module.source.text
        workflows = workflow_facts(self.module, self.key, self.bound, self._ref) if WORKFLOW_CLASS in text else ()
        return workflows, node_functions(self.module, self._ref)

    def _functions(self) -> tuple[dict[str, FunctionFacts], list[Writer]]:
        """Module-level functions by name, and the writes of every other function."""
        functions: dict[str, FunctionFacts] = {}
        loose: list[Writer] = []
        for node in self.function_nodes:
            if id(node) in self.in_classes:
                continue
            writers = self._writers(node)
            if id(node) in self.top_level:
                functions[node.name] = FunctionFacts(
                    node.name, tuple(writers), network_call(node) if self.may_fetch else None
                )
            else:
                loose.extend(writers)
        return functions, loose

    def _writers(self, function: ast.FunctionDef | ast.AsyncFunctionDef) -> list[Writer]:
        """The state writes of one function (a tool, a callback or an agent's method)."""
        if not self.writes_state:
            return []
        parameters = context_parameters(function)
        role: WriterVia = "callback" if "callback" in parameters.values() else "tool"
        writers = find_state_writes(self.module, function, parameters, role, self.key_of) if parameters else []
        if self.has_deltas:
            nodes = self.module.walk(function)
            writers += find_initial_writers(self.module, nodes, "state_delta", function.name, self.key_of)
        source = network_call(function) if writers and self.may_fetch else None
        if source is not None:
            writers = [dataclasses.replace(writer, source=source) for writer in writers]
        return writers

    def _agent_kind(self, call: ast.Call) -> AgentKind | None:
        name = called_name(call)
        if name is not None and name in self.classes:
            return self.classes[name].kind  # an agent class of the module, whatever it is given
        if name is None or not any(k.arg in _AGENT_FIELDS for k in call.keywords):
            return None
        if name in AGENT_KINDS and name not in self.imports:
            return AGENT_KINDS[name]
        if name in self.imports and name in self.adk_names:
            return AGENT_KINDS[self.adk_names[name]]
        # A class from a sibling module is checked when the model is assembled.
        project_class = name in self.imports and name[:1].isupper()
        named = any(k.arg == "name" for k in call.keywords)
        return "custom" if named and (name.endswith("Agent") or project_class) else None

    def _agent(self, call: ast.Call) -> AgentFacts:
        arguments = {k.arg: k.value for k in call.keywords if k.arg}
        name = arguments.get("name")
        refs = _Refs()
        for element in listed(self.module, call, arguments.get("sub_agents")):
            refs.add(self._ref(element, call), "sub_agents")
        if called_name(call) in self.classes:  # agents a custom agent is built with run under it
            for field, value in arguments.items():
                if field not in _AGENT_FIELDS and isinstance(value, ast.Name):
                    refs.add(self._agent_ref(value, call), "sub_agents")
        for element in listed(self.module, call, arguments.get("tools")):
            self._tool(element, refs, call)
        for field, value in arguments.items():
            if field.endswith(("_callback", "_callbacks")):
                for element in listed(self.module, call, value):
                    refs.add(self._ref(element, call), "callbacks")
                    if field.startswith("before_agent"):
                        refs.add(self._ref(element, call), "early_callbacks")
        instructions = tuple(find_call_instructions(self.module, call, self.cache))
        return AgentFacts(
            self.bound.get(id(call)) or _synthetic(call), _string(name), self._agent_kind(call) or "custom",
            self.module.source.path, call.lineno, call.col_offset + 1, instructions,
            self._output_key(arguments.get("output_key"), arguments.get("output_schema")), tuple(refs.sub_agents),
            tuple(refs.tools), tuple(refs.agent_tools), tuple(refs.callbacks), self._custom_class(call),
            tuple(refs.early_callbacks), schema_name(arguments.get("input_schema")),
            self._sources(call, listed(self.module, call, arguments.get("tools"))), "static_instruction" in arguments,
            request=request_facts(self.module, call, instructions, self.cache),
            output_schema=schema_text(arguments.get("output_schema")),
        )  # fmt: skip

    def _sources(self, call: ast.Call, tools: list[ast.expr]) -> tuple[str, ...]:
        """The third-party tools the agent holds (a name bound at module level is followed
        once), and ``RemoteA2aAgent`` if it is one."""
        found = [name for name in (called_name(call),) if name in THIRD_PARTY_AGENTS]
        constants = self.module.constants
        for element in tools:
            bound = constants.get(element.id) if isinstance(element, ast.Name) else None
            name = third_party_tool(bound if bound is not None else element)
            if name is not None:
                found.append(name)
        return tuple(dict.fromkeys(found))

    def _tool(self, element: ast.expr, refs: _Refs, at: ast.Call | None = None) -> None:
        if isinstance(element, ast.Call) and called_name(element) == TOOLSET_CLASS:
            refs.add(Ref(self.key, toolset_variable(element, self.bound)), "tools")
            return
        if isinstance(element, ast.Call) and called_name(element) in (*FUNCTION_TOOLS, "AgentTool"):
            wrapped = element.args[0] if element.args else next((k.value for k in element.keywords), None)
            if wrapped is not None:
                refs.add(self._ref(wrapped, at), "agent_tools" if called_name(element) == "AgentTool" else "tools")
            return
        refs.add(self._ref(element, at), "tools")

    def _ref(self, node: ast.expr, at: ast.Call | None = None) -> Ref | None:
        """Where a listed name lives; ``None`` if outside the project. A name no module-level
        binding explains is looked up among the locals of the function ``at`` is written in
        (an agent built there from agents it holds in locals)."""
        if isinstance(node, ast.Call):
            if self._agent_kind(node) is not None:
                return Ref(self.key, self.bound.get(id(node)) or _synthetic(node))
            node = node.func  # a factory: `make_critic()`
        if isinstance(node, ast.Name):
            if node.id in self.imports and self.imports[node.id].name:
                return self.imports[node.id]
            local = node.id in self.functions or node.id in self.bound.values() or node.id in self.classes
            if local:
                return Ref(self.key, node.id)
            value = local_value(self.module, at, node.id) if at is not None else None
            return self._ref(value) if isinstance(value, ast.Call) else None
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name):
            target = self.imports.get(node.value.id)
            return Ref(target.module, node.attr) if target and not target.name else None
        return None

    def _agent_ref(self, node: ast.Name, at: ast.Call) -> Ref | None:
        """Where ``node`` leads when it names an agent of this module (else ``None``)."""
        ref = self._ref(node, at)
        agents = {agent.variable for agent in self.agents} | set(self.bound.values())
        return ref if ref is not None and (ref.module != self.key or ref.name in agents) else None

    def _output_key(self, value: ast.expr | None, schema: ast.expr | None) -> Writer | None:
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            return None
        line = value.lineno
        return Writer(self.key_of(value), "output_key", self.module.source.path, line, value.col_offset + 1,
                      value=output_schema_type(schema), source_line=self.module.source.line_text(line),
                      suppressed=self.module.noqa.get(line, frozenset()))  # fmt: skip

    def _custom_class(self, call: ast.Call) -> Ref | None:
        name = called_name(call)
        if name in self.classes:
            return Ref(self.key, name)
        if name in self.imports and self.imports[name].name and name not in self.adk_names:
            return self.imports[name]
        return None


class _Refs:
    """The references one agent makes, by field."""

    def __init__(self) -> None:
        self.sub_agents: list[Ref] = []
        self.tools: list[Ref] = []
        self.agent_tools: list[Ref] = []
        self.callbacks: list[Ref] = []
        self.early_callbacks: list[Ref] = []

    def add(self, ref: Ref | None, field: str) -> None:
        """Record ``ref`` under ``field``; a name outside the project (``None``) is left out."""
        if isinstance(ref, Ref):
            getattr(self, field).append(ref)


def _agent_classes(class_nodes: list[ast.ClassDef], writers_of) -> tuple[dict[str, ClassFacts], set[int]]:
    """Classes deriving from an ADK agent class (or from one of those), with their writes;
    and the ids of the functions inside them (their writes are the agent's own)."""
    classes: dict[str, ClassFacts] = {}
    inside: set[int] = set()
    for node in class_nodes:
        bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
        kind = next((classes[b].kind if b in classes else AGENT_KINDS[b] for b in bases
                     if b in classes or b in AGENT_KINDS), None)  # fmt: skip
        if kind is not None:
            inside.update(id(f) for f in ast.walk(node) if isinstance(f, _Function))
            writers = [_as_agent_code(w) for f in node.body if isinstance(f, _Function) for w in writers_of(f)]
            classes[node.name] = ClassFacts(node.name, kind, tuple(writers))
    return classes, inside


def _as_agent_code(writer: Writer) -> Writer:
    via = "agent" if writer.via in ("tool", "callback") else writer.via
    # `replace` keeps what else the writer knows (a key prefix, a network source).
    return dataclasses.replace(writer, via=via, agent=None)


def _bound_names(tree: ast.Module) -> dict[int, str]:
    """The module-level name each call is assigned to, by the call node's id."""
    bound = {}
    for statement in tree.body:
        value = statement.value if isinstance(statement, (ast.Assign, ast.AnnAssign)) else None
        targets = statement.targets if isinstance(statement, ast.Assign) else [getattr(statement, "target", None)]
        if isinstance(value, ast.Call) and targets and isinstance(targets[0], ast.Name):
            bound[id(value)] = targets[0].id
    return bound


def _factories(module: PythonModule, bound: dict[int, str], agents: set[str]) -> dict[str, str]:
    """Module-level functions that return an agent built in them: name -> agent variable (one
    of ``agents``, the module's agents: a function returning any other call is no factory)."""
    factories = {}
    for statement in module.tree.body:
        if isinstance(statement, _Function):
            nodes = module.walk(statement)
            local = {t.id: n.value for n in nodes if isinstance(n, ast.Assign)
                     for t in n.targets if isinstance(t, ast.Name)}  # fmt: skip
            for node in nodes:
                if isinstance(node, ast.Return) and node.value is not None:
                    value = local.get(node.value.id, node.value) if isinstance(node.value, ast.Name) else node.value
                    if isinstance(value, ast.Call):
                        factories[statement.name] = bound.get(id(value)) or _synthetic(value)
            if factories.get(statement.name, "") not in agents:  # its last return is no agent of the module
                factories.pop(statement.name, None)
    return factories


def _synthetic(call: ast.Call) -> str:
    return f"<agent {call.lineno}:{call.col_offset + 1}>"


def _string(node: ast.expr | None) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None

"""The settings of a Python agent that shape its model request beyond its instructions.

`request_facts` reads, from an agent's keyword arguments, what google-adk 2.13.0 builds its
request from: ``description`` and ``model`` (texts, followed through constants as instructions
are), ``mode``, ``output_schema``, ``tools``, the ``disallow_transfer_to_*`` flags, a built-in
search tool that pre-3 Gemini models cannot combine with agent transfer. What the code does not
show becomes an `Unread`: an instruction field whose text is not readable (an InstructionProvider,
a value known at run time), a ``before_model_callback`` or a planner that may change the request,
a tool that adds its own instructions (`INSTRUCTING_TOOLS`).
"""

from __future__ import annotations

import ast
from typing import Any

from templating.project.model.instruction import Instruction
from templating.project.model.request_facts import RequestFacts, Unread
from templating.project.python.definitions import Namespace, find_definition
from templating.project.python.evaluate import evaluate
from templating.project.python.module import PythonModule
from templating.project.python.syntax_tree import FUNCTIONS, called_name
from templating.project.sources import SourceCache

__all__ = ["INSTRUCTING_TOOLS", "request_facts"]

#: google-adk 2.13.0 tools that append their own text to the system instruction when a request
#: is built (their ``process_llm_request``): the model does not write it out.
INSTRUCTING_TOOLS = frozenset({
    "load_memory", "LoadMemoryTool", "SkillToolset", "McpToolset", "MCPToolset", "McpTool", "MCPTool", "ExampleTool",
    "ModelConsultTool", "EnvironmentToolset", "load_mcp_resource", "LoadMcpResourceTool",
})  # fmt: skip
#: The built-in search tools Gemini models before 3 cannot combine with function calling: an
#: agent with transfer targets drops its transfer text, or fails, with one of them.
_SEARCH_TOOLS = {
    "google_search": "GoogleSearchTool", "GoogleSearchTool": "GoogleSearchTool",
    "VertexAiSearchTool": "VertexAiSearchTool", "enterprise_web_search": "EnterpriseWebSearchTool",
    "EnterpriseWebSearchTool": "EnterpriseWebSearchTool",
}  # fmt: skip
_READ_FIELDS = ("instruction", "static_instruction", "global_instruction")


def request_facts(
    module: PythonModule, call: ast.Call, instructions: tuple[Instruction, ...], cache: SourceCache
) -> RequestFacts:
    """What agent construction ``call`` sets for its request; ``instructions`` are the texts
    already read from its instruction fields."""
    arguments = {keyword.arg: keyword.value for keyword in call.keywords if keyword.arg}
    scope = _Scope(module, cache, call)
    unread: list[Unread] = []
    description = _text(arguments.get("description"), scope)
    if description is None:
        unread.append(
            _unread(module, arguments["description"], "description", "`description` is known only at run time")
        )
    model = _text(arguments.get("model"), scope) if "model" in arguments else None
    if "model" in arguments and model is None and not _is_none(arguments["model"]):
        unread.append(_unread(module, arguments["model"], "model", "`model` is not a model name the code shows"))
    found = {instruction.field for instruction in instructions}
    for field in _READ_FIELDS:
        value = arguments.get(field)
        if value is not None and field not in found and not _is_empty(value):
            unread.append(_unread(module, value, field, _why_unread(field, value, scope)))
    unread.extend(_changers(module, arguments))
    tools = arguments.get("tools")
    search, bypass = _search_tool(tools, module)
    return RequestFacts(
        "adk", description or "", model, _constant(arguments.get("mode"), str), _given(arguments.get("output_schema")),
        _given(tools) and not (isinstance(tools, (ast.List, ast.Tuple)) and not tools.elts), search, bypass,
        _flag(module, arguments, "disallow_transfer_to_parent", unread),
        _flag(module, arguments, "disallow_transfer_to_peers", unread), tuple(unread),
    )  # fmt: skip


class _Scope:
    """The names the call's arguments see, worked out only when an argument is not a literal
    (finding the function around a call walks the whole module once)."""

    def __init__(self, module: PythonModule, cache: SourceCache, call: ast.Call) -> None:
        self.module, self.cache, self.call = module, cache, call
        self._namespace: Namespace | None = None

    @property
    def namespace(self) -> Namespace:
        if self._namespace is None:
            function = self.module.enclosing_functions.get(id(self.call))
            self._namespace = Namespace(self.module, self.cache, function)
        return self._namespace


def _text(value: ast.expr | None, scope: _Scope) -> str | None:
    """The one text ``value`` evaluates to (``""`` when absent); ``None`` when it is not known."""
    if value is None or _is_none(value):
        return ""
    if isinstance(value, ast.Constant):
        return value.value if isinstance(value.value, str) else None
    texts = evaluate(value, scope.namespace)
    return texts[0].text if len(texts) == 1 and not texts[0].holes else None


def _why_unread(field: str, value: ast.expr, scope: _Scope) -> str:
    named = isinstance(value, (ast.Name, ast.Attribute))
    definition = find_definition(value, scope.namespace) if named else None  # type: ignore[arg-type]
    if isinstance(value, ast.Lambda) or (definition is not None and isinstance(definition[0], FUNCTIONS)):
        return (
            f"`{field}` is an InstructionProvider (`{ast.unparse(value)}`): google-adk sends what it returns, "
            "unfilled, and the code does not show it"
        )
    return f"`{field}` is `{_short(value)}`, a text the code does not show"


def _changers(module: PythonModule, arguments: dict[str, ast.expr]) -> list[Unread]:
    """The settings that may add to or change the request in ways the code does not show."""
    found = []
    for field in ("before_model_callback", "planner", "code_executor"):
        value = arguments.get(field)
        if value is not None and not _is_none(value):
            verb = "may change the request" if field == "before_model_callback" else "may add instructions"
            found.append(_unread(module, value, "request", f"`{field}` (`{_short(value)}`) {verb}"))
    if _constant(arguments.get("mode"), str) == "task":
        found.append(_unread(module, arguments["mode"], "request", "`mode='task'` adds the finish_task instruction"))
    for element in _elements(arguments.get("tools")):
        name = _tool_class(element, module)[0]
        if name in INSTRUCTING_TOOLS:
            found.append(_unread(module, element, "request", f"tool `{name}` adds its own instructions"))
    return found


def _search_tool(tools: ast.expr | None, module: PythonModule) -> tuple[str | None, bool]:
    for element in _elements(tools):
        name, node = _tool_class(element, module)
        if name in _SEARCH_TOOLS:
            keywords = {k.arg: k.value for k in node.keywords} if isinstance(node, ast.Call) else {}
            return _SEARCH_TOOLS[name], _constant(keywords.get("bypass_multi_tools_limit"), bool) is True
    return None, False


def _tool_class(element: ast.expr, module: PythonModule) -> tuple[str | None, ast.expr]:
    """The class or instance name a ``tools`` item is (a name bound at module level followed
    once), with the expression that builds it."""
    bound = module.constants.get(element.id) if isinstance(element, ast.Name) else None
    node = bound if isinstance(bound, ast.Call) else element
    return (called_name(node) if isinstance(node, ast.Call) else _name(node)), node


def _flag(module: PythonModule, arguments: dict[str, ast.expr], field: str, unread: list[Unread]) -> bool:
    value = arguments.get(field)
    if value is None:
        return False
    flag = _constant(value, bool)
    if flag is None:
        unread.append(_unread(module, value, "transfer", f"`{field}` is known only at run time"))
    return bool(flag)


def _constant(value: ast.expr | None, kind: type) -> Any:
    return value.value if isinstance(value, ast.Constant) and isinstance(value.value, kind) else None


def _given(value: ast.expr | None) -> bool:
    return value is not None and not _is_none(value)


def _is_none(value: ast.expr) -> bool:
    return isinstance(value, ast.Constant) and value.value is None


def _is_empty(value: ast.expr) -> bool:
    """A literal google-adk skips: ``None`` or an empty text."""
    return isinstance(value, ast.Constant) and value.value in (None, "")


def _elements(value: ast.expr | None) -> list[ast.expr]:
    if isinstance(value, (ast.List, ast.Tuple)):
        return [element for element in value.elts if not isinstance(element, ast.Starred)]
    return [value] if value is not None else []


def _name(node: ast.expr) -> str | None:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None


def _short(value: ast.expr) -> str:
    text = ast.unparse(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _unread(module: PythonModule, node: ast.expr, piece: str, what: str) -> Unread:
    return Unread(piece, what, module.source.path, node.lineno, node.col_offset + 1)

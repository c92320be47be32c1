"""What in a TypeScript/JavaScript module can read text from a third party, as far as the code
shows: the same two kinds of source the Python reader finds, on the same model
(`templating.project.model.third_party`).

- tools an agent holds that return outside text to its model (`tool_sources`): adk-js's
  ``GOOGLE_SEARCH``, ``URL_CONTEXT``, search, retrieval, MCP, artifact and memory tools; ADK-TS's
  ``GoogleSearch``, ``WebSearchTool``, ``HttpRequestTool``, ``McpToolset`` and its ready-made
  MCP servers (``McpAtp(...)``, ``getMcpTools(...)``). A tool list built by a function of the
  project (``const atpTools = await getAtpTools()``) counts when that function's code makes one;
- a tool's function that calls out to the network (`network_call`): ``fetch``, ``axios``,
  ``got``, ``ky``, ``node:http(s)``.

What it cannot see: a fetch in a helper of another module, a file or database read, the user's
own words (never counted).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from templating.project.typescript.evaluate import FUNCTION_KINDS, resolve_value
from templating.project.typescript.modules import ScriptCache, ScriptModule, unwrap

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["THIRD_PARTY_TOOLS", "network_call", "tool_sources"]

#: The tools and toolsets of both ports whose results hold text from outside the project.
THIRD_PARTY_TOOLS = frozenset({
    # adk-js 2.0.0
    "GOOGLE_SEARCH", "GoogleSearchTool", "URL_CONTEXT", "UrlContextTool", "ENTERPRISE_WEB_SEARCH",
    "EnterpriseWebSearchTool", "VertexAiSearchTool", "VertexRagRetrievalTool", "GoogleMapsGroundingTool",
    "MCPToolset", "MCPTool", "LOAD_ARTIFACTS", "LoadArtifactsTool", "LOAD_MEMORY", "LoadMemoryTool",
    "PRELOAD_MEMORY", "PreloadMemoryTool",
    # ADK-TS 0.5.9 and later
    "GoogleSearch", "WebSearchTool", "WebFetchTool", "HttpRequestTool", "McpToolset", "getMcpTools",
})  # fmt: skip
#: ADK-TS's ready-made MCP servers: ``McpAtp(...)``, ``McpTelegram(...)``, ``McpGeneric(...)``.
_MCP_SERVER = re.compile(r"Mcp[A-Z]\w*")
#: Words whose presence in a function's code means it may make a third-party tool.
_MAKES_TOOLS = re.compile(r"\b(?:" + "|".join(sorted(THIRD_PARTY_TOOLS)) + r"|Mcp[A-Z]\w*)\b")
_NETWORK = re.compile(r"\b(?P<call>fetch|axios(?:\.\w+)?|got|ky|https?\.(?:get|request))\s*\(")
_MAX_HOPS = 6  # names and functions followed from a tool to what it is


def tool_sources(tools: list[Node], module: ScriptModule, cache: ScriptCache) -> tuple[str, ...]:
    """The third-party tools among an agent's ``tools``, by name, once each."""
    found = [name for tool in tools if (name := _source(tool, module, cache, 0)) is not None]
    return tuple(dict.fromkeys(found))


def _source(node: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> str | None:
    node = unwrap(node)
    while node.type in ("await_expression", "spread_element") and node.named_children:
        node = unwrap(node.named_children[0])
    if depth > _MAX_HOPS:
        return None
    if node.type == "new_expression":
        constructor = node.child_by_field_name("constructor")
        name = module.parsed.text_of(constructor) if constructor is not None else ""
        return name if _is_tool(name) else None
    if node.type == "call_expression":
        return _call_source(node, module, cache, depth)
    if node.type == "identifier":
        name = module.parsed.text_of(node)
        if _is_tool(name):
            return name
        found = resolve_value(node, module, cache)
        return _source(found[0], found[1], cache, depth + 1) if found is not None else None
    return None


def _call_source(call: Node, module: ScriptModule, cache: ScriptCache, depth: int) -> str | None:
    """A call that makes third-party tools: a port's factory (``McpAtp(...)``), ``getTools()``
    on such a toolset, or a function of the project whose code makes one."""
    function = call.child_by_field_name("function")
    if function is None:
        return None
    if function.type == "member_expression":
        target = function.child_by_field_name("object")
        return _source(target, module, cache, depth + 1) if target is not None else None
    name = module.parsed.text_of(function)
    if _is_tool(name):
        return name
    found = resolve_value(function, module, cache) if function.type == "identifier" else None
    if found is None or unwrap(found[0]).type not in FUNCTION_KINDS:
        return None
    made = _MAKES_TOOLS.search(found[1].parsed.text_of(found[0]))
    return made.group() if made is not None else None


def _is_tool(name: str) -> bool:
    return name in THIRD_PARTY_TOOLS or _MCP_SERVER.fullmatch(name) is not None


def network_call(node: Node, module: ScriptModule) -> str | None:
    """The first call in ``node``'s code that goes out to the network (``fetch``), if any."""
    found = _NETWORK.search(module.parsed.text_of(node))
    return found.group("call") if found is not None else None

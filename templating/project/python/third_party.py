"""What in a Python module can read text from a third party, as far as the code shows.

Two kinds of source, both seen without running anything:

- tools an agent holds that return outside text to its model: google-adk's search and web
  tools, MCP, OpenAPI and other remote toolsets, artifact and memory loaders, wrapped LangChain
  or CrewAI tools (`third_party_tool`); a ``RemoteA2aAgent`` is another party itself;
- a function (a tool, a callback, a custom agent's method) that calls out to the network:
  ``urlopen``, ``requests``, ``httpx``, ``aiohttp`` (`network_call`).

What the model cannot see: a fetch in a helper of another module, a file read, a database, a
subprocess (``git clone``), the user's own words. A key those fill is not called third-party.
"""

from __future__ import annotations

import ast

from templating.project.python.syntax_tree import called_name

__all__ = ["NETWORK_WORDS", "THIRD_PARTY_AGENTS", "THIRD_PARTY_TOOLS", "network_call", "third_party_tool"]

#: google-adk tools and toolsets whose results hold text from outside the project.
THIRD_PARTY_TOOLS = frozenset({
    "google_search", "GoogleSearchTool", "url_context", "UrlContextTool", "load_web_page", "VertexAiSearchTool",
    "DiscoveryEngineSearchTool", "enterprise_web_search", "EnterpriseWebSearchTool", "google_maps_grounding",
    "GoogleMapsGroundingTool", "McpToolset", "MCPToolset", "MCPTool", "McpTool", "RemoteMcpServer",
    "OpenAPIToolset", "RestApiTool", "APIHubToolset", "ApplicationIntegrationToolset", "GmailToolset",
    "CalendarToolset", "DriveToolset", "DocsToolset", "SheetsToolset", "load_artifacts", "LoadArtifactsTool",
    "load_memory", "LoadMemoryTool", "preload_memory", "PreloadMemoryTool", "LangchainTool", "CrewaiTool",
    "GoogleSearchAgentTool", "VertexAiRagRetrieval", "BigQueryToolset",
})  # fmt: skip

#: Agent classes that are another party: their replies are that party's text.
THIRD_PARTY_AGENTS = frozenset({"RemoteA2aAgent"})

# Modules whose calls go out to the network, and functions that do wherever they come from.
_NETWORK_MODULES = frozenset({"requests", "httpx", "aiohttp", "urllib", "urllib3"})
_NETWORK_FUNCTIONS = frozenset({"urlopen", "urlretrieve"})
#: Words a module's text holds if it can call out to the network at all.
NETWORK_WORDS = (*_NETWORK_MODULES, *_NETWORK_FUNCTIONS)


def third_party_tool(element: ast.expr) -> str | None:
    """The name of the third-party tool ``element`` (an item of ``tools=[...]``) is, if any."""
    node = element.func if isinstance(element, ast.Call) else element
    name = node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else None
    return name if name in THIRD_PARTY_TOOLS else None


def network_call(function: ast.AST) -> str | None:
    """The first call in ``function`` that goes out to the network (``requests.get``), if any."""
    for node in ast.walk(function):
        if not isinstance(node, ast.Call):
            continue
        name = called_name(node)
        if name in _NETWORK_FUNCTIONS:
            return name
        root = node.func
        while isinstance(root, (ast.Attribute, ast.Call)):
            root = root.value if isinstance(root, ast.Attribute) else root.func
        if isinstance(root, ast.Name) and root.id in _NETWORK_MODULES and isinstance(node.func, ast.Attribute):
            return f"{root.id}.{node.func.attr}"
    return None

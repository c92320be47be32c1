"""Which JVM port a Java or Kotlin file programs against, from its imports.

adk-java and adk-kotlin share the ``com.google.adk`` package root, and a file in either
language may call either port: the imports decide, not the language.
"""

from __future__ import annotations

__all__ = [
    "ADK_JAVA_PACKAGE",
    "ADK_KOTLIN_PACKAGE",
    "NETWORK_CALLS",
    "THIRD_PARTY_AGENTS",
    "THIRD_PARTY_TOOLS",
    "is_network_call",
    "port_dialect",
    "third_party_name",
]  # fmt: skip

#: The package every adk-java program imports from.
ADK_JAVA_PACKAGE = "com.google.adk"
#: adk-kotlin's package; any other ``com.google.adk`` import is adk-java.
ADK_KOTLIN_PACKAGE = "com.google.adk.kt"


#: adk-java's and adk-kotlin's tools and toolsets whose results hold text from outside the
#: project (``core/src/main/java/com/google/adk/tools``, ``core/src/*/kotlin/com/google/adk/kt/tools``):
#: search and web grounding, MCP servers, integrations, artifacts and memory.
THIRD_PARTY_TOOLS = frozenset({
    "GoogleSearchTool", "GoogleSearchAgentTool", "GoogleMapsTool", "UrlContextTool", "VertexAiSearchTool",
    "VertexAiSearchAgentTool", "VertexAiRagRetrieval", "McpToolset", "McpAsyncToolset", "McpTool", "McpAsyncTool",
    "ApplicationIntegrationToolset", "LoadArtifactsTool", "LoadMemoryTool", "PreloadMemoryTool",
    "ListMcpResourcesTool", "LoadMcpResourceTool",
})  # fmt: skip
#: Agent classes that are another party: their replies are that party's text.
THIRD_PARTY_AGENTS = frozenset({"RemoteA2AAgent", "RemoteA2aAgent"})
#: Calls that read from the network on the JVM (``java.net.http``, ``URL``, OkHttp, Spring).
NETWORK_CALLS = frozenset({
    "send", "sendAsync", "openStream", "openConnection", "getForObject", "getForEntity", "postForObject",
    "retrieve", "execute", "newCall",
})  # fmt: skip
#: Receivers of those calls that name a network client (``httpClient.send``, ``url.openStream``).
_NETWORK_RECEIVERS = ("http", "client", "url", "rest", "web", "okhttp")


def third_party_name(text: str) -> str | None:
    """The third-party tool a tool expression's source text names (``new GoogleSearchTool()``,
    ``GoogleSearchTool.INSTANCE``, ``McpToolset.fromServer(...)``), if any."""
    head = text.removeprefix("new ").split("(", 1)[0].split("<", 1)[0].strip()
    parts = [part for part in head.split(".") if part]
    return next((part for part in reversed(parts) if part in THIRD_PARTY_TOOLS), None)


def is_network_call(receiver: str, name: str) -> bool:
    """Whether ``receiver.name(...)`` reads from the network, by the name of the call and of
    the object it is made on."""
    return name in NETWORK_CALLS and any(word in receiver.lower() for word in _NETWORK_RECEIVERS)


def port_dialect(imports: list[str]) -> str | None:
    """The dialect of a file importing ``imports``: ``None`` when it imports no ADK port."""
    if any(_under(name, ADK_KOTLIN_PACKAGE) for name in imports):
        return "adk-kotlin"
    if any(_under(name, ADK_JAVA_PACKAGE) for name in imports):
        return "adk-java"
    return None


def _under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")

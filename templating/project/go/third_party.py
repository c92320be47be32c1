"""Which tools of an adk-go agent return a third party's text (rules TPL021, TPL022).

adk-go's tools whose results hold text from outside the project, read from its source at
``0a51e153``: Gemini's Google Search grounding (``tool/geminitool/google_search.go``, and a
``geminitool.New`` of a ``genai.Tool`` grounding on search, URLs or maps), MCP toolsets
(``tool/mcptoolset``), and the artifact and memory loaders (``tool/loadartifactstool``,
``tool/loadmemorytool``, ``tool/preloadmemorytool``). An agent holding one answers with that
text, so what its ``OutputKey`` writes is a third party's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from templating.project.go.locals import local_values
from templating.project.go.syntax import fields, value_of

if TYPE_CHECKING:
    from tree_sitter import Node

    from templating.project.go.package import GoFile

__all__ = ["tool_sources"]

#: Composite literals and constructor calls of third-party tools, by package and name.
_TOOLS = frozenset({
    "geminitool.GoogleSearch", "mcptoolset.New", "loadartifactstool.New", "loadmemorytool.New",
    "preloadmemorytool.New",
})  # fmt: skip
#: The fields of a ``genai.Tool`` that ground the model's answer in fetched text.
_GROUNDING = frozenset({"GoogleSearch", "GoogleSearchRetrieval", "URLContext", "GoogleMaps", "Retrieval",
                        "EnterpriseWebSearch"})  # fmt: skip


def tool_sources(lists: list[Node | None], file: GoFile) -> tuple[str, ...]:
    """The third-party tools in ``lists`` (an agent's ``Tools`` and ``Toolsets`` values):
    ``[]tool.Tool{geminitool.GoogleSearch{}, ...}``, or a local holding one or the list."""
    found: list[str] = []
    for node in lists:
        for element in _elements(node, file):
            name = _tool_name(element, file)
            if name is not None:
                found.append(name)
    return tuple(dict.fromkeys(found))


def _elements(node: Node | None, file: GoFile) -> list[Node]:
    """The items of a slice literal (a local holding one followed once), else the node."""
    if node is None:
        return []
    node = _held(node, file)
    body = node.child_by_field_name("body") if node.type == "composite_literal" else None
    written = node.child_by_field_name("type")
    if body is None or written is None or written.type != "slice_type":
        return [node]
    return [_held(value_of(element), file) for element in body.named_children if element.type != "comment"]


def _held(node: Node, file: GoFile) -> Node:
    """What a local holds when it is assigned once (``search := geminitool.GoogleSearch{}``)."""
    if node.type in ("unary_expression", "parenthesized_expression") and node.named_child_count == 1:
        node = node.named_children[-1]
    if node.type == "identifier":
        values = local_values(node, file)
        if values is not None and len(values) == 1 and values[0] is not None:
            return values[0]
    return node


def _tool_name(node: Node, file: GoFile) -> str | None:
    if node.type == "composite_literal":
        written = file.parsed.text_of(node.child_by_field_name("type") or node)
        return written if written in _TOOLS else None
    function = node.child_by_field_name("function") if node.type == "call_expression" else None
    called = file.parsed.text_of(function) if function is not None else ""
    if called in _TOOLS:
        return called
    if called == "geminitool.New":
        arguments = node.child_by_field_name("arguments")
        grounding = [_grounding(argument, file) for argument in (arguments.named_children if arguments else ())]
        return next((f"geminitool.New({name})" for name in grounding if name), None)
    return None


def _grounding(node: Node, file: GoFile) -> str | None:
    """The grounding field a ``&genai.Tool{GoogleSearch: ...}`` argument sets, if any."""
    node = _held(node, file)
    body = node.child_by_field_name("body") if node.type == "composite_literal" else None
    return next((name for name in fields(body, file.parsed) if name in _GROUNDING), None) if body else None

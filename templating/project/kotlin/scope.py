"""One Kotlin file's names, gathered in one walk: imports, classes, functions, ``val``s, calls.

tree-sitter-kotlin 1.1 fails a whole file on ``fun interface`` and on a trailing comma in
type arguments (``Map<A, B,>``). When the first parse has an error, the file is parsed again
with those two spelled as the grammar reads them (``    interface``, ``Map<A, B >``: the same
length, so every offset stays the source's); what is still an error is skipped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from templating.project.kotlin.evaluate import KotlinScope
from templating.project.kotlin.vocabulary import AGENT_CLASSES
from templating.project.model.instruction import SourceFile
from templating.project.treesitter.parsing import ParsedText, parse
from templating.project.treesitter.queries import matches, query
from templating.project.treesitter.text import noqa_by_line

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["KotlinFile", "kotlin_file"]

_QUERIES = "templating.project.kotlin"
_FUN_INTERFACE = re.compile(r"\bfun(\s+)interface\b")
_TRAILING_COMMA = re.compile(r",(\s*)>")
_AGENT_BASES = frozenset({"BaseAgent", *AGENT_CLASSES})


@dataclass
class KotlinFile:
    """What one Kotlin file declares."""

    parsed: ParsedText
    source: SourceFile
    key: str
    imports: list[str] = field(default_factory=list)
    classes: set[str] = field(default_factory=set)
    agent_classes: set[str] = field(default_factory=set)
    #: Each custom agent class's constructor parameters and run order, by class (read once).
    run_orders: dict[str, tuple[list[str], list[str]] | None] = field(default_factory=dict)
    calls: list[Node] = field(default_factory=list)
    assignments: list[Node] = field(default_factory=list)
    #: ``name[key] = value`` assignments by the name indexed.
    indexed: dict[str, list[Node]] = field(default_factory=dict)
    lambdas: list[Node] = field(default_factory=list)
    noqa: dict[int, frozenset[str]] = field(default_factory=dict)
    #: The names the file uses bare (an argument, an assignment), found once asked (rule TPL016).
    handed: set[str] | None = None
    scope: KotlinScope = field(init=False)

    def __post_init__(self) -> None:
        self.scope = KotlinScope(self.parsed, self.source)

    def text(self, node: Node | None) -> str:
        """The source text of ``node`` (``""`` for none)."""
        return self.parsed.text_of(node) if node is not None else ""

    def position(self, node: Node) -> tuple[int, int]:
        """The 1-based line and column of ``node``'s start."""
        return self.source.position(self.parsed.span(node)[0])


def _grammar_text(text: str) -> str:
    """``text`` with what tree-sitter-kotlin 1.1 cannot read respelled at the same length."""
    text = _FUN_INTERFACE.sub(lambda m: " " * 3 + m.group(1) + "interface", text)
    return _TRAILING_COMMA.sub(lambda m: " " + m.group(1) + ">", text)


def kotlin_file(
    source: SourceFile, key: str, constants: Callable[[str], KotlinScope | None] | None = None
) -> KotlinFile:
    """``source`` parsed and walked once; ``constants`` finds another file's ``const val``."""
    parsed = parse("kotlin", source.text)
    if parsed.root.has_error:
        respelled = parse("kotlin", _grammar_text(source.text))
        parsed = ParsedText(respelled.tree, source.text, respelled.encoded, respelled._wide_at, respelled._extra)
    file = KotlinFile(parsed, source, key)
    for captures in matches(query(_QUERIES, "imports", "kotlin"), parsed.root):
        file.imports.extend(parsed.text_of(node) for node in captures.get("import", ()))
    comments = [(node.start_point[0] + 1, parsed.text_of(node)) for c in matches(query(_QUERIES, "comments", "kotlin"), parsed.root) for node in c["comment"]]  # fmt: skip
    file.noqa = noqa_by_line(comments)
    _walk(file)
    if constants is not None:
        file.scope.sibling = constants
    return file


def _walk(file: KotlinFile) -> None:
    stack = [file.parsed.root]
    values, templates = file.scope.values, file.scope.templates
    while stack:
        node = stack.pop()
        kind = node.type
        if kind == "property_declaration":
            declared = [c for c in node.named_children if c.type == "variable_declaration"]
            value = node.named_children[-1] if node.named_children else None
            if declared and value is not None and value.type != "variable_declaration":
                values.setdefault(file.text(declared[0].named_children[0]), []).append(value)
        elif kind in ("class_declaration", "object_declaration"):
            _class(file, node)
        elif kind == "call_expression":
            file.calls.append(node)
        elif kind == "assignment":
            file.assignments.append(node)
            target = node.named_children[0] if node.named_children else None
            if target is not None and target.type == "index_expression" and target.named_children:
                file.indexed.setdefault(file.text(target.named_children[0]), []).append(target)
        elif kind == "lambda_literal":
            file.lambdas.append(node)
        elif kind == "interpolation":
            templates[file.parsed.span(node)[0]] = node
        stack.extend(reversed(node.children))


def _class(file: KotlinFile, node: Node) -> None:
    name = next((file.text(c) for c in node.named_children if c.type == "identifier"), "")
    file.classes.add(name)
    for specifiers in (c for c in node.named_children if c.type == "delegation_specifiers"):
        for specifier in specifiers.named_children:
            written = file.text(specifier).split("(", 1)[0].split("<", 1)[0].rsplit(".", 1)[-1].strip()
            if written in _AGENT_BASES:
                file.agent_classes.add(name)

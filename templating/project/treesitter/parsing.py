"""Parse decoded text with a tree-sitter grammar; byte offsets to character offsets in one place.

A front end parses the text it holds (the decoded file with ``\\n`` line breaks), never the
file's bytes, so that the offsets tree-sitter reports count into the same text the model's
`SourceFile` holds. tree-sitter counts UTF-8 bytes; the model counts characters. For ASCII text
the two agree; otherwise `ParsedText.character_offset` converts, in logarithmic time, from a
table of the non-ASCII characters only.
"""

from __future__ import annotations

import bisect
import functools
import importlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Tree

__all__ = ["GRAMMARS", "MissingGrammarError", "ParsedText", "ancestors", "language", "parse", "with_ancestors"]

#: Each grammar's module and the function in it that returns the language, imported on first use.
GRAMMARS: dict[str, tuple[str, str]] = {
    "typescript": ("tree_sitter_typescript", "language_typescript"),
    "tsx": ("tree_sitter_typescript", "language_tsx"),
    "javascript": ("tree_sitter_javascript", "language"),
    "go": ("tree_sitter_go", "language"),
    "java": ("tree_sitter_java", "language"),
    "kotlin": ("tree_sitter_kotlin", "language"),
}


class MissingGrammarError(ImportError):
    """The tree-sitter binding or a grammar is not installed; the message names the package."""


@functools.cache
def language(grammar: str) -> Language:
    """The tree-sitter `Language` of ``grammar`` (a key of `GRAMMARS`), imported on first use."""
    module_name, function = GRAMMARS[grammar]
    try:
        import tree_sitter

        module = importlib.import_module(module_name)
    except ImportError as error:
        package = (error.name or module_name).replace("_", "-")
        raise MissingGrammarError(
            f"reading {grammar} files needs the `{package}` package, which a default install of "
            f"agent-templating has: reinstall it (`pip install agent-templating`)"
        ) from error
    return tree_sitter.Language(getattr(module, function)())


@functools.cache
def _parser(grammar: str) -> object:
    import tree_sitter

    return tree_sitter.Parser(language(grammar))


@dataclass(frozen=True, slots=True)
class ParsedText:
    """A syntax tree and the text it was parsed from, with offsets in characters."""

    tree: Tree
    text: str
    encoded: bytes
    #: Byte offsets of the characters that take more than one byte, and the extra bytes
    #: before and including each: the whole cost of counting in characters.
    _wide_at: tuple[int, ...] = field(default=(), repr=False)
    _extra: tuple[int, ...] = field(default=(), repr=False)

    @property
    def root(self) -> Node:
        """The tree's root node."""
        return self.tree.root_node

    def character_offset(self, byte: int) -> int:
        """The character offset of UTF-8 byte offset ``byte`` (a node's start or end)."""
        if not self._wide_at:
            return byte
        index = bisect.bisect_left(self._wide_at, byte)
        return byte - (self._extra[index - 1] if index else 0)

    def span(self, node: Node) -> tuple[int, int]:
        """The character offsets where ``node`` starts and ends."""
        return self.character_offset(node.start_byte), self.character_offset(node.end_byte)

    def text_of(self, node: Node) -> str:
        """The source text of ``node``."""
        start, end = self.span(node)
        return self.text[start:end]


def _wide_characters(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where the multi-byte characters of ``text`` start, in bytes, and the extra bytes so far."""
    wide_at: list[int] = []
    extra: list[int] = []
    byte = 0
    total = 0
    for character in text:
        size = len(character.encode("utf-8", "surrogatepass"))
        if size > 1:
            total += size - 1
            # Any byte offset past this character's start is past all of its bytes too: a
            # node never starts or ends inside a character.
            wide_at.append(byte)
            extra.append(total)
        byte += size
    return tuple(wide_at), tuple(extra)


def parse(grammar: str, text: str) -> ParsedText:
    """Parse ``text`` with ``grammar``; raises `MissingGrammarError` when it is not installed."""
    encoded = text.encode("utf-8", "surrogatepass")
    tree = _parser(grammar).parse(encoded)  # type: ignore[attr-defined]
    if len(encoded) == len(text):
        return ParsedText(tree, text, encoded)
    wide_at, extra = _wide_characters(text)
    return ParsedText(tree, text, encoded, wide_at, extra)


def with_ancestors(
    root: Node, nodes: Iterable[Node], kinds: frozenset[str] = frozenset()
) -> Iterator[tuple[Node, list[Node], list[int]]]:
    """Each of ``nodes`` (in tree order) with the nodes from ``root`` down to its parent,
    outermost first, and the places in that list of the nodes whose type is in ``kinds``;
    both lists are the walk's own, good until the next item.

    tree-sitter's ``Node.parent`` walks down from the root itself, so walking up to the root
    by ``.parent`` from each of many nodes costs the square of the depth, or worse: for each
    agent of ``SequentialAgent``s nested 300 deep that was 45 ms, and nesting 3,000 deep did not
    finish in a minute. This is one walk down, into only the subtrees that hold one of ``nodes``.
    """
    nodes = list(nodes)
    wanted = {node.id for node in nodes}
    starts = sorted(node.start_byte for node in nodes)
    path: list[Node] = []
    places: list[int] = []
    pending: list[Iterator[Node]] = [iter([root])]
    while pending:
        child = next(pending[-1], None)
        if child is None:
            pending.pop()
            if path:
                if places and places[-1] == len(path) - 1:
                    places.pop()
                path.pop()
            continue
        index = bisect.bisect_left(starts, child.start_byte)
        if index == len(starts) or starts[index] > child.end_byte:
            continue  # none of `nodes` is in this subtree
        if child.id in wanted:
            yield child, path, places
        if kinds and child.type in kinds:
            places.append(len(path))
        path.append(child)
        pending.append(iter(child.children))


def ancestors(root: Node, node: Node) -> list[Node]:
    """The nodes from ``root`` down to the parent of ``node``, outermost first, in one walk
    down: a walk up by ``.parent`` (which itself walks down from the root) costs the square
    of the depth, and 500 state writes in a block nested 300 deep took 3-18 s."""
    path: list[Node] = []
    current: Node | None = root
    while current is not None and current != node:
        path.append(current)
        current = current.child_with_descendant(node)
    return path

"""Queries as package data, and the one place a query runs through the tree-sitter binding.

A front end keeps its queries in ``<package>/queries/<name>.scm``. They are read and compiled
once per grammar. `matches` is the only caller of the binding's query API, so a change in that
API (it moved between binding versions) is absorbed here.
"""

from __future__ import annotations

import functools
from importlib import resources
from typing import TYPE_CHECKING

from templating.project.treesitter.parsing import language

if TYPE_CHECKING:
    from tree_sitter import Node, Query

__all__ = ["compile_query", "matches", "query"]


@functools.cache
def compile_query(grammar: str, source: str) -> Query:
    """``source`` compiled for ``grammar``, once."""
    import tree_sitter

    return tree_sitter.Query(language(grammar), source)


@functools.cache
def query(package: str, name: str, grammar: str) -> Query:
    """The query ``<package>/queries/<name>.scm`` (``package`` a dotted module name) for ``grammar``."""
    source = resources.files(package).joinpath("queries", f"{name}.scm").read_text(encoding="utf-8")
    return compile_query(grammar, source)


def matches(compiled: Query, node: Node) -> list[dict[str, list[Node]]]:
    """Each match of ``compiled`` under ``node``, in document order: its captures by name."""
    import tree_sitter

    return [captures for _, captures in tree_sitter.QueryCursor(compiled).matches(node)]

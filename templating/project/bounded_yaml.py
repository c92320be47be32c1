"""YAML read under a bound: what an alias shares is counted at every use.

PyYAML builds an alias as the very object its anchor names, so nine anchors of nine aliases
each (a "billion laughs" file of a few hundred bytes) load into a small graph of shared
objects; but anything that then walks the loaded value (a comparison, a `repr`, a
validation) walks a billion items. `load_bounded` counts the nodes of the composed document
as if every alias were expanded (once per node, with the counts of shared nodes memoized)
and refuses a document past `MAX_NODES` with a clear error, before anything is built. A
number too long for `int` (more than 4,300 digits) and nesting too deep for the parser are
refused the same way.
"""

from __future__ import annotations

import yaml

__all__ = ["MAX_NODES", "YamlBoundError", "expanded_size", "load_bounded"]

#: The most nodes a YAML document may hold with its aliases expanded.
MAX_NODES = 100_000


class YamlBoundError(yaml.YAMLError):
    """A YAML document refused for its size, its depth or a number it holds."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.problem_mark = None


def expanded_size(root: yaml.Node, limit: int = MAX_NODES) -> int:
    """The nodes under ``root`` with every alias expanded, counted without recursion and
    without expanding: a shared node's count is worked out once. Stops past ``limit``."""
    sizes: dict[int, int] = {}
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        if id(node) in sizes:
            continue
        children = _children(node)
        if children_done or not children:
            sizes[id(node)] = min(limit + 1, 1 + sum(sizes[id(child)] for child in children))
            continue
        stack.append((node, True))
        stack.extend((child, False) for child in children if id(child) not in sizes)
    return sizes[id(root)]


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    return []


def load_bounded(text: str):
    """The value of the single YAML document ``text``, as ``yaml.safe_load`` gives it;
    raises ``yaml.YAMLError`` (a `YamlBoundError` for a bound) for what it refuses."""
    loader = yaml.SafeLoader(text)
    try:
        root = loader.get_single_node()
        if root is None:
            return None
        size = expanded_size(root)
        if size > MAX_NODES:
            raise YamlBoundError(f"its aliases expand to more than {MAX_NODES:,} values")
        return loader.construct_document(root)
    except RecursionError:
        raise YamlBoundError("it is nested too deeply") from None
    except ValueError as error:
        if "integer string conversion" in str(error):  # `int()` of more than 4,300 digits
            raise YamlBoundError("a number has more than 4,300 digits") from None
        raise YamlBoundError(f"a value cannot be read: {str(error)[:200]}") from None
    finally:
        loader.dispose()

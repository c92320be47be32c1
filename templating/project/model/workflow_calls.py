"""The ``ctx.run_node`` calls of a dynamic node, indexed once for the order's questions.

An orchestrator can run thousands of children (``await ctx.run_node(step)`` in a loop unrolled,
or gathered): the order asks, for each child's reads, which gathered sibling writes a key and
whether the orchestrator writes it only after the call. Each answer looked at every call or
every write (an 8,000-step orchestrator took 22 s); these indexes answer them at once.
"""

from __future__ import annotations

from templating.project.model.facts import Writer
from templating.project.model.workflow_model import Node

__all__ = ["Orchestrators", "gathered_writers"]


def gathered_writers(node: Node) -> dict[int, dict[str, list[Node]]]:
    """For each group of ``node``'s ``ctx.run_node`` calls gathered together: the children that
    write each key (at most two per key: one other than the reader is all a read asks for)."""
    groups: dict[int, dict[str, list[Node]]] = {}
    for _, child, together in node.calls:
        if together:
            by_key = groups.setdefault(together, {})
            for key in {writer.key for writer in child.writes if writer.key is not None}:
                writers = by_key.setdefault(key, [])
                if len(writers) < 2 and all(other is not child for other in writers):
                    writers.append(child)
    return groups


class Orchestrators:
    """For each orchestrator asked about: the line of each child's first ``ctx.run_node``
    call, and the orchestrator's writes by key (found once per orchestrator)."""

    def __init__(self) -> None:
        self._found: dict[int, tuple[dict[int, int], dict[str | None, list[Writer]]]] = {}

    def of(self, owner: Node) -> tuple[dict[int, int], dict[str | None, list[Writer]]]:
        """The first call line by child (``id``) and the writes by key of ``owner``."""
        found = self._found.get(id(owner))
        if found is None:
            lines: dict[int, int] = {}
            for line, child, _ in owner.calls:
                lines.setdefault(id(child), line)
            writes: dict[str | None, list[Writer]] = {}  # a key built at run time under None
            for writer in owner.writes:
                writes.setdefault(writer.key, []).append(writer)
            found = self._found[id(owner)] = (lines, writes)
        return found

"""An agent's system instruction before any state is filled in: its pieces in the order ADK
sends them, each with the placeholders it reads. What the cache rules (TPL023, TPL024) and
`templating cache-report` ask of the request assembly: which reads land in the system
instruction, what text comes before the first value that changes, what fixed text follows it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from templating.project.model.facts import Read
from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.model.project_model import Agent, ProjectModel
from templating.project.model.request_plan import Piece, Plan

__all__ = ["SEPARATOR", "Layout", "system_pieces"]

#: How ADK joins the texts of a system instruction.
SEPARATOR = "\n\n"


def system_pieces(plan: Plan) -> list[Piece]:
    """The plan's pieces of the system instruction in their final order: the plugins' texts
    first (the last registered in front), then what the request processors appended."""
    appended = [piece for piece in plan.pieces if piece.placement == "system_instruction"]
    prepended = [piece for piece in appended if piece.prepend]
    return [*reversed(prepended), *(piece for piece in appended if not piece.prepend)]


@dataclass(frozen=True, slots=True)
class Layout:
    """An agent's system instruction as templates: each piece with the reads of its text."""

    agent: Agent
    pieces: tuple[tuple[Piece, tuple[Read, ...]], ...]

    @classmethod
    def of(cls, model: ProjectModel, plan: Plan) -> Layout:
        """The layout of ``plan``'s system instruction."""
        pieces = []
        for piece in system_pieces(plan):
            reads = model.reads_of(piece.instruction) if piece.instruction is not None and piece.injected else []
            pieces.append((piece, tuple(reads)))
        return cls(plan.agent, tuple(pieces))

    @property
    def reads(self) -> list[Read]:
        """Every read of the system instruction, in order."""
        return [read for _, reads in self.pieces for read in reads]

    @property
    def length(self) -> int:
        """The length of `text`, without building a transfer text."""
        known = sum(piece.length if piece.written is not None or piece.transfer else 1 for piece, _ in self)
        return known + len(SEPARATOR) * max(len(self.pieces) - 1, 0)

    def measure(self, measure: Callable[[str], int], breaks: Callable[[Read], bool]) -> tuple[int, int]:
        """The system instruction and its `prefix` before the first read that ``breaks``,
        measured piece by piece (a transfer text target by target, never built): their
        lengths with `len`, about their tokens with a tokenizer."""
        separator = measure(SEPARATOR)
        total = prefix = 0
        settled = False
        for index, (piece, reads) in enumerate(self):
            joint = separator if index else 0
            written = piece.written if piece.written is not None else RUNTIME_VALUE
            size = piece.transfer.size(measure) if piece.transfer is not None else measure(written)
            total += joint + size
            if settled:
                continue
            first = next((read for read in reads if breaks(read)), None)
            if piece.written is None and piece.transfer is None:
                prefix, settled = prefix + joint, True
            elif first is not None:
                prefix, settled = prefix + joint + measure(written[: first.group_start]), True
            else:
                prefix += joint + size
        return total, prefix

    def fixed_after(self, read: Read) -> int:
        """The characters of fixed text after ``read`` in the system instruction: the rest of
        its piece and every piece after it, without their placeholders (nor the pieces the
        code does not show)."""
        total, found = 0, False
        for piece, reads in self:
            if found:
                total += len(SEPARATOR) + _fixed(piece, reads, 0)
            elif any(candidate is read for candidate in reads):
                found = True
                total += _fixed(piece, reads, read.group_end)
        return total

    def __iter__(self) -> Iterator[tuple[Piece, tuple[Read, ...]]]:
        return iter(self.pieces)


def _fixed(piece: Piece, reads: tuple[Read, ...], start: int) -> int:
    """The fixed characters of ``piece`` from ``start`` on: its length without its placeholders."""
    groups = sum(read.group_end - read.group_start for read in reads if read.group_start >= start)
    return max(piece.length - start - groups, 0)

"""Sets held as Python integers: member number ``i`` is bit ``i``.

The order facts of a workflow are one set per node (the nodes surely run before it, the
routes on every path to it, the keys surely written when it starts). Along a chain of ``n``
nodes those sets hold ``1, 2, ..., n`` members: as ``frozenset`` objects that is ``n**2 / 2``
hash-table entries (about 300 MB at 2,400 nodes); as integers it is ``n**2 / 16`` bytes
(360 KB), and union and intersection are one C loop over machine words.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

__all__ = ["Numbering", "members"]

Member = TypeVar("Member", bound=Hashable)


class Numbering(Generic[Member]):
    """Members numbered in the order they are met, so that a set of them is one integer."""

    def __init__(self, known: Iterable[Member] = ()) -> None:
        self.numbers: dict[Member, int] = {}
        self.members: list[Member] = []
        for member in known:
            self.number(member)

    def number(self, member: Member) -> int:
        """The bit of ``member`` (numbered now if it is new)."""
        number = self.numbers.get(member)
        if number is None:
            number = self.numbers[member] = len(self.members)
            self.members.append(member)
        return number

    def mask(self, found: Iterable[Member]) -> int:
        """The set of ``found`` (each numbered if new)."""
        mask = 0
        for member in found:
            mask |= 1 << self.number(member)
        return mask

    def has(self, mask: int, member: Member) -> bool:
        """Whether ``member`` is in the set ``mask`` (a member never numbered is in none)."""
        number = self.numbers.get(member)
        return number is not None and (mask >> number) & 1 == 1

    def everything(self) -> int:
        """The set of every member numbered so far."""
        return (1 << len(self.members)) - 1

    def decode(self, mask: int) -> list[Member]:
        """The members of ``mask``, in number order."""
        return [self.members[number] for number in members(mask)]


def members(mask: int) -> list[int]:
    """The numbers of the bits set in ``mask`` (not negative), lowest first."""
    bits = bin(mask)[:1:-1]  # its binary digits, lowest first (without "0b")
    found = []
    at = bits.find("1")
    while at != -1:
        found.append(at)
        at = bits.find("1", at + 1)
    return found

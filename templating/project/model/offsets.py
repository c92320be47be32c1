"""The source offsets of a long instruction's characters, held as machine integers.

An instruction keeps the source offset of each of its characters. In a tuple each is a
pointer and an int object of its own: 40 bytes a character, so 30 MB of instructions in a
project (sixty of 500 KB) held 1.1 GB of offsets. `Offsets` holds them in an array of 8-byte
integers, and reads, compares, hashes and pickles as the tuple it replaces.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from typing import overload

__all__ = ["COMPACT_FROM", "Offsets"]

#: Offsets of this many characters or more are held as `Offsets`: fewer stay a tuple, which
#: costs less to make and to read.
COMPACT_FROM = 4_096


class Offsets(Sequence[int]):
    """An immutable sequence of source offsets, equal (and hashed) as the tuple of them."""

    __slots__ = ("_values",)

    def __init__(self, values: Iterable[int]) -> None:
        self._values = array("q", values)

    def __len__(self) -> int:
        return len(self._values)

    @overload
    def __getitem__(self, index: int) -> int: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[int, ...]: ...

    def __getitem__(self, index: int | slice) -> int | tuple[int, ...]:
        if isinstance(index, slice):
            return tuple(self._values[index])
        return self._values[index]

    def __iter__(self) -> Iterator[int]:
        return iter(self._values)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Offsets):
            return self._values == other._values
        if isinstance(other, tuple):  # not a range: a tuple is never equal to one either
            return len(other) == len(self) and tuple(self._values) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self._values))

    def __reduce__(self) -> tuple[type[Offsets], tuple[array[int]]]:
        return Offsets, (self._values,)  # an array pickles as its bytes

    def __repr__(self) -> str:
        return f"Offsets({len(self)} offsets from {self._values[0] if self._values else None})"

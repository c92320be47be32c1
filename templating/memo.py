"""A memo of recent results bounded by the size of what it remembers, not by a count.

An editor lints the same instructions again on every keystroke, so the parser, the literal
decoder and the checks remember their latest results. A count of entries bounds nothing when
one entry can be a 256 KB prompt with 64,000 placeholders: a linted repository of such files
grows the process by tens of megabytes per file. `Memo` weighs each entry by the characters
of the text it was computed from and of what it holds, and forgets the oldest once the total passes its bound; a text
longer than a tenth of the bound is computed afresh each time, never remembered. It also keeps
at most a count of entries: a lint run over thousands of files reads each small text once, and
every entry remembered past its use is objects the garbage collector walks again and again.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Memo"]

_Value = TypeVar("_Value")


class Memo(Generic[_Value]):
    """Remembers ``compute(key)`` for recent keys, up to ``weight`` characters in total and
    ``entries`` keys."""

    def __init__(self, weight: int, entries: int = 1024) -> None:
        self.weight = weight
        self.entries = entries
        self._entries: OrderedDict[Hashable, tuple[int, _Value]] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()  # the language server may lint from more than one thread

    def get(self, key: Hashable, compute: Callable[[], _Value], weigh: Callable[[_Value], int]) -> _Value:
        """The remembered value of ``key``, else ``compute()``, remembered when its weight
        (``weigh(value)``, in characters of text, the text it comes from included) is small
        enough."""
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
                return entry[1]
        value = compute()
        size = weigh(value)
        if size <= self.weight // 10:
            with self._lock:
                if key not in self._entries:
                    self._entries[key] = (size, value)
                    self._total += size
                while self._total > self.weight or len(self._entries) > self.entries:
                    _, (forgotten, _) = self._entries.popitem(last=False)
                    self._total -= forgotten
        return value

    def __len__(self) -> int:
        """How many results are remembered."""
        return len(self._entries)

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._entries.clear()
            self._total = 0

"""A cache of values worked out from texts, bounded by the characters it holds.

What is worked out from a text (its tokens, its syntax tree, its compiled chunks) takes memory
in proportion to the text's length, so a cache bounded by its number of entries is bounded in
nothing: a thousand copies of a 100 KB prompt, each a keystroke apart, are a thousand syntax
trees of 100 KB text. `TextCache` counts the characters of the texts its keys hold and drops
the least recently used entries past its budget; a text longer than a quarter of the budget is
worked out and not kept.
"""

from __future__ import annotations

import functools
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["TextCache"]

Value = TypeVar("Value")
_MISSING = object()


class TextCache(Generic[Value]):
    """Values by key, the most recently used kept while their texts' characters fit
    ``characters`` and their number fits ``entries``. Safe to share between threads."""

    def __init__(self, characters: int, entries: int) -> None:
        self.characters = characters
        self.entries = entries
        self._values: OrderedDict[Hashable, tuple[Value, int]] = OrderedDict()
        self._held = 0
        self._lock = threading.Lock()

    @property
    def held(self) -> int:
        """The characters of the texts now kept."""
        return self._held

    def __len__(self) -> int:
        return len(self._values)

    def get(self, key: Hashable, default: Value | None = None) -> Value | None:
        """The value kept for ``key`` (now the most recently used), else ``default``."""
        with self._lock:
            found = self._values.get(key, _MISSING)
            if found is _MISSING:
                return default
            self._values.move_to_end(key)
            return found[0]  # type: ignore[index]

    def put(self, key: Hashable, value: Value, size: int) -> None:
        """Keep ``value`` for ``key``, worked out from ``size`` characters of text."""
        if size > self.characters // 4:
            return  # one huge text would push out everything else for a single use
        with self._lock:
            previous = self._values.pop(key, None)
            if previous is not None:
                self._held -= previous[1]
            self._values[key] = (value, size)
            self._held += size
            while self._held > self.characters or len(self._values) > self.entries:
                _, (_, dropped) = self._values.popitem(last=False)
                self._held -= dropped

    def clear(self) -> None:
        """Forget every value."""
        with self._lock:
            self._values.clear()
            self._held = 0

    def memoize(self, work: Callable[..., Value]) -> Callable[..., Value]:
        """``work(text, *options)`` remembered in this cache by all its arguments, its first
        the text; an exception it raises is raised again each time, not cached."""

        @functools.wraps(work)
        def remembered(text: str, *options: Hashable) -> Value:
            key = (text, *options)
            found = self.get(key, _MISSING)  # type: ignore[arg-type]
            if found is _MISSING:
                found = work(text, *options)
                self.put(key, found, len(text))
            return found  # type: ignore[return-value]

        remembered.cache = self  # type: ignore[attr-defined]
        return remembered

"""Hand memory the C library holds free back to the system.

The parser of `ast` works in memory taken with the C library's ``malloc``; the Python objects
it makes live in pymalloc's arenas, which are mapped apart. glibc keeps what the parser frees
in its heap for later ``malloc`` calls, so the 70 MB the parser took for one 800 KB statement
stayed resident under everything read after it, and no Python object could use it.
`give_back_free_memory` returns it to the system (glibc's ``malloc_trim``); where the C
library has no such call (macOS, musl) it does nothing.
"""

from __future__ import annotations

import ctypes
import functools
from collections.abc import Callable

__all__ = ["give_back_free_memory"]


def give_back_free_memory() -> None:
    """Return the C library's free heap memory to the system, where it can."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        return ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError, TypeError):  # no C library to open (Windows), or no such call
        return None

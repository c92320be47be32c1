"""The garbage collector paused while a command reads a whole project in one go.

CPython's cycle collector runs after every 700 net allocations and, as the heap grows, walks
every live object again and again. A lint run keeps each file's result to its end and frees
syntax trees, texts and templates by reference counting; the collector's passes over a
10,000-file tree found a few hundred objects in cycles and took a fifth of a cold run (even
with a young generation of 70,000 objects, each result was still walked twice). So
`batch_collections` pauses the collector for the command and restores it after: the cyclic
garbage of one run is a few hundred objects, freed once the collector runs again (or when the
process exits). Only the command line does this; the language server, a long-lived process,
never pauses it.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["batch_collections"]


@contextmanager
def batch_collections() -> Iterator[None]:
    """Pause the cycle collector until the block ends (if it was running)."""
    running = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if running:
            gc.enable()

"""Run a function over chunks of files in worker processes, when there are enough to pay.

Starting a process and sending results back costs milliseconds; linting a file that the byte
pre-filter skips costs microseconds. So a run uses one worker per `FILES_PER_WORKER`
files, up to ``jobs`` (by default the CPUs left idle, `default_jobs`), and none (the
calling process) below that. Workers are forked where
the platform allows it (nothing to import again); the chunk function must be a module-level
function whose arguments and results pickle.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    import multiprocessing.context

__all__ = ["FILES_PER_WORKER", "default_jobs", "map_chunks"]

Item = TypeVar("Item")
Result = TypeVar("Result")
Argument = TypeVar("Argument")

#: Fewer files than this per worker and a worker costs more than it saves.
FILES_PER_WORKER = 500
# Several chunks per worker even out chunks that happen to hold the slow files.
_CHUNKS_PER_WORKER = 4


def default_jobs() -> int:
    """The CPUs this process may run on that other processes leave idle (at least one).

    A worker only pays when it gets a CPU of its own: on a machine already busy (a CI runner
    sharing its cores, other builds), forked workers queue behind the running processes and
    their start-up and pickled results make the run slower than one process. So the default
    subtracts the one-minute load average from the CPU count; ``--jobs`` overrides it."""
    cpus = _cpu_count()
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):  # no load average on this platform: trust the CPU count
        return cpus
    return max(1, min(cpus, int(cpus - load + 0.5)))


def _cpu_count() -> int:
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1


def map_chunks(
    function: Callable[[list[Item], Argument], list[Result]], items: Sequence[Item], argument: Argument, jobs: int
) -> list[Result]:
    """``function(chunk, argument)`` over chunks of ``items``, results in ``items``' order."""
    workers = min(jobs, len(items) // FILES_PER_WORKER)
    if workers < 2:
        return function(list(items), argument)
    size = -(-len(items) // (workers * _CHUNKS_PER_WORKER))
    chunks = [list(items[start : start + size]) for start in range(0, len(items), size)]
    # Imported here: a run small enough for one process (a pre-commit hook, an editor save)
    # should not pay ~10 ms for the process pool's modules.
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, mp_context=_context()) as pool:
        return [result for results in pool.map(function, chunks, [argument] * len(chunks)) for result in results]


def _context() -> multiprocessing.context.BaseContext:
    # Forking a process that runs threads can deadlock a child; forking a single-threaded one
    # is the cheapest start there is.
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()

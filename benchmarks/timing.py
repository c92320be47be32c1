"""Interleaved timing: every engine of a group is timed once per round, in rotating order,
so that the slow drift of a shared machine hits all engines alike."""

from __future__ import annotations

import asyncio
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

#: A benchmark row: a label, a zero-argument callable, and whether it returns a coroutine.
Engine = tuple[str, Callable[[], object], bool]

_LOOP = asyncio.new_event_loop()


@dataclass
class Timing:
    """Per-call seconds of one engine, one entry per round."""

    seconds: list[float]

    @property
    def median(self) -> float:
        """The median per-call time over rounds."""
        return statistics.median(self.seconds)


def call_once(function: Callable[[], object], is_async: bool) -> object:
    """Call an engine once and return its result (awaited if it is a coroutine)."""
    return _LOOP.run_until_complete(function()) if is_async else function()


def measure(engines: list[Engine], rounds: int, target: float) -> dict[str, Timing]:
    """Time every engine for ``rounds`` interleaved rounds of about ``target`` seconds each."""
    counts = {label: _calibrate(function, is_async, target) for label, function, is_async in engines}
    timings = {label: Timing([]) for label, _, _ in engines}
    for round_index in range(rounds):
        shift = round_index % len(engines)
        for label, function, is_async in engines[shift:] + engines[:shift]:
            timings[label].seconds.append(_time_loop(function, is_async, counts[label]) / counts[label])
        gc.collect()
    return timings


def paired_ratio(timing: Timing, base: Timing) -> float:
    """The median over rounds of ``timing / base`` in the same round: drift cancels out."""
    return statistics.median(a / b for a, b in zip(timing.seconds, base.seconds))


def _calibrate(function: Callable[[], object], is_async: bool, target: float) -> int:
    count = 1
    while True:
        elapsed = _time_loop(function, is_async, count)
        if elapsed >= target / 4 or count >= 1 << 24:
            return max(1, int(count * target / max(elapsed, 1e-9)))
        count *= 4


def _time_loop(function: Callable[[], object], is_async: bool, count: int) -> float:
    gc.disable()  # as timeit does: a collection in one engine's loop is noise for it alone
    try:
        if is_async:
            return _LOOP.run_until_complete(_async_loop(function, count))
        start = time.perf_counter()
        for _ in range(count):
            function()
        return time.perf_counter() - start
    finally:
        gc.enable()


async def _async_loop(function: Callable[[], object], count: int) -> float:
    start = time.perf_counter()
    for _ in range(count):
        await function()
    return time.perf_counter() - start

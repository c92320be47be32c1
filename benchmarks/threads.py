#!/usr/bin/env python
"""Renders of one compiled template from many threads, per render, against one thread.

A server renders one agent's instruction from every worker thread at once. Python runs one
thread at a time, so 32 threads cannot render faster than one; they must not render slower
either (a lock held while rendering, a cache rebuilt by each thread, a shared structure that
threads fight over would show here). For each workload (S, M, L as in ``render.py``) and each
way to render (`CompiledTemplate.render` on a dict, the generic path on another mapping,
``render_async`` on our context, `inject_session_state`), the same number of renders is made
by one thread and then split over 32 threads started together; "x one thread" is the median
over rounds of the time per render from 32 threads over the time per render from one, in
wall time and in CPU time (on a busy machine, the CPU ratio is the steadier one). The first
row renders with ``str.format_map``, which runs no code of ours: what it shows is the cost of
Python's own thread switching on this machine, the floor for every other row.

Run:  python benchmarks/threads.py [--quick] [--threads N]
"""

from __future__ import annotations

import argparse
import asyncio
import platform
import statistics
import sys
import threading
import time
import types
from collections.abc import Callable
from pathlib import Path

# Run as a script, the repository root must come first so that this checkout is measured.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import templating  # noqa: E402
from benchmarks import workloads as wl  # noqa: E402

BASELINE = "str.format_map (no templating code)"
#: A way to render: a label, and a function making ``count`` renders and returning the last.
Way = tuple[str, Callable[[int], str]]


def ways(workload: wl.Workload) -> list[Way]:
    """Each way to render ``workload``'s template, as a function of a number of renders."""
    text = wl.to_adk(workload)
    state = workload.state
    compiled = templating.compile_template(text)
    proxy = types.MappingProxyType(state)  # a mapping that is not a dict: the generic path
    context = templating.ReadonlyContext(state)

    # Each keeps only its last output: a list of every output would time the allocator.
    def fast(count: int) -> str:
        for _ in range(count):
            output = compiled.render(state)
        return output

    def generic(count: int) -> str:
        for _ in range(count):
            output = compiled.render(proxy)
        return output

    def rendered_async(count: int) -> str:
        async def renders() -> str:
            for _ in range(count):
                output = await compiled.render_async(context)
            return output

        return _thread_loop().run_until_complete(renders())

    def injected(count: int) -> str:
        async def renders() -> str:
            for _ in range(count):
                output = await templating.inject_session_state(text, context)
            return output

        return _thread_loop().run_until_complete(renders())

    format_text, format_mapping = wl.to_format(workload), {"v": wl.OptionalDict(state)}

    def baseline(count: int) -> str:
        for _ in range(count):
            output = format_text.format_map(format_mapping)
        return output

    return [
        (BASELINE, baseline),
        ("CompiledTemplate.render (dict)", fast),
        ("CompiledTemplate.render (other mapping)", generic),
        ("CompiledTemplate.render_async", rendered_async),
        ("inject_session_state", injected),
    ]


_LOOPS = threading.local()


def _thread_loop() -> asyncio.AbstractEventLoop:
    """This thread's event loop, made once: a server thread keeps its loop between renders."""
    loop = getattr(_LOOPS, "loop", None)
    if loop is None:
        loop = _LOOPS.loop = asyncio.new_event_loop()
    return loop


def one_thread(render: Callable[[int], str], count: int) -> tuple[float, float]:
    """Wall and CPU seconds for ``count`` renders in this thread."""
    start, cpu = time.perf_counter(), time.process_time()
    render(count)
    return time.perf_counter() - start, time.process_time() - cpu


def many_threads(render: Callable[[int], str], count: int, threads: int) -> tuple[float, float]:
    """Wall and CPU seconds (of the whole process) for ``count`` renders split over
    ``threads`` threads started together."""
    barrier = threading.Barrier(threads + 1)
    share = max(1, count // threads)

    def work() -> None:
        render(1)  # this thread's loop and first-use costs, before the clock starts
        barrier.wait()
        render(share)

    workers = [threading.Thread(target=work) for _ in range(threads)]
    for worker in workers:
        worker.start()
    barrier.wait()
    start, cpu = time.perf_counter(), time.process_time()
    for worker in workers:
        worker.join()
    scale = count / (share * threads)
    return (time.perf_counter() - start) * scale, (time.process_time() - cpu) * scale


def calibrate(render: Callable[[int], str], target: float) -> int:
    """A number of renders taking about ``target`` seconds in one thread."""
    count = 1
    while (elapsed := one_thread(render, count)[0]) < target / 4 and count < 1 << 22:
        count *= 4
    return max(32, int(count * target / max(elapsed, 1e-9)))


def ratio(render: Callable[[int], str], rounds: int, target: float, threads: int) -> tuple[float, float, float]:
    """Seconds per render from one thread, and the median ratios of ``threads`` threads to
    it in wall time and in CPU time."""
    count = calibrate(render, target)
    singles, walls, cpus = [], [], []
    for round_index in range(rounds):
        # In alternating order, so that a drift of a shared machine hits both alike.
        if round_index % 2:
            shared = many_threads(render, count, threads)
            single = one_thread(render, count)
        else:
            single = one_thread(render, count)
            shared = many_threads(render, count, threads)
        singles.append(single[0] / count)
        walls.append(shared[0] / single[0])
        cpus.append(shared[1] / max(single[1], 1e-9))
    return statistics.median(singles), statistics.median(walls), statistics.median(cpus)


def main(argv: list[str] | None = None) -> dict[str, list[tuple[str, float, float, float]]]:
    """Print, per workload and way, the time per render and the ratio of many threads to one."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (numbers are rough)")
    parser.add_argument("--threads", type=int, default=32, help="threads sharing the renders (default 32)")
    args = parser.parse_args(argv)
    rounds, target = (3, 0.05) if args.quick else (7, 0.4)
    print(f"python {platform.python_version()}, {platform.platform()}; {rounds} rounds, {args.threads} threads")
    results: dict[str, list[tuple[str, float, float, float]]] = {}
    for workload in (wl.small(), wl.medium(), wl.large() if not args.quick else wl.generated(300)):
        print(f"\n-- {workload.name}: {len(wl.to_adk(workload)):,} chars, {len(workload.fields):,} placeholders")
        rows = results[workload.name] = []
        for label, render in ways(workload):
            if render(1) != "".join(wl.expected_parts(workload)):
                raise SystemExit(f"{label} rendered a different text")
            seconds, wall, cpu = ratio(render, rounds, target, args.threads)
            rows.append((label, seconds, wall, cpu))
            print(f"  {label:40s} {seconds * 1e6:>10,.1f} us/render {wall:>6.2f} x wall {cpu:>6.2f} x CPU")
    return results


if __name__ == "__main__":
    main()

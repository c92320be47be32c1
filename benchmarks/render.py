#!/usr/bin/env python
"""Render throughput of this library next to the alternatives, from one process.

For each workload (S: 200 B, 3 placeholders; M: a 3.8 KB instruction, 20 placeholders;
L: 1 MB, 10,000 placeholders) every engine is checked to produce the same output, then
timed in interleaved rounds. "x join" is the median over rounds of the engine's time over
the time of ``''.join`` on the precomputed output pieces, the lower bound of any renderer.
Then compile time, compiled memory (tracemalloc), and compile time per MB from 100 KB to
10 MB.

Run:  python benchmarks/render.py [--quick] [--write-docs]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import logging
import platform
import string
import sys
import time
import tracemalloc
from pathlib import Path
from unittest import mock

# Run as a script, the repository root must come first so that this checkout is measured.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import jinja2  # noqa: E402
from google.adk.agents.invocation_context import InvocationContext, new_invocation_context_id  # noqa: E402
from google.adk.agents.llm_agent import LlmAgent  # noqa: E402
from google.adk.agents.readonly_context import ReadonlyContext  # noqa: E402
from google.adk.agents.run_config import RunConfig  # noqa: E402
from google.adk.flows.llm_flows.prompt._instructions_utils import inject_session_state as adk_inject  # noqa: E402
from google.adk.sessions.in_memory_session_service import InMemorySessionService  # noqa: E402

import templating  # noqa: E402
from benchmarks import workloads as wl  # noqa: E402
from benchmarks.report import write_docs  # noqa: E402
from benchmarks.timing import Engine, call_once, measure, paired_ratio  # noqa: E402
from templating import compiled as compiled_module  # noqa: E402
from templating.compiled import CompiledTemplate  # noqa: E402
from templating.dialects import get_dialect  # noqa: E402

LOWER_BOUND = "''.join lower bound"
OURS = "templating CompiledTemplate.render"
ADK_REGEX = "google-adk inject_session_state"


class AdkTemplate(string.Template):
    """``string.Template`` accepting scoped keys such as ``${user:name}``."""

    braceidpattern = r"(?a:(?:app:|user:|temp:)?[_a-z][_a-z0-9]*)"


def adk_context(state: dict) -> ReadonlyContext:
    """A real google-adk ReadonlyContext over an in-memory session holding ``state``."""
    service = InMemorySessionService()
    stored = {key: value for key, value in state.items() if not key.startswith("temp:")}
    session = asyncio.run(service.create_session(app_name="bench", user_id="u", state=stored))
    session.state.update(state)  # temp: keys live only on the in-memory session, as in a run
    agent = LlmAgent(name="bench_agent", model="gemini-2.0-flash", instruction="x")
    invocation = InvocationContext(
        session_service=service,
        invocation_id=new_invocation_context_id(),
        agent=agent,
        session=session,
        run_config=RunConfig(),
    )
    return ReadonlyContext(invocation)


def engines(workload: wl.Workload) -> list[Engine]:
    """Every engine's render of ``workload``, as a zero-argument callable."""
    state = workload.state
    parts = wl.expected_parts(workload)
    adk_text = wl.to_adk(workload)
    context = adk_context(state)
    compiled = templating.compile_template(adk_text)
    jinja_adk = wl.to_jinja(workload, "state")
    jinja_template = jinja2.Environment(autoescape=False, keep_trailing_newline=True).from_string(
        wl.to_jinja(workload, "s")
    )
    format_text, optional_state = wl.to_format(workload), wl.OptionalDict(state)
    format_mapping = {"v": optional_state}
    dollar_template = AdkTemplate(wl.to_string_template(workload))
    fstring = eval(compile(wl.to_fstring_source(workload), "<f-string>", "eval"))
    return [
        (LOWER_BOUND, lambda: "".join(parts), False),
        (OURS, lambda: compiled.render(state), False),
        ("f-string in a compiled function", lambda: fstring(state), False),
        ("str.format_map", lambda: format_text.format_map(format_mapping), False),
        ("string.Template.substitute", lambda: dollar_template.substitute(optional_state), False),
        ("Jinja2 compiled once", lambda: jinja_template.render(s=state), False),
        ("templating inject_session_state", lambda: templating.inject_session_state(adk_text, context), True),
        (ADK_REGEX, lambda: adk_inject(adk_text, context), True),
        ("google-adk inject_session_state (Jinja2)", lambda: adk_inject(jinja_adk, context, use_jinja2=True), True),
    ]


def check(rows: list[Engine], expected: str) -> None:
    """Fail loudly if any engine's output differs from the expected text."""
    for label, function, is_async in rows:
        output = call_once(function, is_async)
        if output != expected:
            raise SystemExit(f"{label} rendered a different text (length {len(output)} vs {len(expected)})")


def render_table(workload: wl.Workload, rounds: int, target: float, skip: set[str]) -> list[tuple]:
    """Time every engine on ``workload``; return rows of (label, seconds, x join)."""
    rows = [row for row in engines(workload) if row[0] not in skip]
    check(rows, "".join(wl.expected_parts(workload)))
    gc.collect()
    timings = measure(rows, rounds, target)
    base = timings[LOWER_BOUND]
    return [(label, timings[label].median, paired_ratio(timings[label], base)) for label, _, _ in rows]


def compile_costs(workload: wl.Workload, rounds: int) -> dict[str, float]:
    """Median seconds to compile ``workload`` (uncached) and to render it once with google-adk."""
    text = wl.to_adk(workload)
    rules = get_dialect("adk")
    context = adk_context(workload.state)
    rows = [
        ("templating compile", lambda: CompiledTemplate(text, rules), False),
        ("templating parse (full AST)", lambda: templating.parse(text), False),
        ("Jinja2 from_string", lambda: jinja2.Environment().from_string(wl.to_jinja(workload, "s")), False),
        ("one google-adk render", lambda: adk_inject(text, context), True),
    ]
    timings = measure(rows, rounds, 0.02)
    return {label: timing.median for label, timing in timings.items()}


def compiled_memory(workload: wl.Workload) -> tuple[int, int]:
    """Bytes allocated (and kept) by compiling ``workload``, and its length in characters."""
    text = wl.to_adk(workload)
    rules = get_dialect("adk")
    gc.collect()
    tracemalloc.start()
    compiled = CompiledTemplate(text, rules)
    gc.collect()
    kept, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del compiled
    return kept, len(text)


def scaling(sizes: list[int]) -> list[tuple[int, float]]:
    """Compile seconds per MB for templates of about ``sizes`` characters, all split into
    chunks (above `STREAMED_CHARACTERS` a template is compiled for streaming, which splits
    nothing: the split's own scaling is what this measures)."""
    rules = get_dialect("adk")
    results = []
    with mock.patch.object(compiled_module, "STREAMED_CHARACTERS", sys.maxsize):
        for size in sizes:
            text = wl.to_adk(wl.generated(max(1, size // 100)))
            best = min(_seconds(lambda text=text: CompiledTemplate(text, rules)) for _ in range(3))
            results.append((len(text), best / (len(text) / 1e6)))
    return results


def _seconds(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> dict:
    """Run the benchmark, print the tables, and return the numbers."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short smoke run (numbers are rough)")
    parser.add_argument("--write-docs", action="store_true", help="regenerate docs/performance table and chart")
    args = parser.parse_args(argv)
    logging.disable(logging.WARNING)
    rounds, target = (3, 0.005) if args.quick else (9, 0.05)
    print(f"python {platform.python_version()}, {platform.platform()}; {rounds} interleaved rounds")
    chosen = [wl.small(), wl.medium(), wl.large() if not args.quick else wl.generated(300)]
    results: dict = {"render": {}, "compile": {}, "memory": {}, "scaling": []}
    for workload in chosen:
        text = wl.to_adk(workload)
        print(f"\n-- {workload.name}: {len(text):,} chars, {len(workload.fields):,} placeholders")
        skip = {"google-adk inject_session_state (Jinja2)"} if len(workload.fields) > 1000 else set()
        rows = render_table(workload, rounds if len(text) < 100_000 else max(3, rounds // 2), target, skip)
        results["render"][workload.name] = rows
        for label, seconds, ratio in rows:
            print(f"  {label:44s} {1 / seconds:>14,.0f} renders/s {ratio:>9.1f} x join")
        costs = compile_costs(workload, 3)
        results["compile"][workload.name] = costs
        for label, seconds in costs.items():
            print(f"  {label:44s} {seconds * 1e3:>11.3f} ms")
        kept, size = compiled_memory(workload)
        results["memory"][workload.name] = (kept, size)
        print(f"  {'compiled memory (tracemalloc)':44s} {kept:>11,d} B = {kept / size:.2f} x source")
    sizes = [10_000, 100_000] if args.quick else [100_000, 1_000_000, 10_000_000]
    print("\n-- compile time per MB (linear parsing keeps this flat)")
    for size, per_megabyte in scaling(sizes):
        results["scaling"].append((size, per_megabyte))
        print(f"  {size:>12,d} chars {per_megabyte * 1e3:>9.1f} ms/MB")
    if args.write_docs:
        write_docs(results, ROOT / "docs")
    return results


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Explicit context-cache hits per instruction layout, before and after `split_static`.

Replays 3 sessions x 8 turns of one agent (3 function tools, a ~3,000-token policy by
google-adk's estimate) through google-adk 2.13.0's own `GeminiContextCacheManager`
(`templating.cache_simulation`), offline. `_time` changes every turn; `user:name` is set per
user when the session is created. "stable" is the share of each request's characters equal to
the previous request of its session (what a provider's implicit prefix cache could reuse).

Run:  python benchmarks/cache_layouts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from templating import split_static
from templating.cache_simulation import Layout, simulate

POLICY = "".join(
    f"Rule {number}: when a customer asks about topic {number}, answer in two short paragraphs "
    "and name the section of the handbook it comes from.\n"
    for number in range(1, 121)
)
LINE = "Current time: {_time}. You are talking to {user:name}.\n"
LAYOUTS = [
    ("F: no placeholder", Layout("F", POLICY)),
    ("A: the changing line before the policy", Layout("A", LINE + POLICY)),
    ("B: the changing line after the policy", Layout("B", POLICY + LINE)),
    ("G: only {user:name}, at the top", Layout("G", "You are talking to {user:name}.\n" + POLICY)),
    ("D: A + GlobalInstructionPlugin with {user:name}", Layout("D", LINE + POLICY, global_instruction="Call the user {user:name}.")),
    ("E: A + GlobalInstructionPlugin with {_time}", Layout("E", LINE + POLICY, global_instruction="The time is {_time}.")),
]  # fmt: skip


def main() -> None:
    changing, constant = ("_time",), ("user:name",)
    print(f"{'layout':52} {'hits before':>12} {'stable':>7} {'hits after split':>17} {'stable':>7}")
    for title, layout in LAYOUTS:
        before = simulate(layout, changing_keys=changing, session_keys=constant)
        split = split_static(layout.instruction)
        split_layout = Layout(layout.name, split.dynamic, split.static or None, layout.global_instruction)
        after = simulate(split_layout, changing_keys=changing, session_keys=constant)
        print(
            f"{title:52} {before.hits:>5}/{before.requests:<6} {before.stable_prefix / before.total:>7.0%} "
            f"{after.hits:>10}/{after.requests:<6} {after.stable_prefix / after.total:>7.0%}"
        )


if __name__ == "__main__":
    main()

"""The cache simulation under google-adk 2.13.0 gives the pattern measured by hand: a changing
value anywhere in the system instruction means no explicit cache hit, and `split_static`
brings the hits back, unless a `GlobalInstructionPlugin` reads a changing value."""

import pytest

from templating import split_static
from templating.cache_simulation import Layout, simulate

# About 3,000 tokens by ADK's estimate (characters / 4): above Gemini 2.5's 2,048-token floor.
POLICY = "".join(
    f"Rule {number}: when a customer asks about topic {number}, answer in two short paragraphs "
    "and name the section of the handbook it comes from.\n"
    for number in range(1, 121)
)
LINE = "Current time: {_time}. You are talking to {user:name}.\n"
KEYS = {"changing_keys": ("_time",), "session_keys": ("user:name",)}


def hits(layout):
    return simulate(layout, **KEYS)


def test_cache_simulation_no_placeholder_hits_after_each_first_request():
    result = hits(Layout("none", POLICY))
    assert (result.requests, result.hits, result.caches) == (24, 21, 3)


@pytest.mark.parametrize("instruction", [LINE + POLICY, POLICY + LINE], ids=["before", "after"])
def test_cache_simulation_changing_value_anywhere_defeats_the_cache(instruction):
    assert hits(Layout("changing", instruction)).hits == 0


@pytest.mark.parametrize("instruction", [LINE + POLICY, POLICY + LINE], ids=["before", "after"])
def test_cache_simulation_split_static_restores_the_hits(instruction):
    split = split_static(instruction)
    result = hits(Layout("split", split.dynamic, static_instruction=split.static))
    assert result.hits == 21
    assert result.stable_prefix / result.total >= 0.75


def test_cache_simulation_changing_global_instruction_undoes_the_split():
    split = split_static(LINE + POLICY)
    layout = Layout("global", split.dynamic, static_instruction=split.static, global_instruction="The time is {_time}.")
    assert hits(layout).hits == 0


def test_cache_simulation_session_constant_values_keep_the_hits():
    assert hits(Layout("session", "You are talking to {user:name}.\n" + POLICY)).hits == 21

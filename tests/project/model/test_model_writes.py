"""`is_seeded` answers as the scan of every writer did, one look-up per folder of the path."""

from __future__ import annotations

import posixpath

from hypothesis import given
from hypothesis import strategies as st

from templating.project.model.facts import Writer
from templating.project.model.writes import is_seeded, seeds_any_key, unknown_seed_homes

_FOLDERS = st.lists(st.sampled_from(["a", "b", "ab", "c"]), max_size=3).map("/".join)
_PATHS = st.tuples(st.booleans(), _FOLDERS, st.sampled_from(["x.py", "y.json"])).map(
    lambda parts: ("/" if parts[0] else "") + posixpath.join(parts[1], parts[2])
)


def _scan(writers: list[Writer], path: str) -> bool:
    """The definition: a non-literal initial state in the folder of ``path`` or above it."""
    folder = posixpath.dirname(path)
    for writer in writers:
        if writer.key is None and writer.via == "initial":
            home = posixpath.dirname(writer.path)
            if not home or folder == home or folder.startswith(home + "/"):
                return True
    return False


@given(st.lists(st.tuples(_PATHS, st.booleans(), st.booleans()), max_size=6), _PATHS)
def test_is_seeded_agrees_with_the_scan_of_every_writer(seeds, path):
    writers = [
        Writer(None if unknown else "k", "initial" if initial else "tool", seed, 1, 1)
        for seed, unknown, initial in seeds
    ]
    assert is_seeded(unknown_seed_homes(writers), path) == _scan(writers, path) == seeds_any_key(writers, path)


def test_a_seed_in_another_app_does_not_reach_an_agent():
    writers = [Writer(None, "initial", "apps/one/runner.py", 3, 1)]
    homes = unknown_seed_homes(writers)
    assert is_seeded(homes, "apps/one/agents/agent.py")
    assert not is_seeded(homes, "apps/two/agent.py")
    assert not is_seeded(homes, "apps/one_more/agent.py")

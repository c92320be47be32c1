"""Shared test configuration: hypothesis profiles, the command-line fixture, and no lint cache
written into the repository.

The ``ci`` profile (chosen when the ``CI`` environment variable is set) runs more examples
and never reads a stored example database, so every CI run is a fresh search.
"""

import os
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, settings

from templating.cli import main

settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "ci",
    max_examples=400,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

# A lint run writes `.templating_cache/` beside the config it reads: tests that lint the
# fixtures under tests/data would leave caches there (and an sdist built afterwards would ship
# them). The cache's own tests lint temporary folders with the cache asked for explicitly.
os.environ["TEMPLATING_NO_CACHE"] = "1"


@pytest.fixture
def run_cli(capsys) -> Callable[..., tuple[int, str, str]]:
    """Run the command line in this process: ``run_cli("lint", "agent.py")`` returns the exit
    code, what it printed on stdout and what on stderr."""

    def run(*argv: str) -> tuple[int, str, str]:
        code = main(list(argv))
        captured = capsys.readouterr()
        return code, captured.out, captured.err

    return run

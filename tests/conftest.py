"""Shared test configuration: hypothesis profiles.

The ``ci`` profile (chosen when the ``CI`` environment variable is set) runs more examples
and never reads a stored example database, so every CI run is a fresh search.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=200, deadline=None)
settings.register_profile(
    "ci",
    max_examples=400,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")

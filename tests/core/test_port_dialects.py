"""The adk-go, adk-java, adk-kotlin and adk-ts dialects render as each port's own tests say.

The vectors in `tests/data/ports/` are the test cases of each port's unit tests for its
injector, written as data with their provenance (repository, commit, file, line). An
``artifacts`` of ``null`` is a context without an artifact service; ``{}`` a service that
holds nothing; ``{"text": ...}`` a text Part.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

import templating

DATA = Path(__file__).parents[1] / "data" / "ports"
DIALECT_OF_FILE = {"adk-go": "adk-go", "adk-java": "adk-java", "adk-kotlin": "adk-kotlin", "adk-ts": "adk-ts"}
VECTORS = [
    (dialect, vector)
    for dialect in DIALECT_OF_FILE
    for vector in json.loads((DATA / f"{dialect}-vectors.json").read_text(encoding="utf-8"))
]

# What each port's exception class is here: the error kinds a test may name.
ERRORS = {
    "IllegalArgumentException": (templating.MissingKeyError, templating.MissingArtifactError),
    "Error": (templating.TemplateError,),
    "error": (templating.TemplateError,),
}


class _Artifacts:
    def __init__(self, artifacts):
        self.artifacts = artifacts

    async def load_artifact(self, filename):
        return self.artifacts.get(filename)


async def _render(template, state, artifacts, dialect):
    loader = None if artifacts is None else _Artifacts(artifacts)
    context = templating.ReadonlyContext(state, artifacts=loader)
    return await templating.inject_session_state(template, context, dialect=dialect)


@pytest.mark.parametrize(("dialect", "vector"), VECTORS, ids=[vector["id"] for _, vector in VECTORS])
def test_port_vectors_from_each_ports_tests(dialect, vector):
    expect = vector["expect"]
    run = _render(vector["template"], vector["state"], vector["artifacts"], dialect)
    if "error_class" in expect:
        with pytest.raises(ERRORS[expect["error_class"]]) as raised:
            asyncio.run(run)
        if expect["error"] is not None:
            assert raised.value.args[0] == expect["error"]
        return
    output = asyncio.run(run)
    if "output" in expect:
        assert output == expect["output"]
    for part in expect.get("output_contains", ()):
        assert part in output


def test_port_vectors_name_where_they_come_from():
    for _, vector in VECTORS:
        source = vector["source"]
        assert set(source) == {"repository", "commit", "file", "line"}
        assert len(source["commit"]) == 40 and source["line"] > 0
    assert len(VECTORS) == 73

"""Every recorded google-adk 2.13.0 vector, through google-adk's context and through ours."""

from __future__ import annotations

import pytest
from adk_oracle import adk_outcome, expected_outcome, load_vectors, make_adk_context, make_part, outcome

import templating

VECTORS = load_vectors()


def _ids(vector):
    return vector["id"]


def test_conformance_has_every_recorded_vector():
    assert len(VECTORS) == 189
    assert len({vector["id"] for vector in VECTORS}) == 189


@pytest.mark.parametrize("vector", VECTORS, ids=_ids)
async def test_conformance_through_adk_context(vector):
    context = await make_adk_context(dict(vector["state"]), vector["artifacts"])
    result = await outcome(templating.inject_session_state(vector["template"], context))
    assert result == expected_outcome(vector)


@pytest.mark.parametrize("vector", VECTORS, ids=_ids)
async def test_conformance_through_our_context(vector):
    artifacts = vector["artifacts"]
    if artifacts is not None:
        artifacts = {name: make_part(spec) for name, spec in artifacts.items()}
    context = templating.ReadonlyContext(vector["state"], agent_name="agent", artifacts=artifacts)
    result = await outcome(templating.inject_session_state(vector["template"], context))
    assert result == expected_outcome(vector)


STATE_ONLY = [v for v in VECTORS if not templating.compile_template(v["template"]).artifact_names]


@pytest.mark.parametrize("vector", STATE_ONLY, ids=_ids)
def test_conformance_sync_render_of_state_only_vectors(vector):
    compiled = templating.compile_template(vector["template"])
    try:
        result = ("output", compiled.render(vector["state"], agent_name="agent"))
    except KeyError as error:
        result = ("KeyError", error.args[0])
    assert result == expected_outcome(vector)


@pytest.mark.parametrize("vector", VECTORS, ids=_ids)
async def test_conformance_oracle_reproduces_recording(vector):
    # Guards the harness itself: google-adk must agree with what was recorded from it.
    assert await adk_outcome(vector["template"], vector["state"], vector["artifacts"]) == expected_outcome(vector)

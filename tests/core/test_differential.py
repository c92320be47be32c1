"""Differential property test: our `adk` dialect against the real google-adk 2.13.0.

For generated templates, states and artifact stores, our `inject_session_state` must give
google-adk's output, or raise the same built-in error class with the same message, both
through google-adk's own context and through ours. The artifact store behind our context
is the same google-adk `InMemoryArtifactService`, so the service's own behaviour (scoped
`user:` names, validation errors) is the same on both sides.
"""

from __future__ import annotations

import asyncio

from adk_oracle import adk_inject, make_adk_context, outcome
from hypothesis import given, settings
from strategies import artifact_stores, states, templates

import templating

EXAMPLES = 2500


class _ServiceLoader:
    """Our artifact-loader protocol over a google-adk artifact service."""

    def __init__(self, service):
        self.service = service

    async def load_artifact(self, filename):
        return await self.service.load_artifact(app_name="app", user_id="user", session_id="session", filename=filename)


async def _three_outcomes(template, state, artifacts):
    adk_context = await make_adk_context(dict(state), artifacts)
    expected = await outcome(adk_inject(template, adk_context))
    through_adk_context = await outcome(templating.inject_session_state(template, adk_context))
    service = adk_context._invocation_context.artifact_service
    loader = None if service is None else _ServiceLoader(service)
    our_context = templating.ReadonlyContext(state, agent_name="agent", artifacts=loader)
    through_our_context = await outcome(templating.inject_session_state(template, our_context))
    return expected, through_adk_context, through_our_context


@settings(max_examples=EXAMPLES)
@given(template=templates, state=states, artifacts=artifact_stores)
def test_differential_adk_dialect_equals_google_adk(template, state, artifacts):
    expected, through_adk_context, through_our_context = asyncio.run(_three_outcomes(template, state, artifacts))
    assert through_adk_context == expected
    assert through_our_context == expected

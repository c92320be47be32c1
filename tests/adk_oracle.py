"""Test support: build google-adk contexts and ask google-adk 2.13.0 for the truth.

Used by the conformance and differential tests. It builds the context exactly as the
recorded vectors were: agent ``agent``, app ``app``, user ``user``, session ``session``,
artifacts kept in a real ``InMemoryArtifactService``.
"""

from __future__ import annotations

import base64
import json
from pathlib import Path
from typing import Any

from google.adk.agents.invocation_context import InvocationContext
from google.adk.agents.llm_agent import LlmAgent
from google.adk.agents.readonly_context import ReadonlyContext as AdkReadonlyContext
from google.adk.artifacts import InMemoryArtifactService
from google.adk.flows.llm_flows.prompt import inject_session_state as adk_inject
from google.adk.sessions import InMemorySessionService, Session
from google.genai import types

VECTORS_PATH = Path(__file__).resolve().parent / "data" / "conformance" / "adk-vectors.json"

_AGENT = LlmAgent(name="agent", model="gemini-2.0-flash")


def load_vectors() -> list[dict[str, Any]]:
    """The recorded vectors, with ``{"$py": expr}`` state values evaluated."""
    vectors = json.loads(VECTORS_PATH.read_text(encoding="utf-8"))
    for vector in vectors:
        vector["state"] = {key: _decode_value(value) for key, value in vector["state"].items()}
    return vectors


def _decode_value(value: Any) -> Any:
    if isinstance(value, dict) and set(value) == {"$py"}:
        # The expressions are literals the JSON cannot hold (nan, 2**70, tuples, bytes).
        return eval(value["$py"], {"__builtins__": {"float": float}})
    return value


def make_part(spec: Any) -> types.Part:
    """A google-genai Part from a vector's artifact spec (text, or bytes and mime type)."""
    if isinstance(spec, str):
        return types.Part.from_text(text=spec)
    return types.Part.from_bytes(data=base64.b64decode(spec["bytes_b64"]), mime_type=spec["mime_type"])


async def make_adk_context(
    state: dict[str, Any], artifacts: dict[str, Any] | None, agent: LlmAgent = _AGENT
) -> AdkReadonlyContext:
    """A google-adk ReadonlyContext over ``state`` with ``artifacts`` (None: no service)."""
    session = Session(id="session", app_name="app", user_id="user", state=state)
    service = None
    if artifacts is not None:
        service = InMemoryArtifactService()
        for name, spec in artifacts.items():
            await service.save_artifact(
                app_name="app", user_id="user", session_id="session", filename=name, artifact=make_part(spec)
            )
    invocation = InvocationContext(
        invocation_id="invocation",
        agent=agent,
        session=session,
        session_service=InMemorySessionService(),
        artifact_service=service,
    )
    return AdkReadonlyContext(invocation)


async def outcome(coroutine: Any) -> tuple[str, str]:
    """Run an injection and return ``("output", text)`` or ``(error class name, args[0])``.

    The error class reported is the built-in ADK raises (``KeyError``/``ValueError``), so
    our subclasses compare equal to google-adk's plain exceptions.
    """
    try:
        return ("output", await coroutine)
    except KeyError as error:
        return ("KeyError", error.args[0])
    except ValueError as error:
        return ("ValueError", error.args[0])


def expected_outcome(vector: dict[str, Any]) -> tuple[str, str]:
    """The recorded outcome of a vector, in :func:`outcome`'s form."""
    expect = vector["expect"]
    if "output" in expect:
        return ("output", expect["output"])
    return (expect["error"], expect["message_contains"])


async def adk_outcome(template: str, state: dict[str, Any], artifacts: dict[str, Any] | None):
    """What google-adk 2.13.0 itself does with this template, state and artifacts."""
    context = await make_adk_context(dict(state), artifacts)
    return await outcome(adk_inject(template, context))

"""Shared by the workflow fixtures: the scripted model and the route plan the oracle sets.

Not a fixture itself. ``PLAN`` maps a router's name to the routes it takes, in turn; the
oracle fills it before each run (`tests/workflow_oracle.py`).
"""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.genai import types

PLAN: dict[str, list] = {}


def next_route(router: str, default: str = "") -> str:
    """The next route ``router`` takes in the current plan (``default`` once it is used up)."""
    routes = PLAN.get(router)
    return routes.pop(0) if routes else default


class ScriptedLlm(BaseLlm):
    """A model that calls each tool of the request once, in order, then answers ``ok``."""

    model: str = "scripted"

    async def generate_content_async(self, llm_request, stream=False):
        called = {part.function_response.name for content in llm_request.contents for part in content.parts or ()
                  if part.function_response is not None}  # fmt: skip
        pending = [name for name in (llm_request.tools_dict or {}) if name not in called]
        if pending:
            call = types.FunctionCall(name=pending[0], args={})
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))
            return
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="ok")]))


MODEL = ScriptedLlm()

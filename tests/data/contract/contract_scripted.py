"""Shared by the contract fixture's apps: a model that answers without a network.

Not an app. `ScriptedLlm` calls each tool of the request once, in order, then answers with its
``reply`` (JSON for an agent with an ``output_schema``); every request it gets is kept in
``REQUESTS`` as (the agent it was made for, the system instruction), so the oracle sees what
each model was sent.
"""

from __future__ import annotations

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.genai import types

REQUESTS: list[tuple[str, str]] = []


class ScriptedLlm(BaseLlm):
    """Calls each tool once, then answers ``reply``."""

    model: str = "scripted"
    reply: str = "ok"
    agent: str = ""

    async def generate_content_async(self, llm_request, stream=False):
        instruction = llm_request.config.system_instruction if llm_request.config else ""
        REQUESTS.append((self.agent, str(instruction or "")))
        called = {part.function_response.name for content in llm_request.contents for part in content.parts or ()
                  if part.function_response is not None}  # fmt: skip
        pending = [name for name in (llm_request.tools_dict or {}) if name not in called]
        if pending:
            call = types.FunctionCall(name=pending[0], args={})
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))
            return
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text=self.reply)]))


def model(agent: str, reply: str = "ok") -> ScriptedLlm:
    """A scripted model for ``agent``, answering ``reply``."""
    return ScriptedLlm(agent=agent, reply=reply)

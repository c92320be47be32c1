"""Shared by the surface fixtures: a model that calls the tools it is told to, then answers.

``CALLS`` is a list of ``(tool name, arguments)`` the model calls in turn, one a step; the test
fills it before each run. Not a fixture itself.
"""

from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.genai import types

CALLS: list[tuple[str, dict]] = []
#: The system instruction of every request the model received, in order.
SEEN: list[str] = []


class ScriptedModel(BaseLlm):
    """Calls the next tool of `CALLS`, if any, else answers ``ok``."""

    model: str = "scripted"

    async def generate_content_async(self, llm_request, stream=False):
        SEEN.append(str(llm_request.config.system_instruction or ""))
        if CALLS:
            name, arguments = CALLS.pop(0)
            call = types.FunctionCall(name=name, args=arguments)
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))
            return
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="ok")]))


MODEL = ScriptedModel()

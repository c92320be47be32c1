"""A google-adk agent whose instruction is a compiled template, run offline.

The model is a fake that records the system instruction ADK sends it and answers with it,
so this runs without network access or API keys:

    python examples/adk_agent/agent.py
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncGenerator

from google.adk.agents.llm_agent import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types

import templating

INSTRUCTION = templating.compile_template(
    "You help {user:name} plan trips. Answer in {user:language}.\n"
    "Current destination: {destination?}. Company policy: {app:policy}"
)


class EchoModel(BaseLlm):
    """A fake model: it answers with the system instruction it was sent."""

    model: str = "echo"

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        instruction = llm_request.config.system_instruction or ""
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text=instruction)]))


async def main() -> str:
    """Run one turn and return what the model received as its system instruction."""
    print("required keys:", INSTRUCTION.required_keys)
    agent = LlmAgent(name="planner", model=EchoModel(), instruction=INSTRUCTION)
    sessions = InMemorySessionService()
    runner = Runner(agent=agent, app_name="trips", session_service=sessions)
    state = {"user:name": "Ada", "user:language": "French", "app:policy": "economy class only"}
    await sessions.create_session(app_name="trips", user_id="ada", session_id="s1", state=state)
    message = types.Content(role="user", parts=[types.Part.from_text(text="Plan my week.")])
    reply = ""
    async for event in runner.run_async(user_id="ada", session_id="s1", new_message=message):
        if event.is_final_response() and event.content and event.content.parts:
            reply = event.content.parts[0].text or ""
    return reply


if __name__ == "__main__":
    print(asyncio.run(main()))

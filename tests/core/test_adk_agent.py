"""End to end: a CompiledTemplate as a real google-adk LlmAgent's instruction.

A real Runner and InMemorySessionService drive an LlmAgent whose model is a fake that
records the system instruction it is sent (no network). The compiled template must send
exactly what the plain string instruction sends.
"""

from typing import Any

import pytest
from google.adk.agents.llm_agent import LlmAgent
from google.adk.artifacts import InMemoryArtifactService
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types
from pydantic import Field

from templating import compile_template


class RecordingLlm(BaseLlm):
    """A model that records each system instruction and answers "done"."""

    model: str = "recording"
    instructions: list[Any] = Field(default_factory=list)

    async def generate_content_async(self, llm_request, stream=False):
        self.instructions.append(llm_request.config.system_instruction)
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="done")]))


async def run_agent(instruction: Any, state: dict[str, Any]) -> list[Any]:
    """Run one turn of an agent with ``instruction`` and return the instructions sent."""
    model = RecordingLlm()
    agent = LlmAgent(name="helper", model=model, instruction=instruction)
    sessions, artifacts = InMemorySessionService(), InMemoryArtifactService()
    runner = Runner(agent=agent, app_name="app", session_service=sessions, artifact_service=artifacts)
    await sessions.create_session(app_name="app", user_id="user", session_id="s1", state=state)
    await artifacts.save_artifact(
        app_name="app",
        user_id="user",
        session_id="s1",
        filename="notes.txt",
        artifact=types.Part.from_text(text="Be brief."),
    )
    message = types.Content(role="user", parts=[types.Part.from_text(text="hello")])
    async for _ in runner.run_async(user_id="user", session_id="s1", new_message=message):
        pass
    return model.instructions


STATE = {"name": "Ada", "user:lang": "fr", "app:tone": "warm", "items": [1, 2], "braces": "{name}"}


@pytest.mark.parametrize(
    "text",
    [
        "You help {name}.",
        "Speak {user:lang} in a {app:tone} tone; items {items}; unknown {missing?}.",
        "Value {braces} stays literal, {{not a key}} too.",
        "Notes: {artifact.notes.txt}",
        "No placeholders at all.",
    ],
)
async def test_adk_agent_compiled_template_sends_what_the_string_sends(text):
    expected = await run_agent(text, dict(STATE))
    received = await run_agent(compile_template(text), dict(STATE))
    assert received == expected
    assert len(received) == 1 and isinstance(received[0], str)


async def test_adk_agent_compiled_template_output_is_not_injected_again():
    [instruction] = await run_agent(compile_template("Say {braces}"), dict(STATE))
    assert "Say {name}" in instruction


async def test_adk_agent_missing_key_fails_as_the_string_does():
    failures = []
    for instruction in ("Hi {nobody}", compile_template("Hi {nobody}")):
        with pytest.raises(KeyError) as raised:
            await run_agent(instruction, dict(STATE))
        failures.append(raised.value.args[0])
    assert failures[0] == failures[1] == "Context variable not found: `nobody` in agent 'helper'."

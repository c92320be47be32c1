"""resolve_instruction: a str is injected, a provider's output is not, anything else fails."""

import pytest

from templating import InstructionProvider, ReadonlyContext, compile_template, resolve_instruction
from tests.adk_oracle import make_adk_context

STATE = {"name": "Ada", "braces": "{name}"}


async def test_resolve_instruction_injects_a_string():
    assert await resolve_instruction("Hi {name}", ReadonlyContext(STATE)) == "Hi Ada"


async def test_resolve_instruction_returns_a_sync_providers_output_as_is():
    def provider(context):
        return "Hi {name} " + context.state["name"]

    assert await resolve_instruction(provider, ReadonlyContext(STATE)) == "Hi {name} Ada"


async def test_resolve_instruction_awaits_an_async_provider():
    async def provider(context):
        return "{braces} stay"

    assert await resolve_instruction(provider, ReadonlyContext(STATE)) == "{braces} stay"


async def test_resolve_instruction_renders_a_compiled_template_once():
    template = compile_template("Hi {name}, {braces}")
    assert await resolve_instruction(template, ReadonlyContext(STATE)) == "Hi Ada, {name}"


async def test_resolve_instruction_matches_adk_canonical_instruction():
    from google.adk.agents.llm_agent import LlmAgent
    from google.adk.flows.llm_flows.prompt import inject_session_state as adk_inject

    for instruction in ("Hi {name}, {braces}", compile_template("Hi {name}, {braces}"), lambda c: "{x}"):
        agent = LlmAgent(name="agent", model="gemini-2.0-flash", instruction=instruction)
        context = await make_adk_context(dict(STATE), None, agent)
        raw, bypass = await agent.canonical_instruction(context)
        expected = raw if bypass else await adk_inject(raw, context)
        assert await resolve_instruction(instruction, context) == expected


@pytest.mark.parametrize("instruction", [None, 3, b"Hi {name}", ["Hi"]])
async def test_resolve_instruction_rejects_anything_else(instruction):
    with pytest.raises(TypeError, match=f"str or an InstructionProvider.*got {type(instruction).__name__}"):
        await resolve_instruction(instruction, ReadonlyContext(STATE))


def test_instruction_provider_protocol_recognizes_callables():
    assert isinstance(compile_template("x"), InstructionProvider)
    assert isinstance(lambda context: "x", InstructionProvider)
    assert not isinstance("x", InstructionProvider)

"""TPL027: an f-string puts a state key's name where its placeholder was meant.

The oracle is google-adk 2.13.0: the fixture agent runs with a scripted model that records
the system instruction of its request, in a session whose state holds the key. With
``{STATE_CURRENT_DOC}`` the model gets the words ``current_document`` and never the value;
with ``{{{STATE_CURRENT_DOC}}}`` it gets the value.
"""

from __future__ import annotations

import asyncio
import warnings
from pathlib import Path

import pytest
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import InMemoryRunner
from google.genai import types

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

KEYS = 'STATE_CURRENT_DOC = "current_document"\nSTATE_CRITICISM = "criticism"\n'
WRITER = 'writer = LlmAgent(name="writer", model=MODEL, instruction="Write a draft.", output_key=STATE_CURRENT_DOC)\n'
CRITIC = (
    'critic = LlmAgent(name="critic", model=MODEL, output_key=STATE_CRITICISM,\n'
    '                  instruction=f"Review this draft:\\n{DOC}\\nSay {{criticism?}} again if nothing changed.")\n'
)
ROOT = 'root_agent = SequentialAgent(name="pipeline", sub_agents=[writer, critic])\n'
IMPORTS = "from google.adk.agents import LlmAgent, SequentialAgent\nMODEL = 'gemini-2.5-flash'\n"


def _program(doc: str, critic: str = CRITIC) -> str:
    return IMPORTS + KEYS + WRITER + critic.replace("{DOC}", doc) + ROOT


def _tpl027(tmp_path: Path, text: str) -> list[tuple[int, int, str]]:
    (tmp_path / "agent.py").write_text(text, encoding="utf-8")
    findings = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    return [(f.line, f.column, f.message) for f in findings if f.code == "TPL027"]


SEEN: list[str] = []


class _Recording(BaseLlm):
    """Answers ``DRAFT-42`` and records every system instruction it is sent (in `SEEN`)."""

    model: str = "recording"

    async def generate_content_async(self, llm_request, stream=False):
        SEEN.append(str(llm_request.config.system_instruction or ""))
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="DRAFT-42")]))


def _critic_sees(doc: str) -> str:
    """The system instruction google-adk 2.13.0 sends for the critic, the writer having
    answered ``DRAFT-42`` into ``current_document``."""
    namespace: dict = {}
    program = _program(doc).replace("MODEL = 'gemini-2.5-flash'", "MODEL = RECORDING")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # ADK 2.x deprecates the 1.x composites
        exec(program, {"RECORDING": _Recording(), "__name__": "fixture"}, namespace)  # noqa: S102 - our own fixture
    SEEN.clear()

    async def run() -> None:
        runner = InMemoryRunner(agent=namespace["root_agent"], app_name="app")
        session = await runner.session_service.create_session(app_name="app", user_id="user")
        message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
        async for _ in runner.run_async(user_id="user", session_id=session.id, new_message=message):
            pass

    asyncio.run(run())
    return SEEN[-1]


def test_the_model_gets_the_keys_name_and_never_its_value_where_the_braces_were_swallowed() -> None:
    swallowed = _critic_sees("{STATE_CURRENT_DOC}")
    assert "current_document" in swallowed and "DRAFT-42" not in swallowed
    kept = _critic_sees("{{{STATE_CURRENT_DOC}}}")
    assert "DRAFT-42" in kept and "current_document" not in kept


def test_tpl027_reports_the_swallowed_placeholder_and_not_the_kept_one(tmp_path: Path) -> None:
    text = _program("{STATE_CURRENT_DOC}")
    ((line, column, message),) = _tpl027(tmp_path, text)
    row = text.splitlines()[line - 1]
    assert row.index("{STATE_CURRENT_DOC}") + 1 == column  # at the f-string's value
    assert message.startswith("`{STATE_CURRENT_DOC}` puts the key's name `current_document` into the instruction")
    assert _tpl027(tmp_path, _program("{{{STATE_CURRENT_DOC}}}")) == []


@pytest.mark.parametrize(
    "critic",
    [
        # The author names the key, in quotes.
        CRITIC.replace("{DOC}", "'{STATE_CURRENT_DOC}'"),
        # No placeholder here and none elsewhere reads `current_document`: nothing says one was meant.
        CRITIC.replace("{{criticism?}}", "nothing"),
        # Not a key of the project: nothing writes or reads `current_topic`.
        CRITIC.replace("{DOC}", "{TOPIC}").replace("critic = ", 'TOPIC = "current_topic"\ncritic = '),
    ],
)
def test_tpl027_is_silent_without_evidence_that_a_placeholder_was_meant(tmp_path: Path, critic: str) -> None:
    assert _tpl027(tmp_path, _program("{STATE_CURRENT_DOC}", critic)) == []


def test_tpl027_sees_the_key_read_as_a_placeholder_in_another_instruction(tmp_path: Path) -> None:
    # The critic's own instruction has no other placeholder, but the refiner reads the very key.
    critic = CRITIC.replace("{{criticism?}}", "nothing")
    refiner = 'refiner = LlmAgent(name="refiner", model=MODEL, instruction="Refine {current_document}.")\n'
    text = _program("{STATE_CURRENT_DOC}", critic + refiner).replace("[writer, critic]", "[writer, critic, refiner]")
    assert [message.split("`")[1] for _, _, message in _tpl027(tmp_path, text)] == ["{STATE_CURRENT_DOC}"]

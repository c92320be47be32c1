"""`app:` and `user:` keys are shared between apps that run under the same app name, as the
session services share them; other keys, and apps under other names, share nothing.

The runtime half runs two agents under google-adk 2.13.0 with one `InMemorySessionService`
(two runners, as two apps of one deployment) and records what the second one's model is sent;
the lint half asks the same of two app folders in one repository."""

from __future__ import annotations

import asyncio
import textwrap
from pathlib import Path
from typing import Any

import pytest
from google.adk.agents import LlmAgent
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types
from pydantic import Field

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings


class _Recording(BaseLlm):
    """Answers ``ok`` and keeps every system instruction it is sent."""

    model: str = "recording"
    sent: list[str] = Field(default_factory=list)

    async def generate_content_async(self, llm_request: Any, stream: bool = False):
        self.sent.append(str(llm_request.config.system_instruction))
        yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="ok")]))


def _remember(callback_context: Any) -> None:
    for key in ("app:tone", "user:name", "topic"):
        callback_context.state[key] = key.upper()


async def _second_app_sees(writer_app: str, reader_app: str, reader_user: str) -> str:
    sessions = InMemorySessionService()
    model = _Recording(sent=[])
    writer = LlmAgent(name="writer", model=model, instruction="Write.", before_agent_callback=_remember)
    reader = LlmAgent(name="reader", model=model, instruction="{app:tone?}|{user:name?}|{topic?}")
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    for agent, app, user in ((writer, writer_app, "ana"), (reader, reader_app, reader_user)):
        runner = Runner(agent=agent, app_name=app, session_service=sessions)
        session = await sessions.create_session(app_name=app, user_id=user)
        async for _ in runner.run_async(user_id=user, session_id=session.id, new_message=message):
            pass
    return model.sent[-1]


@pytest.mark.parametrize(
    ("reader_app", "reader_user", "seen"),
    [
        ("shop", "ana", "APP:TONE|USER:NAME|"),  # same name and user: both scoped keys, no session key
        ("shop", "bob", "APP:TONE||"),  # same name, another user: the app's keys only
        ("other", "ana", "||"),  # another name: nothing
    ],
)
def test_the_runtime_shares_scoped_keys_by_app_name(reader_app: str, reader_user: str, seen: str) -> None:
    assert asyncio.run(_second_app_sees("shop", reader_app, reader_user)).split("\n")[0] == seen


WRITER = """\
from google.adk.agents import LlmAgent


def remember(callback_context):
    callback_context.state["app:tone"] = "warm"
    callback_context.state["user:name"] = "Ana"
    callback_context.state["topic"] = "tea"


root_agent = LlmAgent(name="writer", instruction="Write.", before_agent_callback=remember)
"""

READER = """\
from google.adk.agents import LlmAgent

root_agent = LlmAgent(name="reader", instruction="{app:tone} {user:name} {topic}")
"""

RUNNER = """\
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService

from .agent import root_agent

runner = Runner(agent=root_agent, app_name={name!r}, session_service=InMemorySessionService())
"""


def _unwritten(root: Path) -> list[str]:
    findings = lint_paths([root], Settings(root=root)).findings
    return [f.message.split("`")[1] for f in findings if f.code == "TPL014" and "agent `reader`" in f.message]


def _app(folder: Path, agent: str, runner_name: str | None = None) -> None:
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text("", encoding="utf-8")
    (folder / "agent.py").write_text(agent, encoding="utf-8")
    if runner_name is not None:
        (folder / "main.py").write_text(RUNNER.format(name=runner_name), encoding="utf-8")


def test_apps_under_other_names_share_no_key(tmp_path: Path) -> None:
    _app(tmp_path / "writer", WRITER)
    _app(tmp_path / "reader", READER)
    assert _unwritten(tmp_path) == ["app:tone", "user:name", "topic"]


def test_runners_of_one_app_name_share_the_scoped_keys(tmp_path: Path) -> None:
    _app(tmp_path / "writer", WRITER, runner_name="shop")
    _app(tmp_path / "reader", READER, runner_name="shop")
    assert _unwritten(tmp_path) == ["topic"]


def test_an_app_object_names_the_app(tmp_path: Path) -> None:
    app = "from google.adk.apps import App\n\napp = App(name='shop', root_agent=root_agent)\n"
    _app(tmp_path / "writer", WRITER + app)
    _app(tmp_path / "reader", READER, runner_name="shop")
    assert _unwritten(tmp_path) == ["topic"]


def test_runners_of_different_names_share_nothing(tmp_path: Path) -> None:
    _app(tmp_path / "writer", WRITER, runner_name="shop")
    _app(tmp_path / "reader", READER, runner_name="library")
    assert _unwritten(tmp_path) == ["app:tone", "user:name", "topic"]


def test_folders_of_one_name_run_under_one_name_in_adk_web(tmp_path: Path) -> None:
    _app(tmp_path / "v1" / "shop", WRITER)
    _app(tmp_path / "v2" / "shop", READER)
    assert _unwritten(tmp_path) == ["topic"]


def test_the_model_records_each_written_app_name(tmp_path: Path) -> None:
    from templating.project.reading import read_project

    _app(tmp_path / "writer", WRITER, runner_name="shop")
    model = read_project([tmp_path], root=tmp_path)
    assert [(Path(folder).name, name) for folder, name in model.app_names] == [("writer", "shop")]


def test_a_workflow_run_under_a_name_shares_its_scoped_keys(tmp_path: Path) -> None:
    workflow = textwrap.dedent("""\
        from google.adk import Workflow
        from google.adk.runners import Runner


        def remember(ctx):
            ctx.state["user:name"] = "Ana"


        pipeline = Workflow(name="pipeline", edges=[("START", remember)])
        runner = Runner(node=pipeline, app_name="shop")
    """)
    _app(tmp_path / "flows", workflow)
    _app(tmp_path / "reader", READER, runner_name="shop")
    assert _unwritten(tmp_path) == ["app:tone", "topic"]

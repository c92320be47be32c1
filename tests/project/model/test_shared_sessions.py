"""Two runners that continue one session are one state: a pipeline of phases.

A program may run one ``App`` then another of the same name with the same session service
and the same session id (a review phase, then an outcome phase): google-adk 2.13.0 gives the
second runner the session the first one wrote, so its reads are served. Runners of one name on
services of their own start sessions of their own (`test_shared_app_names`). The real package
runs each program with a scripted model and decides; lint says exactly what fails.
"""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

AGENTS = """\
from google.adk.agents import LlmAgent
from google.adk.apps import App

APP_NAME = "loans"

credit = LlmAgent(name="credit", model=MODEL, instruction="Check the credit.", output_key="credit_result")
review_app = App(name=APP_NAME, root_agent=credit)

outcome = LlmAgent(name="outcome", model=MODEL, instruction="Decide on {credit_result}.")
outcome_app = App(name=APP_NAME, root_agent=outcome)
"""
#: The runner module of each shape, and whether the outcome phase finds the key.
PIPELINES = {
    "one service and session, passed to both runners": (
        """\
async def run_phases(session_service, session_id, message):
    review = Runner(app=review_app, session_service=session_service)
    async for _ in review.run_async(user_id="u", session_id=session_id, new_message=message):
        pass
    outcome_runner = Runner(app=outcome_app, session_service=session_service)
    async for _ in outcome_runner.run_async(user_id="u", session_id=session_id, new_message=message):
        pass
""",
        True,
    ),
    "one module-level service": (
        """\
SESSIONS = InMemorySessionService()


async def review_phase(session_id, message):
    review = Runner(app=review_app, session_service=SESSIONS)
    async for _ in review.run_async(user_id="u", session_id=session_id, new_message=message):
        pass


async def outcome_phase(session_id, message):
    outcome_runner = Runner(app=outcome_app, session_service=SESSIONS)
    async for _ in outcome_runner.run_async(user_id="u", session_id=session_id, new_message=message):
        pass


async def run_phases(session_service, session_id, message):
    await review_phase(session_id, message)
    await outcome_phase(session_id, message)
""",
        True,
    ),
    "a service of its own for the second runner": (
        """\
async def run_phases(session_service, session_id, message):
    review = Runner(app=review_app, session_service=session_service)
    async for _ in review.run_async(user_id="u", session_id=session_id, new_message=message):
        pass
    own = InMemorySessionService()
    session = await own.create_session(app_name=APP_NAME, user_id="u")
    outcome_runner = Runner(app=outcome_app, session_service=own)
    async for _ in outcome_runner.run_async(user_id="u", session_id=session.id, new_message=message):
        pass
""",
        False,
    ),
}
_HEADER = "from google.adk.runners import Runner\nfrom google.adk.sessions import InMemorySessionService\n\n"


def _project(root: Path, runner: str) -> Path:
    package = root / "loans"
    package.mkdir(parents=True)
    (root / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "agent.py").write_text('MODEL = "gemini-2.5-flash"\n' + AGENTS, encoding="utf-8")
    (package / "runner.py").write_text(_HEADER + "from .agent import APP_NAME, outcome_app, review_app\n\n\n" + runner)
    return package


def _outcome_finds_the_key(package: Path, monkeypatch) -> bool:
    """Run the program under google-adk with a model that answers ``ok``: whether the outcome
    phase's instruction is filled (no ``KeyError``)."""
    from google.adk.models.base_llm import BaseLlm
    from google.adk.models.llm_response import LlmResponse
    from google.adk.sessions import InMemorySessionService
    from google.genai import types

    class Scripted(BaseLlm):
        model: str = "scripted"

        async def generate_content_async(self, llm_request, stream=False):
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text="ok")]))

    monkeypatch.syspath_prepend(str(package.parent))
    for name in [n for n in sys.modules if n == "loans" or n.startswith("loans.")]:
        del sys.modules[name]
    agent = importlib.import_module("loans.agent")
    for each in (agent.credit, agent.outcome):
        each.model = Scripted()
    spec = importlib.util.spec_from_file_location("loans.runner", package / "runner.py")
    assert spec is not None and spec.loader is not None
    runner = importlib.util.module_from_spec(spec)
    sys.modules["loans.runner"] = runner
    spec.loader.exec_module(runner)

    async def main() -> None:
        service = getattr(runner, "SESSIONS", None) or InMemorySessionService()
        session = await service.create_session(app_name="loans", user_id="u")
        message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
        await runner.run_phases(service, session.id, message)

    try:
        asyncio.run(main())
    except KeyError as error:
        assert "credit_result" in str(error)
        return False
    finally:
        for name in [n for n in sys.modules if n == "loans" or n.startswith("loans.")]:
            del sys.modules[name]
    return True


@pytest.mark.parametrize("shape", list(PIPELINES))
def test_runners_continuing_one_session_share_its_state(tmp_path: Path, monkeypatch, shape: str) -> None:
    runner, shared = PIPELINES[shape]
    package = _project(tmp_path, runner)
    assert _outcome_finds_the_key(package, monkeypatch) is shared
    findings = [f for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings if f.code == "TPL014"]
    reported = [(f.message.split("`")[1], Path(f.path).name) for f in findings]
    assert reported == ([] if shared else [("credit_result", "agent.py")])


@pytest.mark.parametrize(
    "shape", ["one service and session, passed to both runners", "a service of its own for the second runner"]
)
def test_every_door_gives_the_whole_runs_answer(tmp_path: Path, monkeypatch, capsys, shape: str) -> None:
    pytest.importorskip("lsprotocol")
    from templating.cli import main
    from templating.server.workspace import Workspace

    package = _project(tmp_path, PIPELINES[shape][0])
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")

    def named(arguments: list[str]) -> list[str]:
        capsys.readouterr()
        main(["lint", "--output-format", "concise", *arguments])
        return sorted(line.split(" ")[1] for line in capsys.readouterr().out.splitlines() if " TPL014 " in line)

    monkeypatch.chdir(tmp_path)
    whole = named(["."])
    assert whole == ([] if PIPELINES[shape][1] else ["TPL014"])
    monkeypatch.chdir(package)
    assert named(["agent.py"]) == whole  # the file named from its own folder
    path = package / "agent.py"
    found = Workspace().findings(path, path.read_text(encoding="utf-8"))  # the editor's open buffer
    assert [f.code for f in found if f.code == "TPL014"] == whole

"""Test support: the real first model request of each agent of a fixture program, recorded
under google-adk 2.13.0.

A fixture (``tests/data/request/<name>/``) is a package whose ``agent.py`` defines ``app`` (an
``App``) or ``root_agent``. Every model name google-adk resolves goes to a recording model (a
``Gemini`` whose ``generate_content_async`` keeps the request and answers "ok", so the
capabilities google-adk asks of the model are Gemini's own). The app's root runs once (a
``SequentialAgent`` or a ``Workflow`` reaches its agents that way); then each model-calling agent
of the tree that has not answered yet runs as the root of its own app, with the same plugins
(its ``parent_agent`` stays set: the transfer text and the root's ``global_instruction`` are
those of its tree). For each agent, the first request: its ``config.system_instruction``, the
texts google-adk put in ``contents`` because of its instructions (the user-role parts fenced as
its own instruction), or the message of the error the run raised before it.
"""

from __future__ import annotations

import asyncio
import importlib.util
import logging
import os
import sys
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).resolve().parent / "data" / "request"
_BEGIN = "<<<BEGIN_SYSTEM_INSTRUCTION>>>"


@dataclass(frozen=True)
class Recorded:
    """An agent's first request, or the error its run raised instead (``error``)."""

    system_instruction: str | None = None
    instruction_contents: tuple[str, ...] = ()
    error: str | None = None


def record_fixture(name: str | Path, state: dict[str, Any]) -> dict[str, Recorded]:
    """Each agent's first request when fixture ``name`` (or the package folder it is) runs from
    ``state``, for the backend the environment selects (``GOOGLE_GENAI_USE_VERTEXAI``)."""
    os.environ.setdefault("OTEL_SDK_DISABLED", "true")
    logging.getLogger("google_adk").setLevel(logging.CRITICAL)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return asyncio.run(_record(_load(name), state))


def _load(name: str | Path) -> Any:
    """Import fixture ``name`` as a package of its own (its modules import each other)."""
    folder = FIXTURES / name
    package = f"request_fixture_{folder.name}"
    for module in [m for m in sys.modules if m == package or m.startswith(f"{package}.")]:
        del sys.modules[module]  # imported afresh: the recording model is registered per run
    spec = importlib.util.spec_from_file_location(
        package, folder / "__init__.py", submodule_search_locations=[str(folder)]
    )
    assert spec is not None and spec.loader is not None
    sys.modules[package] = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(sys.modules[package])
    return importlib.import_module(f"{package}.agent")


async def _record(fixture: Any, state: dict[str, Any]) -> dict[str, Recorded]:
    from google.adk.apps import App
    from google.adk.models.google_llm import Gemini
    from google.adk.models.registry import LLMRegistry

    recorded: dict[str, Recorded] = {}
    LLMRegistry.register(_recorder_class(recorded, {agent.name for agent in _llm_agents(_root(fixture))}))
    try:
        app = getattr(fixture, "app", None)
        root = _root(fixture)
        plugins = list(app.plugins) if app is not None else []
        await _run(App(name="oracle", root_agent=root, plugins=[*plugins, _tracker()]), state, recorded)
        for agent in _llm_agents(root):
            if agent.name not in recorded and agent.mode != "single_turn":  # those run as tools only
                await _run(App(name="oracle", root_agent=agent, plugins=[*plugins, _tracker()]), state, recorded)
    finally:
        LLMRegistry.register(Gemini)  # other tests resolve model names to google-adk's own class
    return recorded


async def _run(app: Any, state: dict[str, Any], recorded: dict[str, Recorded]) -> None:
    from google.adk.runners import InMemoryRunner
    from google.genai import types

    runner = InMemoryRunner(app=app)
    session = await runner.session_service.create_session(app_name="oracle", user_id="user", state=dict(state))
    message = types.Content(role="user", parts=[types.Part(text="go")])
    tracker = app.plugins[-1]
    try:
        async for _ in runner.run_async(user_id="user", session_id=session.id, new_message=message):
            pass
    except (KeyError, ValueError) as error:
        current = tracker.current or app.root_agent.name
        recorded.setdefault(current, Recorded(error=str(error.args[0]) if error.args else str(error)))


def _root(fixture: Any) -> Any:
    app = getattr(fixture, "app", None)
    return app.root_agent if app is not None else fixture.root_agent


def _tracker() -> Any:
    """A plugin that notes the agent that starts last (the one a failing run failed in)."""
    from google.adk.plugins.base_plugin import BasePlugin

    class Tracker(BasePlugin):
        current: str | None = None

        async def before_agent_callback(self, *, agent: Any, callback_context: Any) -> None:
            self.current = agent.name

    return Tracker(name="oracle_tracker")


def _llm_agents(root: Any) -> list[Any]:
    from google.adk.agents import LlmAgent

    found, stack = [], [root]
    while stack:
        agent = stack.pop()
        if isinstance(agent, LlmAgent):
            found.append(agent)
        stack.extend(reversed(getattr(agent, "sub_agents", []) or []))
    return found


def _recorder_class(recorded: dict[str, Recorded], agents: set[str]) -> Any:
    """A Gemini that records; its first answer to an agent calls the tools that run agents
    not yet recorded (``single_turn`` sub-agents are tools), then it answers "ok"."""
    from google.adk.models.google_llm import Gemini
    from google.adk.models.llm_response import LlmResponse
    from google.genai import types

    class Recorder(Gemini):
        """Keeps each agent's first request; answers "ok"."""

        @classmethod
        def supported_models(cls) -> list[str]:
            return [r"gemini-.*"]

        async def generate_content_async(self, llm_request: Any, stream: bool = False) -> Any:
            name = llm_request.config.labels.get("adk_agent_name")
            contents = tuple(
                part.text for content in llm_request.contents for part in content.parts or []
                if content.role == "user" and part.text and _BEGIN in part.text.split("\n")
            )  # fmt: skip
            first = name not in recorded
            recorded.setdefault(name, Recorded(llm_request.config.system_instruction, contents))
            tools = (
                [tool for tool in llm_request.tools_dict if tool in agents and tool not in recorded] if first else []
            )
            parts = [types.Part(function_call=types.FunctionCall(name=tool, args={"request": "go"})) for tool in tools]
            yield LlmResponse(content=types.Content(role="model", parts=parts or [types.Part(text="ok")]))

    return Recorder


#: The adk-js programs (``tests/data/request_js/<name>/src/main.ts``) and their harness.
JS_FIXTURES = Path(__file__).resolve().parent / "data" / "request_js"
JS_HARNESS = Path(__file__).resolve().parent / "request_js_oracle.mts"


def record_js_fixture(
    tsx: Path, modules: Path, name: str, state: dict[str, Any], env: dict[str, str]
) -> dict[str, Recorded]:
    """Each agent's first request when the adk-js program ``name`` runs from ``state`` under
    ``@google/adk`` (installed in ``modules``), in the environment ``env`` adds."""
    import json
    import shutil
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        shutil.copytree(JS_FIXTURES / name, work, dirs_exist_ok=True)
        shutil.copy(JS_HARNESS, work / JS_HARNESS.name)
        (work / "node_modules").symlink_to(modules)
        done = subprocess.run(
            [str(tsx), JS_HARNESS.name, "src/main.ts", json.dumps(state)], cwd=work, capture_output=True, text=True,
            timeout=300, check=False, env={**os.environ, **env},
        )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    return {name: Recorded(record.get("systemInstruction"), (), record.get("error")) for name, record in found.items()}

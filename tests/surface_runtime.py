"""Test support: run the instruction-surface fixtures (``tests/data/surfaces``) under
google-adk 2.13.0 with a scripted model, and lint a copy of them.

A fixture folder holds an ``agent.py`` binding ``root_agent`` (and ``app`` when it registers
plugins); the scripted model (``tests/data/surfaces/scripted.py``) calls the tools `run` is
given, one a step, and records the system instruction of every request.
"""

from __future__ import annotations

import asyncio
import importlib.util
import shutil
import sys
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

from google.adk.runners import InMemoryRunner, Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

FIXTURES = Path(__file__).resolve().parent / "data" / "surfaces"
USER = "user"


def load(name: str) -> ModuleType:
    """Import the ``agent.py`` of fixture folder ``name`` (the fixtures' folder on the path)."""
    if str(FIXTURES) not in sys.path:
        sys.path.insert(0, str(FIXTURES))
    spec = importlib.util.spec_from_file_location(f"surface_fixture_{name}", FIXTURES / name / "agent.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(
    name: str, state: dict[str, Any], calls: list[tuple[str, dict]]
) -> tuple[list[str], list[dict], Exception | None]:
    """Run fixture ``name`` once from ``state``, the model calling ``calls`` in turn: the system
    instructions the model saw, the tool responses, and the error the run ended with."""
    module = load(name)
    import scripted  # importable once the fixtures' folder is on the path

    scripted.CALLS[:] = list(calls)
    scripted.SEEN.clear()
    responses: list[dict] = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        error = asyncio.run(_run(module, state, responses))
    return list(scripted.SEEN), responses, error


async def _run(module: ModuleType, state: dict[str, Any], responses: list[dict]) -> Exception | None:
    app = getattr(module, "app", None)
    if app is not None:
        runner = Runner(app=app, session_service=InMemorySessionService())
        app_name = app.name
    else:
        runner = InMemoryRunner(agent=module.root_agent, app_name="surfaces")
        app_name = "surfaces"
    session = await runner.session_service.create_session(app_name=app_name, user_id=USER, state=state)
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    try:
        async for event in runner.run_async(user_id=USER, session_id=session.id, new_message=message):
            responses.extend(part.function_response.response for part in (event.content.parts if event.content else ())
                             if part.function_response is not None)  # fmt: skip
    except Exception as error:  # noqa: BLE001 - the failure is what the test compares with the linter
        return error
    return None


def lint_copy(
    name: str, destination: Path, extra: dict[str, str] | None = None
) -> list[tuple[str, int, int, str, str]]:
    """Lint a copy of fixture ``name`` in ``destination`` (the repository's own config leaves
    ``tests/data`` out), with ``extra`` files added: ``(path, line, column, code, message)``."""
    target = destination / name
    shutil.copytree(FIXTURES / name, target)
    for relative, text in (extra or {}).items():
        (target / relative).write_text(text)
    return lint_folder(target, destination)


def lint_folder(folder: Path, root: Path) -> list[tuple[str, int, int, str, str]]:
    """Lint ``folder`` with the default settings of a project at ``root``: each finding's
    ``(path relative to root, line, column, code, message)``."""
    result = lint_paths([folder], Settings(root=root), jobs=1, cache=False)
    return [(Path(f.path).relative_to(root).as_posix(), f.line, f.column, f.code, f.message) for f in result.findings]

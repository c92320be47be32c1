"""Test support: run fixture workflows under google-adk 2.13.0 and record which reads fail.

A fixture (``tests/data/workflows/*.py``) is an ordinary ADK 2.x program: it binds ``root``
(a ``Workflow`` or an agent) and ``SCENARIOS``, a list of route plans (for each router, the
routes it takes in turn, read through ``scenario.next_route``). It may define
``async def start(runner, message)`` to create the session and run it its own way (seeding
state with ``create_session(state=...)`` or ``run_async(state_delta=...)``), so that the
linter sees those writers in the code.

The model is scripted (``scenario.ScriptedLlm``): it calls each of the agent's tools once, then answers
``"ok"``. Nothing fails fast: a required placeholder whose key is not in state at the moment
ADK injects it is recorded as ``(agent, key)`` and rendered empty, and a function-node
parameter ADK cannot bind from state is recorded as ``(node, parameter)`` and bound to
``None``, so that one run sees every read of its route. The union over the scenarios is what
the linter must report, no more and no less.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import importlib.util
import re
import sys
import warnings
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from google.adk.agents import BaseAgent
from google.adk.flows.llm_flows.prompt import _instructions_utils
from google.adk.runners import InMemoryRunner
from google.adk.workflow import _function_node, _node_runner
from google.adk.workflow._errors import WorkflowDataError
from google.genai import types

FIXTURES = Path(__file__).resolve().parent / "data" / "workflows"
APP = "oracle"
USER = "user"
_MISSING_PARAMETER = re.compile(r'Missing value for parameter "(\w+)" of function "(\w+)"')


class Recorder:
    """The reads that failed: ``(agent or node name, key)``; and the nodes that ran more than
    once in one run (``repeated``), to check what TPL018 says."""

    def __init__(self) -> None:
        self.failures: set[tuple[str, str]] = set()
        self.runs: collections.Counter[str] = collections.Counter()
        self.repeated: set[str] = set()
        self.scenarios: list[collections.Counter[str]] = []

    @contextlib.contextmanager
    def installed(self) -> Iterator[None]:
        """Patch ADK's injector and function-node binding to record instead of raising."""
        render = _instructions_utils._render_with_regex
        resolve = _function_node.FunctionNode._resolve_parameters
        run = _node_runner.NodeRunner.run
        recorder = self

        async def counting_run(runner: Any, *args: Any, **kwargs: Any) -> Any:
            recorder.runs[runner._node.name] += 1
            return await run(runner, *args, **kwargs)

        async def recording_render(template: str, readonly_context: Any) -> str:
            state = readonly_context._invocation_context.session.state
            return await render(
                recorder._soften(template, state, readonly_context.agent_name),
                readonly_context,
            )

        def recording_resolve(node: Any, node_input: Any, *, state: Any = None) -> Any:
            values = dict(state.to_dict()) if hasattr(state, "to_dict") else dict(state or {})
            while True:
                try:
                    return resolve(node, node_input, state=values)
                except WorkflowDataError as error:
                    match = _MISSING_PARAMETER.search(str(error))
                    if match is None or match.group(1) in values:
                        raise
                    recorder.failures.add((match.group(2), match.group(1)))
                    values[match.group(1)] = None

        _instructions_utils._render_with_regex = recording_render
        _function_node.FunctionNode._resolve_parameters = recording_resolve
        _node_runner.NodeRunner.run = counting_run
        try:
            yield
        finally:
            _instructions_utils._render_with_regex = render
            _function_node.FunctionNode._resolve_parameters = resolve
            _node_runner.NodeRunner.run = run

    def _soften(self, template: str, state: Any, agent: str) -> str:
        """``template`` with each required read of a missing key made optional, recorded."""

        def soften(match: re.Match[str]) -> str:
            name = match.group().lstrip("{").rstrip("}").strip()
            if name.endswith("?") or name.startswith("artifact.") or not _instructions_utils._is_valid_state_name(name):
                return match.group()
            if name not in state:
                self.failures.add((agent, name))
                return "{" + name + "?}"
            return match.group()

        return _instructions_utils._TEMPLATE_VAR_PATTERN.sub(soften, template)


def load_fixture(name: str, path: Path | None = None) -> ModuleType:
    """Import the fixture ``name`` (the fixtures' folder first on the path, for ``scenario``),
    from ``path`` when it lives elsewhere (a program with files beside it)."""
    path = path or FIXTURES / f"{name}.py"
    if str(FIXTURES) not in sys.path:
        sys.path.insert(0, str(FIXTURES))
    spec = importlib.util.spec_from_file_location(f"workflow_fixture_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # the 1.x composites warn when built
        spec.loader.exec_module(module)
    return module


def run_fixture(name: str) -> set[tuple[str, str]]:
    """Every ``(agent or node, key)`` read that failed on some scenario of fixture ``name``."""
    return run_fixture_recorded(name).failures


def run_fixture_recorded(name: str, path: Path | None = None) -> Recorder:
    """What running fixture ``name`` (from ``path``, if given) on each of its scenarios recorded."""
    module = load_fixture(name, path)
    import scenario  # the fixtures' shared route plan, importable once the folder is on the path

    recorder = Recorder()
    with recorder.installed(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for plan in getattr(module, "SCENARIOS", [{}]):
            scenario.PLAN.clear()
            scenario.PLAN.update({router: list(routes) for router, routes in plan.items()})
            recorder.runs.clear()
            asyncio.run(_run_once(module))
            recorder.repeated |= {node for node, count in recorder.runs.items() if count > 1}
            recorder.scenarios.append(collections.Counter(recorder.runs))
    return recorder


async def _run_once(module: ModuleType) -> None:
    root = module.root
    runner = (
        InMemoryRunner(agent=root, app_name=APP)
        if isinstance(root, BaseAgent)
        else InMemoryRunner(node=root, app_name=APP)
    )
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    start = getattr(module, "start", None)
    if start is not None:
        await start(runner, message)
        return
    session = await runner.session_service.create_session(app_name=APP, user_id=USER)
    async for _ in runner.run_async(user_id=USER, session_id=session.id, new_message=message):
        pass


def fixture_names() -> list[str]:
    """Every fixture, by name (``scenario`` is their shared helper, not a fixture)."""
    return sorted(path.stem for path in FIXTURES.glob("*.py") if path.stem != "scenario")

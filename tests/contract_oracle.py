"""Test support: run the contract fixture's apps (``tests/data/contract/``) under google-adk
2.13.0, as their runs and their evals run them, and record what fails.

Each app is a package binding ``root_agent`` (an agent or a ``Workflow``), built with the scripted
model of ``tests/data/contract/contract_scripted.py``.

- `run_app` runs one app from a given initial state with `workflow_oracle.Recorder`'s patches
  (a missing required placeholder or function-node parameter is recorded, not raised) and two of
  its own: an optional read of a missing key is recorded too, and so is each write a
  ``state_schema`` refuses (``StateSchemaError``), so that one run sees every read and write.
- `run_eval` runs each case of an eval file, or the session of an ``initial.session.json``, as
  ``adk eval`` does (the inference step of `LocalEvalService`: `EvaluationGenerator` with ADK's
  eval plugins), patching nothing: what it records is what a user's eval meets.
- `refused_parameters` builds a one-node workflow per function node of an app with its
  ``state_schema``, as ``Workflow(...)`` does, and records the parameter each build refuses.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import json
import sys
import warnings
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from google.adk import Workflow
from google.adk.agents import BaseAgent
from google.adk.evaluation.eval_case import SessionInput
from google.adk.evaluation.eval_set import EvalSet
from google.adk.evaluation.evaluation_generator import EvaluationGenerator
from google.adk.evaluation.simulation.user_simulator_provider import UserSimulatorProvider
from google.adk.flows.llm_flows.prompt import _instructions_utils
from google.adk.runners import InMemoryRunner
from google.adk.sessions import state as state_module
from google.adk.workflow import _function_node
from google.genai import types
from workflow_oracle import Recorder

FIXTURE = Path(__file__).resolve().parent / "data" / "contract"
APPS = ("greeter", "trip", "checker", "reporter", "counter")
USER = "user"


@dataclass
class Run:
    """What one run of an app recorded."""

    failures: set[tuple[str, str]] = field(default_factory=set)
    optional: set[tuple[str, str]] = field(default_factory=set)
    refused: set[str] = field(default_factory=set)
    state: dict[str, Any] = field(default_factory=dict)
    requests: list[tuple[str, str]] = field(default_factory=list)


class _ContractRecorder(Recorder):
    """`Recorder`, recording optional reads of missing keys as well."""

    def __init__(self) -> None:
        super().__init__()
        self.optional: set[tuple[str, str]] = set()

    def _soften(self, template: str, state: Any, agent: str) -> str:
        for match in _instructions_utils._TEMPLATE_VAR_PATTERN.finditer(template):
            name = match.group().lstrip("{").rstrip("}").strip()
            if name.endswith("?") and _instructions_utils._is_valid_state_name(name[:-1]) and name[:-1] not in state:
                self.optional.add((agent, name[:-1]))
        return super()._soften(template, state, agent)


@contextlib.contextmanager
def _fixture_on_path() -> Iterator[None]:
    """The fixture folder importable (its apps and ``contract_scripted``), for the length of a test."""
    sys.path.insert(0, str(FIXTURE))
    try:
        yield
    finally:
        sys.path.remove(str(FIXTURE))


def load_app(name: str) -> Any:
    """The ``root_agent`` of app ``name``, built with google-adk's ``state_schema`` check off
    (the checker app's own build fails: `refused_parameters` asks that check)."""
    check = Workflow._validate_state_schema
    Workflow._validate_state_schema = lambda self: None  # type: ignore[method-assign]
    try:
        with _fixture_on_path(), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            for module in [m for m in sys.modules if m == name or m.startswith(f"{name}.") or m == "contract_scripted"]:
                del sys.modules[module]
            return importlib.import_module(f"{name}.agent")
    finally:
        Workflow._validate_state_schema = check  # type: ignore[method-assign]


def builds(name: str) -> str:
    """How building app ``name`` as its module does ends: ``"built"`` or the error."""
    with _fixture_on_path(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        sys.modules.pop(f"{name}.agent", None)
        sys.modules.pop(name, None)
        try:
            importlib.import_module(f"{name}.agent")
        except Exception as error:  # noqa: BLE001 - the outcome is the answer
            return f"{type(error).__name__}: {error}"
    return "built"


def run_app(name: str, state: dict[str, Any] | None = None) -> Run:
    """Run app ``name`` once from ``state``, recording every read and write that fails."""
    module = load_app(name)
    with _fixture_on_path():
        scripted = importlib.import_module("contract_scripted")
    scripted.REQUESTS.clear()
    recorder = _ContractRecorder()
    run = Run()

    def recording_validate(schema: Any, key: str, value: Any) -> None:
        try:
            validate(schema, key, value)
        except state_module.StateSchemaError:
            run.refused.add(key)

    def recording_resolve(node: Any, node_input: Any, *, state: Any = None) -> Any:
        values = dict(state.to_dict()) if hasattr(state, "to_dict") else dict(state or {})
        for parameter in node._sig.parameters.values() if node.parameter_binding == "state" else ():
            if parameter.name in values or parameter.name in ("node_input", node._context_param_name):
                continue
            if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
                continue
            if parameter.default is not parameter.empty:
                recorder.optional.add((node.name, parameter.name))  # ADK binds its default
                continue
            recorder.failures.add((node.name, parameter.name))  # ADK raises `WorkflowDataError`
            kind = parameter.annotation
            values[parameter.name] = kind() if kind in (str, int, float, bool, list, dict) else None
        return resolve(node, node_input, state=values)

    with recorder.installed(), warnings.catch_warnings():
        validate = state_module._validate_state_entry
        resolve = _function_node.FunctionNode._resolve_parameters
        state_module._validate_state_entry = recording_validate
        _function_node.FunctionNode._resolve_parameters = recording_resolve
        try:
            warnings.simplefilter("ignore")
            run.state = asyncio.run(_run_once(module.root_agent, dict(state or {})))
        finally:
            state_module._validate_state_entry = validate
            _function_node.FunctionNode._resolve_parameters = resolve
    run.failures, run.optional, run.requests = recorder.failures, recorder.optional, list(scripted.REQUESTS)
    return run


async def _run_once(root: Any, state: dict[str, Any]) -> dict[str, Any]:
    runner = InMemoryRunner(agent=root, app_name="oracle") if isinstance(root, BaseAgent) else InMemoryRunner(
        node=root, app_name="oracle")  # fmt: skip
    session = await runner.session_service.create_session(app_name="oracle", user_id=USER, state=state)
    message = types.Content(role="user", parts=[types.Part.from_text(text="go")])
    async for _ in runner.run_async(user_id=USER, session_id=session.id, new_message=message):
        pass
    done = await runner.session_service.get_session(app_name="oracle", user_id=USER, session_id=session.id)
    assert done is not None
    return dict(done.state)


def run_eval(app: str, file: Path) -> dict[str, str]:
    """Each eval case of ``file`` (or the session of an ``initial.session.json``) run against app
    ``app`` as ``adk eval`` runs it: ``{case id: "ran" or the error}``."""
    module = load_app(app)
    text = file.read_text(encoding="utf-8")
    if file.name == "initial.session.json":
        session = json.loads(text)
        cases = {"session": SessionInput(app_name=session["app_name"], user_id=session["user_id"],
                                         state=session["state"])}  # fmt: skip
        conversation = EvalSet.model_validate({"eval_set_id": "s", "eval_cases": [{"eval_id": "session", "conversation": [
            {"invocation_id": "i", "user_content": {"role": "user", "parts": [{"text": "go"}]}}]}]}).eval_cases  # fmt: skip
        plans = {"session": conversation[0]}
    else:
        eval_set = EvalSet.model_validate_json(text)
        cases = {case.eval_id: case.session_input for case in eval_set.eval_cases}
        plans = {case.eval_id: case for case in eval_set.eval_cases}
    outcomes = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case_id, session_input in cases.items():
            try:
                asyncio.run(EvaluationGenerator._generate_inferences_from_root_agent(
                    root_agent=module.root_agent, user_simulator=UserSimulatorProvider().provide(plans[case_id]),
                    initial_session=session_input))  # fmt: skip
                outcomes[case_id] = "ran"
            except Exception as error:  # noqa: BLE001 - the outcome is the answer
                outcomes[case_id] = f"{type(error).__name__}: {error}"
    return outcomes


def refused_parameters(app: str) -> set[tuple[str, str]]:
    """Each function node of app ``app`` that google-adk's build-time check refuses under the
    app's ``state_schema``, with the parameter it names: ``(node, parameter)``."""
    root = load_app(app).root_agent
    refused = set()
    for node in root.graph.nodes:
        if isinstance(node, _function_node.FunctionNode):
            try:
                Workflow(name="probe", state_schema=root.state_schema, edges=[("START", node)])
            except state_module.StateSchemaError as error:
                refused.add((node.name, str(error).split("parameter ")[1].split("'")[1]))
    return refused

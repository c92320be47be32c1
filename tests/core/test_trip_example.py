"""The bundled ADK 2.x example (``examples/trip_workflow``): run under google-adk 2.13.0 with a
scripted model on every route, the reads that fail are exactly the two its docs page shows the
linter reporting, and the page shows its current findings."""

from __future__ import annotations

import asyncio
import importlib.util
import warnings
from pathlib import Path

import pytest
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.adk.runners import InMemoryRunner
from google.genai import types

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.graph import format_graph
from templating.project.reading import read_project

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "trip_workflow"
LONG_PLAN = "Day 1: old town walk, market lunch, harbour dinner. Day 2: museum, park picnic, concert."


class TripModel(BaseLlm):
    """Answers each agent of the example by its instruction: ``classify`` with ``verdict``, the
    planner by loading its skill and then the next of ``plans``, the others ``ok``."""

    model: str = "trip-scripted"
    verdict: str = "PLAN"
    plans: list[str] = []  # noqa: RUF012 - a pydantic field: each model gets its own copy
    skill_texts: list[str] = []  # noqa: RUF012 - a pydantic field: each model gets its own copy

    async def generate_content_async(self, llm_request, stream=False):
        system = str(llm_request.config.system_instruction or "")
        responses = [part.function_response.response for content in llm_request.contents
                     for part in content.parts or () if part.function_response is not None]  # fmt: skip
        if system.startswith("Can we plan"):
            yield _text(self.verdict)
        elif system.startswith("Plan a trip") and not responses:
            call = types.FunctionCall(name="load_skill", args={"skill_name": "itinerary"})
            yield LlmResponse(content=types.Content(role="model", parts=[types.Part(function_call=call)]))
        elif system.startswith("Plan a trip"):
            self.skill_texts.append(responses[-1].get("instructions", ""))
            yield _text(self.plans.pop(0))
        else:
            yield _text("ok")


def _text(text: str) -> LlmResponse:
    return LlmResponse(content=types.Content(role="model", parts=[types.Part.from_text(text=text)]))


def _run(model: TripModel, state: dict) -> tuple[list[str], Exception | None]:
    """Run the example once from ``state``: the nodes that ran, and the error it ended with."""
    spec = importlib.util.spec_from_file_location("trip_example_agent", EXAMPLE / "trip_workflow" / "agent.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    runner = InMemoryRunner(node=module.root_agent, app_name="trip")

    async def go() -> tuple[list[str], Exception | None]:
        session = await runner.session_service.create_session(app_name="trip", user_id="u", state=state)
        message = types.Content(role="user", parts=[types.Part.from_text(text="Three days in Lisbon")])
        ran: list[str] = []
        try:
            async for event in runner.run_async(user_id="u", session_id=session.id, new_message=message):
                if event.author and event.author not in ran:
                    ran.append(event.author)
        except Exception as error:  # noqa: BLE001 - the failure is what the test compares with the linter
            return ran, error
        return ran, None

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return asyncio.run(go())


@pytest.fixture
def model(monkeypatch):
    scripted = TripModel()
    monkeypatch.setattr(LLMRegistry, "new_llm", staticmethod(lambda name: scripted))
    return scripted


def test_trip_example_skill_read_fails_until_travellers_is_in_state(model):
    model.plans = [LONG_PLAN]
    _, error = _run(model, {})
    assert isinstance(error, KeyError) and "`travellers` in agent 'planner'" in str(error)


def test_trip_example_route_that_skips_the_critique_fails_in_present(model):
    model.plans = [LONG_PLAN]
    ran, error = _run(model, {"travellers": 2})
    assert isinstance(error, KeyError) and "`critique` in agent 'present'" in str(error)
    assert "note_critique" not in ran
    assert model.skill_texts == [
        (
            "Lay the trip out day by day for this request: Three days in Lisbon.\n"
            "Plan for 2 travellers and keep within .\n"
            "Give each day a morning, an afternoon and an evening."
        )
    ]


def test_trip_example_loop_through_the_critique_runs_to_the_end(model):
    model.plans = ["Day 1: Lisbon.", LONG_PLAN]
    ran, error = _run(model, {"travellers": 2})
    assert error is None and "present" in ran
    assert len(model.skill_texts) == 2  # the planner ran twice, loading its skill each time


def test_trip_example_decline_route_runs_clean(model):
    model.verdict = "DECLINE"
    ran, error = _run(model, {})
    assert error is None and "decline" in ran and "planner" not in ran


def test_trip_example_lint_reports_exactly_the_reads_that_fail(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    findings = lint_paths([Path(".")], Settings(root=EXAMPLE)).findings
    assert [(f.code, f.path, f.line) for f in findings] == [
        ("TPL015", "trip_workflow/agent.py", 73),
        ("TPL014", "trip_workflow/skills/itinerary/SKILL.md", 8),
    ]
    assert "`critique`" in findings[0].message and "`travellers`" in findings[1].message
    # The run above fails on `done` of `review`; `plan` of `route_trip` leads to the writer too.
    assert "route `done` of `review` skips its writer `note_critique`" in findings[0].message


def test_trip_example_docs_page_shows_its_findings(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    page = (ROOT / "docs" / "state-flow.md").read_text(encoding="utf-8")
    for finding in lint_paths([Path(".")], Settings(root=EXAMPLE)).findings:
        assert f"{finding.path}:{finding.line}:{finding.column}: {finding.code} {finding.message}" in page


def test_trip_example_docs_page_shows_its_current_graph(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    mermaid = format_graph(read_project([Path(".")], root=EXAMPLE), "mermaid")
    assert f"```mermaid\n{mermaid}```" in (ROOT / "docs" / "state-flow.md").read_text(encoding="utf-8")

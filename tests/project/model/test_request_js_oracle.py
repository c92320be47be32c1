"""`templating request` against ``@google/adk`` 2.0.0 itself: for every agent of the adk-js
fixture programs (tests/data/request_js/), the JSON it prints holds the very bytes of the
``config.systemInstruction`` adk-js sent on that agent's first model call."""

from __future__ import annotations

import functools
import json
import re
import shutil

import pytest

from tests.request_oracle import JS_FIXTURES, Recorded, record_js_fixture
from tests.ts_flow_oracle import find_port, find_tsx

TSX, MODULES = find_tsx(), find_port("adk-js")
pytestmark = pytest.mark.skipif(
    TSX is None or MODULES is None, reason="node, tsx or @google/adk 2.0.0 is not installed"
)

STATE = {
    "user_name": "Ada",
    "company": "Acme",
    "topic": "tea",
    "items": ["a", "b"],
    "flag": True,
    "mapping": {"k": 1},
    "nothing": None,
    "number": 1.5,
}
CASES = {
    "tree": ["desk", "billing", "shipping", "quiet", "structured", "provided"],
    "values": ["shown", "failing"],
    "workflow": ["draft", "polish"],
}
PARAMETERS = [
    pytest.param(fixture, agent, vertex, id=f"{fixture}-{agent}{'-vertex' if vertex else ''}")
    for fixture, agents in CASES.items() for vertex in (False, True) for agent in agents
]  # fmt: skip


@functools.cache
def _recorded(fixture: str, vertex: bool) -> dict[str, Recorded]:
    assert TSX is not None and MODULES is not None
    return record_js_fixture(TSX, MODULES, fixture, STATE, {"GOOGLE_GENAI_USE_VERTEXAI": "true" if vertex else "false"})


@pytest.mark.parametrize(("fixture", "agent", "vertex"), PARAMETERS)
def test_request_is_what_adk_js_sends(fixture, agent, vertex, tmp_path, monkeypatch, run_cli):
    recorded = _recorded(fixture, vertex)
    assert agent in recorded, sorted(recorded)
    shutil.copytree(JS_FIXTURES / fixture, tmp_path / fixture)
    (tmp_path / "state.json").write_text(json.dumps(STATE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true" if vertex else "false")
    monkeypatch.delenv("GOOGLE_GENAI_USE_ENTERPRISE", raising=False)
    status, output, _ = run_cli("request", fixture, "--agent", agent, "--state", "state.json", "--format", "json")
    shown = json.loads(output)
    truth = recorded[agent]
    assert shown["runtime"] == "@google/adk 2.0.0"
    if truth.error is not None:
        assert status == 1 and shown["error"]["message"] == truth.error
        return
    assert status == 0 and shown["error"] is None and shown["instruction_contents"] == []
    if shown["complete"]:
        assert shown["system_instruction"] == truth.system_instruction
    else:
        known = shown["system_instruction"].split("\ufffc")
        assert len(known) > 1 and shown["unknown"]
        assert re.fullmatch("(?s)" + ".*".join(map(re.escape, known)), truth.system_instruction)


def test_every_fixture_agent_is_recorded():
    for fixture, agents in CASES.items():
        assert sorted(_recorded(fixture, False)) == sorted(agents), fixture

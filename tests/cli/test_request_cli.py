"""`templating request`: the text a person reads, the state it starts from, and its usage
errors (the bytes themselves are proved against google-adk in
tests/project/model/test_request_oracle.py)."""

from __future__ import annotations

import json
import textwrap

AGENT = """\
from google.adk.agents import LlmAgent

support = LlmAgent(
    name="support",
    model="gemini-2.5-flash",
    description="Answers customers.",
    static_instruction="You are the support agent of the shop.",
    instruction="The customer is {user_name}.",
)
"""


def _project(tmp_path, monkeypatch, config: str = "", files: dict[str, str] | None = None) -> None:
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(f"[tool.templating]\n{config}", encoding="utf-8")
    for name, text in (files or {}).items():
        (tmp_path / name).write_text(textwrap.dedent(text), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GOOGLE_GENAI_USE_VERTEXAI", raising=False)
    monkeypatch.delenv("GOOGLE_GENAI_USE_ENTERPRISE", raising=False)


def test_text_marks_each_piece_and_where_it_is_written(tmp_path, monkeypatch, run_cli):
    _project(tmp_path, monkeypatch, 'state = "state.json"\n', {"state.json": '{"user_name": "Ada"}'})
    status, output, _ = run_cli("request", "--agent", "support")
    assert status == 0
    lines = output.splitlines()
    assert lines[0] == "agent `support` (agent.py:3:11): first model call under google-adk 2.13.0, Gemini API backend"
    assert lines[1] == "system_instruction: 141 characters; cacheable prefix: 141"
    assert lines[2:6] == [
        "--- [1] static_instruction: `static_instruction`, agent.py:7:25 ---",
        "You are the support agent of the shop.",
        "--- [2] identity: google-adk's identity processor ---",
        'You are an agent. Your internal name is "support". The description about you is "Answers customers.".',
    ]
    assert lines[6:9] == ["instruction_contents: 1", "--- [3] instruction: `instruction`, agent.py:8:18 ---", lines[8]]
    assert "<<<BEGIN_SYSTEM_INSTRUCTION>>>\nThe customer is Ada.\n<<<END_SYSTEM_INSTRUCTION>>>" in output


def test_the_default_state_is_the_initial_state_with_the_sample_over_it(tmp_path, monkeypatch, run_cli):
    files = {"seeds.json": '{"user_name": "Seed", "x": 1}', "sample.json": '{"user_name": "Sample"}'}
    _project(tmp_path, monkeypatch, 'initial-state = "seeds.json"\nstate = "sample.json"\n', files)
    _, output, _ = run_cli("request", "--agent", "support", "--format", "json")
    assert "The customer is Sample." in json.loads(output)["instruction_contents"][0]
    _, output, _ = run_cli("request", "--agent", "support", "--format", "json", "--state", "seeds.json")
    assert "The customer is Seed." in json.loads(output)["instruction_contents"][0]


def test_a_missing_key_is_the_error_google_adk_raises(tmp_path, monkeypatch, run_cli):
    _project(tmp_path, monkeypatch)
    status, output, _ = run_cli("request", "--agent", "support", "--format", "json")
    record = json.loads(output)
    assert status == 1
    assert record["error"] == {
        "message": "Context variable not found: `user_name` in agent 'support'.",
        "key": "user_name", "piece": "instruction", "file": "agent.py", "line": 8,
    }  # fmt: skip
    assert record["system_instruction"] is None and record["complete"] is False
    status, output, _ = run_cli("request", "--agent", "support")
    assert status == 1 and output.splitlines()[1] == (
        "error: Context variable not found: `user_name` in agent 'support'. (in the instruction, agent.py:8:18)"
    )


def test_vertex_is_selected_as_google_adk_reads_the_environment(tmp_path, monkeypatch, run_cli):
    _project(tmp_path, monkeypatch, 'state = "state.json"\n', {"state.json": '{"user_name": "Ada"}'})
    for variables, backend in (
        ({"GOOGLE_GENAI_USE_VERTEXAI": "TRUE"}, "Vertex AI"),
        ({"GOOGLE_GENAI_USE_VERTEXAI": "yes"}, "Gemini API"),  # google-genai's strict reading: true or 1
        ({"GOOGLE_GENAI_USE_VERTEXAI": "1", "GOOGLE_GENAI_USE_ENTERPRISE": "0"}, "Gemini API"),
    ):
        for name, value in variables.items():
            monkeypatch.setenv(name, value)
        _, output, _ = run_cli("request", "--agent", "support", "--format", "json")
        assert json.loads(output)["backend"] == backend, variables
        for name in variables:
            monkeypatch.delenv(name)


def test_usage_errors_name_the_problem(tmp_path, monkeypatch, run_cli):
    schema = '{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object", "properties": {}}'
    _project(tmp_path, monkeypatch, files={"schema.json": schema, "list.json": "[1]"})
    status, _, error = run_cli("request", "--agent", "nobody")
    assert status == 2 and "no model-calling agent named `nobody`: the project's are `support`" in error
    status, _, error = run_cli("request", "--agent", "support", "--state", "schema.json")
    assert status == 2 and "schema.json: a JSON Schema, not a state" in error
    status, _, error = run_cli("request", "--agent", "support", "--state", "list.json")
    assert status == 2 and "the state must be a JSON object, got list" in error
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "agent.py").write_text(AGENT, encoding="utf-8")
    status, _, error = run_cli("request", "--agent", "support")
    assert status == 2 and "2 agents are named `support` (agent.py:3, other/agent.py:3)" in error
    status, _, _ = run_cli("request", "other", "--agent", "support", "--state", "schema.json")
    assert status == 2


def test_an_agent_of_another_port_is_said_to_be_not_modeled(tmp_path, monkeypatch, run_cli):
    go = """\
    package main

    import "google.golang.org/adk/agent/llmagent"

    func build() {
    \tllmagent.New(llmagent.Config{Name: "gopher", Instruction: "Hi {name}."})
    }
    """
    _project(tmp_path, monkeypatch, files={"main.go": go})
    status, _, error = run_cli("request", "main.go", "--agent", "gopher")
    assert status == 2 and "agent `gopher` (main.go:6) is built with another ADK port" in error

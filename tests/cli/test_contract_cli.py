"""`templating contract`: each app's required and optional keys as JSON or text, and one app's
initial state as a JSON Schema typed where the program shows it."""

from __future__ import annotations

import json
import textwrap

import pytest

GREETER = """
from google.adk import Agent


def set_language(callback_context):
    callback_context.state["language"] = "English"


root_agent = Agent(
    name="greeter",
    instruction="Greet {user_name} in {language}. Their mood: {mood?}.",
    before_agent_callback=set_language,
)
"""

TRIP = """
from google.adk import Agent, Workflow
from pydantic import BaseModel


class Plan(BaseModel):
    title: str
    stops: list["Stop"] = []


class Stop(BaseModel):
    city: str


class TripState(BaseModel):
    destination: str
    travellers: int = 1
    plan: Plan | None = None
    extra: Outside | None = None


def check(ctx, destination: str, travellers: int = 1):
    return None


planner = Agent(name="planner", instruction="Plan {destination} with {plan?} and {extra?}.")
root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", check, planner)])


async def main(runner):
    await runner.session_service.create_session(app_name="trip", user_id="u", state={"destination": "Rome"})
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for name, text in {"greeter/agent.py": GREETER, "trip/agent.py": TRIP}.items():
        (tmp_path / name).parent.mkdir()
        (tmp_path / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return tmp_path


def test_contract_json_lists_each_apps_keys(project, run_cli):
    status, output, _ = run_cli("contract")
    assert status == 0
    assert json.loads(output) == {
        "apps": [
            {"root": "greeter", "file": "greeter/agent.py", "line": 8, "required": ["user_name"],
             "optional": ["mood"], "complete": True},
            {"root": "trip", "file": "trip/agent.py", "line": 26, "required": ["destination"],
             "optional": ["extra", "plan", "travellers"], "complete": True},
        ]
    }  # fmt: skip


def test_contract_text_names_who_reads_each_key_first(project, run_cli):
    status, output, _ = run_cli("contract", "--format", "text")
    assert status == 0
    assert output == textwrap.dedent("""\
        greeter (greeter/agent.py:8)
          required  user_name  read by `greeter` at greeter/agent.py:10
          optional  mood       read by `greeter` at greeter/agent.py:10
        trip (trip/agent.py:26)
          required  destination  read by `check` at trip/agent.py:21
          optional  extra        read by `planner` at trip/agent.py:25
          optional  plan         read by `planner` at trip/agent.py:25
          optional  travellers   read by `check` at trip/agent.py:21
    """)


def test_contract_json_schema_types_keys_from_the_state_schema_and_seeds(project, run_cli):
    status, output, _ = run_cli("contract", "--format", "json-schema", "--app", "trip")
    assert status == 0
    assert json.loads(output) == {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "The state a run of trip starts with",
        "type": "object",
        "properties": {
            "destination": {"description": "read by `check` at trip/agent.py:21", "type": "string"},
            "extra": {"description": "read by `planner` at trip/agent.py:25",
                      "anyOf": [{"type": "object"}, {"type": "null"}]},
            "plan": {"description": "read by `planner` at trip/agent.py:25",
                     "anyOf": [{"$ref": "#/$defs/Plan"}, {"type": "null"}]},
            "travellers": {"description": "read by `check` at trip/agent.py:21", "type": "integer"},
        },
        "required": ["destination"],
        "$defs": {
            "Plan": {"type": "object", "properties": {
                "title": {"type": "string"}, "stops": {"type": "array", "items": {"$ref": "#/$defs/Stop"}}}},
            "Stop": {"type": "object", "properties": {"city": {"type": "string"}}},
        },
    }  # fmt: skip


def test_contract_json_schema_of_an_untyped_app_and_a_sample_state(project, run_cli):
    (project / "state.example.json").write_text('{"user_name": "Ada", "mood": 3}')
    (project / "pyproject.toml").write_text('[tool.templating]\nstate = "state.example.json"\n')
    status, output, _ = run_cli("contract", "greeter", "--format", "json-schema")
    assert status == 0
    schema = json.loads(output)
    assert schema["properties"] == {
        "user_name": {"description": "read by `greeter` at greeter/agent.py:10", "type": "string"},
        "mood": {"description": "read by `greeter` at greeter/agent.py:10", "type": "integer"},
    }
    assert schema["required"] == ["user_name"] and "$defs" not in schema


def test_contract_of_a_named_folder_lists_only_its_apps(project, run_cli):
    status, output, _ = run_cli("contract", "trip")
    assert status == 0
    assert [app["root"] for app in json.loads(output)["apps"]] == ["trip"]


def test_contract_json_schema_needs_one_app(project, run_cli):
    status, _, error = run_cli("contract", "--format", "json-schema")
    assert status == 2
    assert error == (
        "templating: error: a JSON Schema describes one app: name its folder or choose it with --app "
        "(apps: `greeter` (greeter/agent.py), `trip` (trip/agent.py))\n"
    )


def test_contract_unknown_app_names_the_apps(project, run_cli):
    status, _, error = run_cli("contract", "--app", "nope")
    assert status == 2
    assert error == (
        "templating: error: no app named `nope` here (apps: `greeter` (greeter/agent.py), `trip` (trip/agent.py))\n"
    )


def test_contract_without_an_app(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "helper.py").write_text('from google.adk import Agent\nhelper = Agent(name="h", instruction="{x}")\n')
    assert run_cli("contract") == (0, '{\n  "apps": []\n}\n', "")
    status, output, _ = run_cli("contract", "--format", "text")
    assert status == 0 and output.startswith("No app found: ")


def test_contract_of_a_path_that_does_not_exist(tmp_path, monkeypatch, run_cli):
    monkeypatch.chdir(tmp_path)
    status, _, error = run_cli("contract", "missing")
    assert status == 2 and "missing" in error

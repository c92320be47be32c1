"""The state contract: per app, the keys a run must start with (required) and those it may use
(optional), worked out as TPL014 and TPL015 judge reads, without the program's seeds."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from templating.project.model.contract import AppContract, run_targets, state_contracts
from templating.project.model.facts import RunStart
from templating.project.reading import read_project


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # paths as findings show them: relative to the working folder


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def _contracts(root: Path, files: dict[str, str]) -> list[AppContract]:
    _write(root, files)
    return state_contracts(read_project([Path(".")], root=root))


def _summary(contracts: list[AppContract]) -> list[tuple[str, list[str], list[str], bool]]:
    return [(c.name, sorted(c.required), sorted(c.optional), c.complete) for c in contracts]


def test_contract_of_a_chat_agent_counts_its_before_agent_callback(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "greeter/agent.py": """
                from google.adk import Agent

                def set_language(callback_context):
                    callback_context.state["language"] = "English"

                root_agent = Agent(name="greeter", instruction="Greet {user_name} in {language}. Mood: {mood?}.",
                                   before_agent_callback=set_language)
            """
        },
    )
    assert _summary(contracts) == [("greeter", ["user_name"], ["mood"], True)]
    reader = contracts[0].required["user_name"]
    assert (reader.name, reader.path, reader.line) == ("greeter", "greeter/agent.py", 6)


def test_contract_counts_a_key_written_only_after_its_read(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "pipeline/agent.py": """
                from google.adk.agents import LlmAgent, SequentialAgent

                first = LlmAgent(name="first", instruction="Use {draft} and {topic?}.")
                second = LlmAgent(name="second", instruction="Write.", output_key="draft")
                third = LlmAgent(name="third", instruction="Polish {draft} for {audience?}.", output_key="audience")
                root_agent = SequentialAgent(name="pipeline", sub_agents=[first, second, third])
            """
        },
    )
    # `draft` is read by `first` before `second` writes it; `audience` is written, so not optional.
    assert _summary(contracts) == [("pipeline", ["draft"], ["topic"], True)]
    assert contracts[0].required["draft"].name == "first"


def test_contract_never_counts_a_seed_as_written(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "app/agent.py": """
                from google.adk import Agent
                from google.adk.runners import InMemoryRunner

                root_agent = Agent(name="helper", instruction="Help {user_name} with {task}.")

                async def main():
                    runner = InMemoryRunner(agent=root_agent)
                    await runner.session_service.create_session(app_name="app", user_id="u",
                                                                state={"user_name": "Ada", "task": "x"})
            """,
            "app/initial.session.json": '{"state": {"task": "y"}}',
        },
    )
    # The seeds are how runs meet the contract: they are what it asks for, not part of the program.
    assert _summary(contracts) == [("helper", ["task", "user_name"], [], True)]
    assert contracts[0].types == {"task": [{"type": "string"}], "user_name": [{"type": "string"}]}


def test_contract_of_a_workflow_follows_its_routes_and_parameters(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "trip/agent.py": """
                from google.adk import Agent, Event, Workflow

                def read_request(ctx, request: str, rounds: int = 0):
                    return Event(state={"kind": "trip"})

                def route(ctx, kind: str):
                    return Event(route="plan" if kind == "trip" else "other")

                def note(ctx):
                    ctx.state["note"] = "seen"

                planner = Agent(name="planner", instruction="Plan {request}, noting {note}. {style?}")
                decline = Agent(name="decline", instruction="Decline {request}.")

                root_agent = Workflow(name="trip", edges=[
                    ("START", read_request, route),
                    (route, {"plan": planner, "other": note}),
                    (note, decline),
                ])
            """
        },
    )
    # `note` is written only on the route `planner` is not on; `kind` is written before `route`.
    assert _summary(contracts) == [("trip", ["note", "request"], ["rounds", "style"], True)]
    assert contracts[0].required["request"].name == "read_request"
    assert contracts[0].required["note"].name == "planner"


def test_contract_of_a_nested_workflow_belongs_to_its_outer_app(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "outer/agent.py": """
                from google.adk import Agent, Workflow

                def step(ctx, inner_key: str):
                    return None

                inner = Workflow(name="inner", edges=[("START", step)])
                after = Agent(name="after", instruction="Use {outer_key?}.")
                root_agent = Workflow(name="outer", edges=[("START", inner, after)])
            """
        },
    )
    assert _summary(contracts) == [("outer", ["inner_key"], ["outer_key"], True)]


def test_contract_is_not_complete_where_a_key_is_not_a_literal(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "app/agent.py": """
                from google.adk import Agent

                def remember(tool_context, key: str):
                    tool_context.state[key] = True

                root_agent = Agent(name="helper", instruction="Use {user_name} and {tone?}.", tools=[remember])
            """
        },
    )
    # The tool may write any key: `user_name` is not judged, the optional read still listed.
    assert _summary(contracts) == [("helper", [], ["tone"], False)]


def test_contract_of_apps_in_separate_folders_keeps_their_states_apart(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "first/agent.py": """
                from google.adk import Agent

                def seed(callback_context):
                    callback_context.state["topic"] = "x"

                root_agent = Agent(name="first", instruction="{topic}", before_agent_callback=seed)
            """,
            "second/agent.py": """
                from google.adk import Agent

                root_agent = Agent(name="second", instruction="{topic}")
            """,
        },
    )
    assert _summary(contracts) == [("first", [], [], True), ("second", ["topic"], [], True)]


def test_contract_of_an_agent_config_app(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "config/root_agent.yaml": """
                name: assistant
                model: gemini-2.5-flash
                instruction: Help {user:name} in {language?}.
            """
        },
    )
    assert _summary(contracts) == [("assistant", ["user:name"], ["language"], True)]


def test_contract_types_come_from_the_state_schema(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "trip/agent.py": """
                from google.adk import Agent, Workflow
                from pydantic import BaseModel

                class Plan(BaseModel):
                    days: int

                class TripState(BaseModel):
                    destination: str
                    plan: Plan | None = None
                    budget: int | None = None

                def check(ctx, destination: str, budget: int = 0):
                    return None

                reader = Agent(name="reader", instruction="Go to {destination} with {plan?}.")
                root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", check, reader)])
            """
        },
    )
    (contract,) = contracts
    assert _summary(contracts) == [("trip", ["destination"], ["budget", "plan"], True)]
    assert contract.state_schema == "TripState"
    assert contract.types == {
        "destination": [{"type": "string"}],
        "plan": [{"anyOf": [{"$ref": "#/$defs/Plan"}, {"type": "null"}]}],
        "budget": [{"type": ["integer", "null"]}],
    }


def _start(path: str, app_name: str | None = None) -> RunStart:
    return RunStart("eval case `x`", frozenset(), app_name, path, 1, 1, 2, "")


def test_run_targets_are_the_apps_nearest_the_file(tmp_path):
    files = {
        f"{name}/agent.py": f"""
            from google.adk import Agent

            root_agent = Agent(name="{Path(name).name}", instruction="{{key}}")
        """
        for name in ("alpha", "beta", "nested/gamma")
    }
    contracts = _contracts(tmp_path, files)
    names = [c.name for c in contracts]
    assert names == ["alpha", "beta", "gamma"]

    def targets(path: str, app_name: str | None = None) -> list[str]:
        return [c.name for c in run_targets(contracts, _start(path, app_name))]

    assert targets("alpha/evals/a.evalset.json") == ["alpha"]
    assert targets("beta/b.test.json") == ["beta"]
    assert targets("nested/tests/initial.session.json") == ["gamma"]
    # Above every app: all of them, narrowed by the name the file gives (the folder's name).
    assert targets("evals/all.evalset.json") == ["alpha", "beta", "gamma"]
    assert targets("evals/all.evalset.json", "beta") == ["beta"]
    assert targets("evals/all.evalset.json", "unknown") == ["alpha", "beta", "gamma"]
    # A name that disagrees with the folder keeps the folder's app.
    assert targets("alpha/a.evalset.json", "beta") == ["alpha"]


def test_run_targets_by_name_outside_every_folder(tmp_path):
    contracts = _contracts(
        tmp_path,
        {
            "apps/shop/agent.py": """
                from google.adk import Agent
                from google.adk.apps import App

                root_agent = Agent(name="clerk", instruction="{key}")
                app = App(name="storefront", root_agent=root_agent)
            """
        },
    )
    assert contracts[0].app.names == frozenset({"shop", "storefront"})
    found = run_targets(contracts, RunStart("s", frozenset(), "storefront", "/elsewhere/x.evalset.json", 1, 1, 2, ""))
    assert [c.name for c in found] == ["clerk"]

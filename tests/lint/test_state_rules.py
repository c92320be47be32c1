"""The state rules on small programs: what each reports and, as much, what it leaves alone."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

_CODES = {"TPL028", "TPL029", "TPL030", "TPL031", "TPL032", "TPL033"}

SCHEMA = """
from google.adk import Agent, Event, Workflow
from google.adk.runners import InMemoryRunner
from pydantic import BaseModel


class Plan(BaseModel):
    title: str
    days: int


class TripState(BaseModel):
    destination: str = ""
    plan: Plan | None = None
    plans: list[Plan] = []
"""


@pytest.fixture(autouse=True)
def _in_tmp_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")


def _typed(code: str) -> str:
    """``code`` after the schema's imports and models."""
    return SCHEMA.lstrip() + textwrap.dedent(code)


def _lint(files: dict[str, str], **settings) -> list[tuple[str, int, str, str]]:
    for name, text in files.items():
        Path(name).parent.mkdir(parents=True, exist_ok=True)
        Path(name).write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    found = lint_paths([Path(".")], Settings(root=Path(".").resolve(), **settings), jobs=1).findings
    return [(f.path, f.line, f.code, f.source_line[f.column - 1 : f.end_column - 1]) for f in found if f.code in _CODES]


def test_writes_in_nested_workflows_and_run_node_children_are_checked_against_the_outer_schema():
    assert _lint({"trip/agent.py": _typed("""
        def inner_step(ctx):
            ctx.state["inner_key"] = 1


        inner = Workflow(name="inner", edges=[("START", inner_step)])


        class Other(BaseModel):
            own: int = 0


        def own_step(ctx):
            ctx.state["own"] = 1
            ctx.state["destination"] = "x"


        typed_inner = Workflow(name="typed_inner", state_schema=Other, edges=[("START", own_step)])


        def child(ctx):
            ctx.state["child_key"] = 1


        async def orchestrate(ctx):
            await ctx.run_node(child)


        root_agent = Workflow(name="trip", state_schema=TripState,
                              edges=[("START", inner, typed_inner, orchestrate)])
    """)}) == [
        ("trip/agent.py", 17, "TPL029", '"inner_key"'),
        ("trip/agent.py", 29, "TPL029", '"destination"'),
        ("trip/agent.py", 36, "TPL029", '"child_key"'),
    ]  # fmt: skip


def test_prefixed_keys_declared_keys_and_workflows_without_a_project_schema_are_left_alone():
    assert _lint({"trip/agent.py": _typed("""
        from elsewhere import ExternalState


        def step(ctx, destination: str):
            ctx.state["destination"] = destination
            ctx.state["temp:scratch"] = 1
            ctx.state["user:seen"] = True
            return Event(state={"plan": {"title": "t", "days": 1}, "app:count": 1})


        def loose(ctx, anything: int):
            ctx.state["anything_else"] = 1


        root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", step)])
        other = Workflow(name="other", state_schema=ExternalState, edges=[("START", loose)])
    """)}) == []  # fmt: skip


def test_noqa_on_a_write_or_a_parameter_silences_it():
    assert _lint({"trip/agent.py": _typed("""
        def step(ctx, budget: int):  # noqa: TPL030
            ctx.state["scratch"] = 1  # noqa: TPL029
            ctx.state["other"] = 1


        root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", step)])
    """)}) == [("trip/agent.py", 18, "TPL029", '"other"')]  # fmt: skip


def test_an_undeclared_read_a_seed_or_a_sub_agent_may_hold_is_not_reported():
    found = _lint({"trip/agent.py": _typed("""
        helper = Agent(name="helper", instruction="Help.", output_key="helped")
        reader = Agent(name="reader", instruction="{budget} {seeded} {helped} {user:name} {destination}",
                       sub_agents=[helper])
        root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", reader)])


        async def main():
            runner = InMemoryRunner(node=root_agent)
            await runner.session_service.create_session(app_name="trip", user_id="u", state={"seeded": 1})
    """)})  # fmt: skip
    assert [(code, span) for _, _, code, span in found] == [("TPL031", "budget")]


def test_strict_paths_are_followed_through_the_schemas_models():
    found = _lint({"trip/agent.py": _typed("""
        from templating import compile_template

        reader = Agent(name="reader", instruction=compile_template(
            "{plan.title} {plan.dayz} {plans[0].days} {plans[0].nope} {destination.upper} {plan?}", dialect="strict"))
        root_agent = Workflow(name="trip", state_schema=TripState, edges=[("START", reader)])
    """)})  # fmt: skip
    assert [(code, span) for _, _, code, span in found] == [
        ("TPL031", "{plan.dayz}"), ("TPL031", "{plans[0].nope}"), ("TPL031", "{destination.upper}"),
    ]  # fmt: skip


def test_repr_rendered_values_name_what_the_model_reads():
    found = _lint({"app/agent.py": """
        from google.adk import Agent
        from google.adk.runners import InMemoryRunner
        from pydantic import BaseModel
        from templating import compile_template


        class Stop(BaseModel):
            city: str
            nights: int


        def remember(tool_context):
            tool_context.state["prefs"] = {"seat": "aisle"}
            tool_context.state["count"] = 3


        stops = Agent(name="stops", instruction="List.", output_schema=list[Stop], output_key="stops")
        title = Agent(name="title", instruction="Title.", output_schema=str, output_key="title")
        strict = Agent(name="strict", instruction=compile_template("{stops} {prefs}", dialect="strict"))
        reader = Agent(name="reader", instruction="{stops} {title} {prefs} {count} {seed} {seed_text}",
                       tools=[remember])
        root_agent = Agent(name="root", instruction="Go.", sub_agents=[stops, title, strict, reader])


        async def main():
            runner = InMemoryRunner(agent=root_agent)
            await runner.session_service.create_session(app_name="app", user_id="u",
                                                        state={"seed": [1, 2], "seed_text": "x"})
    """})  # fmt: skip
    assert [(line, span) for _, line, _, span in found] == [(20, "stops"), (20, "prefs"), (20, "seed")]
    messages = [f.message for f in lint_paths([Path(".")], Settings(root=Path(".").resolve())).findings
                if f.code == "TPL032"]  # fmt: skip
    assert "the model reads `[{'city': ..., 'nights': ...}, ...]`" in messages[0]
    assert "whose `output_schema` is `list[Stop]`" in messages[0]
    assert "a dict written at app/agent.py:13" in messages[1]


def test_a_temp_key_in_an_eval_state_counts_as_missing():
    found = _lint({
        "app/agent.py": 'from google.adk import Agent\nroot_agent = Agent(name="app", instruction="{temp:draft} {x}")\n',
        "app/cases.evalset.json": '{"eval_set_id": "s", "eval_cases": [{"eval_id": "c", "session_input": '
                                  '{"app_name": "app", "user_id": "u", "state": {"temp:draft": "d", "x": 1}}}]}',
    })  # fmt: skip
    assert [(path, code) for path, _, code, _ in found] == [("app/cases.evalset.json", "TPL028")]


def test_per_file_ignores_silence_an_eval_file():
    files = {
        "app/agent.py": 'from google.adk import Agent\nroot_agent = Agent(name="app", instruction="{x}")\n',
        "app/cases.evalset.json": '{"eval_set_id": "s", "eval_cases": [{"eval_id": "c"}]}',
    }
    assert [code for _, _, code, _ in _lint(files)] == ["TPL028"]
    assert _lint(files, per_file_ignores=(("*.evalset.json", frozenset({"TPL028"})),)) == []


def test_an_eval_of_a_schema_workflow_without_a_model_call_is_fine():
    assert _lint({
        "count/agent.py": _typed("""
            def step(ctx, destination: str):
                return None


            root_agent = Workflow(name="count", state_schema=TripState, edges=[("START", step)])
        """),
        "count/cases.evalset.json": '{"eval_set_id": "s", "eval_cases": [{"eval_id": "c", "session_input": '
                                    '{"app_name": "count", "user_id": "u", "state": {"destination": "x"}}}]}',
    }) == []  # fmt: skip


def test_paths_the_schema_cannot_rule_out_are_left_alone():
    found = _lint({"trip/agent.py": _typed("""
        from elsewhere import Outside
        from templating import compile_template


        class Wide(BaseModel):
            notes: dict[str, int] = {}
            outside: Outside | None = None
            plan: Plan | None = None
            tags: list[str] = []


        reader = Agent(name="reader", instruction=compile_template(
            "{notes.any} {outside.thing} {plan[0]} {tags[0]} {tags[0].upper} {plan.days.real}", dialect="strict"))
        root_agent = Workflow(name="trip", state_schema=Wide, edges=[("START", reader)])
    """)})  # fmt: skip
    assert [(code, span) for _, _, code, span in found] == [
        ("TPL031", "{tags[0].upper}"), ("TPL031", "{plan.days.real}"),
    ]  # fmt: skip


def test_a_repr_preview_shows_four_fields_and_a_value_of_unknown_shape_plainly():
    _lint({"app/agent.py": """
        from google.adk import Agent, Event, Workflow
        from pydantic import BaseModel


        class Wide(BaseModel):
            a: int
            b: int
            c: int
            d: int
            e: int


        def table(ctx):
            return Event(state={"rows": [1, 2]})


        wide = Agent(name="wide", instruction="Go.", output_schema=Wide, output_key="wide")
        reader = Agent(name="reader", instruction="{wide} {rows} {wide?}")
        root_agent = Workflow(name="app", edges=[("START", table, wide, reader)])
    """})  # fmt: skip
    found = [f for f in lint_paths([Path(".")], Settings(root=Path(".").resolve())).findings if f.code == "TPL032"]
    # An optional read renders the value the same way once it is there.
    assert [(f.line, f.column) for f in found] == [(18, 45), (18, 52), (18, 59)]
    assert "the model reads `{'a': ..., 'b': ..., 'c': ..., 'd': ..., ...}`, not JSON" in found[0].message
    assert "renders a list written at app/agent.py:14" in found[1].message
    assert "the model reads `['item', ...]`" in found[1].message
    # Configured strict, the same program renders JSON: nothing to report.
    strict = lint_paths([Path(".")], Settings(root=Path(".").resolve(), dialect="strict")).findings
    assert [f for f in strict if f.code == "TPL032"] == []

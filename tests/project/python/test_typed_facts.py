"""What the Python front end reads of value types: each model field's JSON Schema, the JSON type
of a value written to state, what an ``output_key`` holds by its ``output_schema``, a workflow's
``state_schema`` and every parameter of a function node."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

import pytest

from templating.project.model.facts import FileFacts
from templating.project.python.schemas import annotation_schema, output_schema_type, value_type
from templating.project.reading import SourceCache, read_text


def _facts(code: str, tmp_path: Path) -> FileFacts:
    path = tmp_path / "agent.py"
    reading = read_text(textwrap.dedent(code).lstrip(), path, "agent.py", SourceCache(tmp_path))
    assert reading.problem is None and len(reading.facts) == 1
    return reading.facts[0]


@pytest.mark.parametrize(
    ("annotation", "schema"),
    [
        ("str", {"type": "string"}),
        ("int", {"type": "integer"}),
        ("float", {"type": "number"}),
        ("bool", {"type": "boolean"}),
        ("None", {"type": "null"}),
        ("list[str]", {"type": "array", "items": {"type": "string"}}),
        ("typing.List[int]", {"type": "array", "items": {"type": "integer"}}),
        ("tuple[int, str]", {"type": "array"}),
        ("list", {"type": "array"}),
        ("dict[str, int]", {"type": "object"}),
        ("int | None", {"type": ["integer", "null"]}),
        ("Optional[str]", {"type": ["string", "null"]}),
        ("Union[int, str, None]", {"type": ["integer", "string", "null"]}),
        ("Plan | None", {"anyOf": [{"$ref": "#/$defs/Plan"}, {"type": "null"}]}),
        ("list[Plan]", {"type": "array", "items": {"$ref": "#/$defs/Plan"}}),
        ("'Plan'", {"$ref": "#/$defs/Plan"}),
        ("Literal['a', 'b']", {"enum": ["a", "b"]}),
        ("Annotated[int, Field(gt=0)]", {"type": "integer"}),
        ("Any", {}),
        ("int | Any", {}),
        ("'not valid ('", {}),
        ("callable_type()", {}),
    ],
)  # fmt: skip
def test_annotation_schema_says_what_the_annotation_allows(annotation, schema):
    assert annotation_schema(ast.parse(annotation, mode="eval").body) == schema


def test_annotation_schema_stops_at_a_depth_bound():
    deep = "list[" * 40 + "int" + "]" * 40
    assert annotation_schema(ast.parse(deep, mode="eval").body)["type"] == "array"


@pytest.mark.parametrize(
    ("value", "kind"),
    [("{'a': 1}", "object"), ("{k: 1 for k in x}", "object"), ("dict(a=1)", "object"), ("[1]", "array"),
     ("(1, 2)", "array"), ("[x for x in y]", "array"), ("f'{x}'", "string"), ("'x'", "string"), ("3", "integer"),
     ("1.5", "number"), ("True", "boolean"), ("None", "null"), ("name", ""), ("call()", ""), ("b'x'", "")],
)  # fmt: skip
def test_value_type_is_the_json_type_the_code_shows(value, kind):
    assert value_type(ast.parse(value, mode="eval").body) == kind


@pytest.mark.parametrize(
    ("schema", "kind"),
    [(None, "string"), ("None", "string"), ("str", "string"), ("Plan", "object"), ("list[Plan]", "array"),
     ("list[str]", "array"), ("dict", "object"), ("int", "integer"), ("make_schema()", "")],
)  # fmt: skip
def test_output_schema_type_is_what_google_adk_stores_for_the_output_key(schema, kind):
    node = None if schema is None else ast.parse(schema, mode="eval").body
    assert output_schema_type(node) == kind


def test_models_hold_each_fields_schema(tmp_path):
    facts = _facts(
        """
        from google.adk import Agent
        from pydantic import BaseModel, Field

        class Plan(BaseModel):
            title: str
            days: int = Field(default=1)
            stops: list["Stop"] = []
            note = "not annotated: not a field"

        class NotAModel:
            x: int
        """,
        tmp_path,
    )
    assert facts.models == {
        "Plan": {
            "title": {"type": "string"},
            "days": {"type": "integer"},
            "stops": {"type": "array", "items": {"$ref": "#/$defs/Stop"}},
        }
    }


def test_writers_carry_the_type_of_the_value_they_write(tmp_path):
    facts = _facts(
        """
        from google.adk import Agent, Event, Workflow

        def load(ctx):
            ctx.state["prefs"] = {"seat": "aisle"}
            ctx.state["count"] = 3
            ctx.state.update(tags=["a"], label=name)
            ctx.state.setdefault("seen", False)
            ctx.state["a"], ctx.state["b"] = pair
            return Event(state={"topic": "sales", "items": [1]})

        summary = Agent(name="summary", instruction="Hi", output_key="summary")
        plan = Agent(name="plan", instruction="Hi", output_key="plan", output_schema=Plan)

        root_agent = Workflow(name="w", edges=[("START", load, summary, plan)])
        """,
        tmp_path,
    )
    writers = {w.key: w.value for w in facts.writers}
    writers |= {w.key: w.value for agent in facts.agents if agent.output_key for w in [agent.output_key]}
    node_writes = {w.key: w.value for function in facts.functions.values() for w in function.writers}
    assert node_writes | writers == {
        "prefs": "object", "count": "integer", "tags": "array", "label": "", "seen": "boolean", "a": "", "b": "",
        "topic": "string", "items": "array", "summary": "string", "plan": "object",
    }  # fmt: skip
    plan = next(agent for agent in facts.agents if agent.name == "plan")
    assert plan.output_schema == "Plan"
    assert next(a for a in facts.agents if a.name == "summary").output_schema is None


def test_a_write_knows_its_line_and_its_noqa(tmp_path):
    facts = _facts(
        """
        from google.adk import Workflow

        def load(ctx):
            ctx.state["scratch"] = 1  # noqa: TPL029
        """,
        tmp_path,
    )
    (writer,) = [w for function in facts.functions.values() for w in function.writers]
    assert writer.source_line == '    ctx.state["scratch"] = 1  # noqa: TPL029'
    assert writer.suppressed == frozenset({"TPL029"})


def test_a_workflow_keeps_its_state_schema_and_each_node_its_whole_signature(tmp_path):
    facts = _facts(
        """
        from google.adk import Workflow

        def tally(ctx, count: int, *rest, label: str = "", **extra):
            return None

        root_agent = Workflow(name="w", state_schema=models.Tally, edges=[("START", tally)])
        plain = Workflow(name="plain", edges=[("START", tally)])
        """,
        tmp_path,
    )
    assert {w.name: w.state_schema for w in facts.workflows} == {"w": "Tally", "plain": None}
    signature = facts.node_functions["tally"].signature
    assert [(p.name, p.line, p.column) for p in signature] == [
        ("ctx", 3, 11), ("count", 3, 16), ("rest", 3, 29), ("label", 3, 35), ("extra", 3, 54),
    ]  # fmt: skip
    assert [p.name for p in facts.node_functions["tally"].parameters] == ["count", "label"]

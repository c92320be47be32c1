"""The workflow rules' edges: suppression, config, what stops a conclusion, TPL016 in nodes,
TPL020, and the facts picklable for the cache and the workers."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.registry import select_rules
from templating.lint.settings import Settings
from templating.project.python.agents import python_facts
from templating.project.python.module import load_module
from templating.project.sources import SourceCache

HEADER = """\
from google.adk import Agent, Event, Workflow
from google.adk.workflow import JoinNode
"""


def _lint(tmp_path: Path, body: str, **settings) -> list[tuple[int, str, str]]:
    (tmp_path / "flow.py").write_text(HEADER + textwrap.dedent(body), encoding="utf-8")
    findings = lint_paths([tmp_path], Settings(root=tmp_path, **settings)).findings
    return [(f.line, f.code, f.message) for f in findings]


def test_noqa_on_a_parameter_and_on_the_edges_line(tmp_path: Path) -> None:
    body = """
    def first():
        return Event(state={"a": 1})

    def use(ctx, missing):  # noqa: TPL014
        return None

    def other():
        return None

    merge = Agent(name="merge", instruction="{a?}")
    root = Workflow(name="w", edges=[("START", first, (use, other), merge)])  # noqa: TPL018
    """
    assert _lint(tmp_path, body) == []


def test_config_ignores_the_workflow_rules(tmp_path: Path) -> None:
    body = """
    def a():
        return None

    def b():
        return None

    def c(missing):
        return None

    root = Workflow(name="w", edges=[("START", (a, b), c)])
    """
    codes = [code for _, code, _ in _lint(tmp_path, body)]
    assert codes == ["TPL014", "TPL018"]
    assert _lint(tmp_path, body, enabled=select_rules(None, ("TPL014", "TPL018"))) == []


def test_an_unknown_writer_or_a_writer_elsewhere_stops_the_conclusion(tmp_path: Path) -> None:
    body = """
    def router():
        return Event(route="A")

    def unknown(ctx, name="k"):
        ctx.state[name] = 1

    def plain():
        return None

    reader = Agent(name="reader", instruction="{k} {elsewhere}")
    root = Workflow(name="w", edges=[("START", router, {"A": unknown, "B": plain}), ((unknown, plain), reader)])

    def tool(tool_context):
        tool_context.state["elsewhere"] = 1

    helper = Agent(name="helper", instruction="Hi.", tools=[tool])
    """
    # `k` may be written by the unknown writer on route A only: with any key possible there,
    # nothing is concluded; `elsewhere` is written by another agent's tool: not judged.
    assert _lint(tmp_path, body) == []


def test_an_edge_list_built_at_run_time_concludes_nothing(tmp_path: Path) -> None:
    body = """
    def writer():
        return Event(state={"k": 1})

    reader = Agent(name="reader", instruction="{k}")
    EDGES = [("START", reader, writer)]
    EDGES.append((writer, reader))
    root = Workflow(name="w", edges=EDGES)
    """
    assert _lint(tmp_path, body) == []


def test_session_state_written_directly_in_a_node_or_tool_is_tpl016(tmp_path: Path) -> None:
    body = """
    def stash(ctx):
        ctx.session.state["direct"] = 1

    def save(tool_context):
        tool_context.session.state["saved"] = 1

    reader = Agent(name="reader", instruction="{direct}", tools=[save])
    root = Workflow(name="w", edges=[("START", stash, reader)])
    """
    assert [(line, code) for line, code, _ in _lint(tmp_path, body)] == [(5, "TPL016"), (8, "TPL016")]


def test_schema_references_against_the_agents_input_schema(tmp_path: Path) -> None:
    body = """
    from pydantic import BaseModel

    class CityTime(BaseModel):
        city: str
        time_info: str

    good = Agent(name="good", input_schema=CityTime, instruction="{CityTime.city} at {CityTime.time_info}")
    missing_field = Agent(name="missing_field", input_schema=CityTime, instruction="{CityTime.weather}")
    no_schema = Agent(name="no_schema", instruction="{CityTime.city}")
    """
    found = _lint(tmp_path, body)
    assert [(line, code) for line, code, _ in found] == [(11, "TPL020"), (12, "TPL020")]
    assert "`CityTime` has no field `weather`" in found[0][2]
    assert "it has no `input_schema`" in found[1][2]


def test_workflow_facts_pickle(tmp_path: Path) -> None:
    path = tmp_path / "flow.py"
    path.write_text(HEADER + "def f(ctx, k):\n    return None\nroot = Workflow(name='w', edges=[('START', f)])\n")
    cache = SourceCache(tmp_path)
    facts = python_facts(load_module(path, path.read_text(), "flow.py", cache), cache)
    assert pickle.loads(pickle.dumps(facts)) == facts
    assert [e.target for e in facts.workflows[0].edges] == ["f"]
    assert [p.name for p in facts.node_functions["f"].parameters] == ["k"]


def test_a_node_writing_unknown_keys_weakens_reads_not_the_shape(tmp_path: Path) -> None:
    body = """
    def intake(ctx, field="k"):
        ctx.state[field] = 1

    def left():
        return None

    def right():
        return None

    merge = Agent(name="merge", instruction="{k}")
    root = Workflow(name="w", edges=[("START", intake, (left, right), merge)])
    """
    assert [code for _, code, _ in _lint(tmp_path, body)] == ["TPL018"]


def test_absolute_imports_in_a_project_without_init_files(tmp_path: Path) -> None:
    # `from app.steps import writer`, run from the project's root: `app/` has no `__init__.py`.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "steps.py").write_text(HEADER + "def writer():\n    return Event(state={'k': 1})\n")
    (tmp_path / "app" / "flow.py").write_text(
        HEADER
        + textwrap.dedent("""
        from app.steps import writer

        reader = Agent(name="reader", instruction="{k}")
        root = Workflow(name="w", edges=[("START", reader, writer)])
        """)
    )
    findings = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert [(Path(f.path).name, f.code) for f in findings] == [("flow.py", "TPL015")]


def test_messages_name_the_route_the_loop_and_where_the_writer_is(tmp_path: Path, monkeypatch) -> None:
    body = """
    def router():
        return Event(route="W")

    def writer():
        return Event(state={"k": 1})

    def check(ctx):
        ctx.state["note"] = 1
        return Event(route="again")

    reader = Agent(name="reader", instruction="{k} {note}")
    root = Workflow(name="w", edges=[("START", router, {"W": writer, "S": reader}), (writer, reader),
                                     (reader, check, {"again": reader})])
    """
    monkeypatch.chdir(tmp_path)
    messages = [message for _, code, message in _lint(tmp_path, body) if code == "TPL015"]
    route = "route `S` of `router` skips its writer `writer` (flow.py:8)"
    loop = "it is written by `check` (flow.py:11) later in the loop: it is missing on the first iteration"
    assert messages == [
        f"agent `reader` in workflow `w` may read `k` before it is written: {route}",
        f"agent `reader` in workflow `w` may read `note` before it is written: {loop}",
    ]


def test_the_route_named_is_the_one_that_skips_the_writer_not_an_earlier_one(tmp_path: Path, monkeypatch) -> None:
    # `go` of `first` is on the path that misses the writer, but its other route never leads
    # to the writer: the choice that skips it is `done` of `check`.
    body = """
    def first():
        return Event(route="go")

    def check():
        return Event(route="done")

    def writer(ctx):
        ctx.state["k"] = 1

    other = Agent(name="other", instruction="hello")
    reader = Agent(name="reader", instruction="{k}")
    root = Workflow(name="w", edges=[("START", first, {"go": check, "stop": other}),
                                     (check, {"again": writer, "done": reader}), (writer, check)])
    """
    monkeypatch.chdir(tmp_path)
    messages = [message for _, code, message in _lint(tmp_path, body) if code == "TPL015"]
    assert messages == [
        (
            "agent `reader` in workflow `w` may read `k` before it is written: "
            "route `done` of `check` skips its writer `writer` (flow.py:11)"
        )
    ]


def test_without_a_route_that_chooses_against_the_writer_the_path_is_named(tmp_path: Path, monkeypatch) -> None:
    # `go` of `first` is on the reader's path, but it is the only route: it chooses nothing.
    # The writer runs beside the reader (a fan-out), so the message names the path instead.
    body = """
    def first():
        return Event(route="go")

    def middle():
        return None

    def writer(ctx):
        ctx.state["k"] = 1

    reader = Agent(name="reader", instruction="{k}")
    root = Workflow(name="w", edges=[("START", first, {"go": middle}), (middle, (writer, reader))])
    """
    monkeypatch.chdir(tmp_path)
    messages = [message for _, code, message in _lint(tmp_path, body) if code == "TPL015"]
    assert messages == [
        (
            "agent `reader` in workflow `w` may read `k` before it is written: "
            "the path START -> first -> middle -> reader skips its writer `writer` (flow.py:11)"
        )
    ]


def test_an_agents_own_write_of_a_user_key_may_come_from_an_earlier_session(tmp_path: Path) -> None:
    body = """
    def remember(name: str, tool_context) -> str:
        tool_context.state["user:name"] = name
        tool_context.state["topic"] = name
        return "ok"

    helper = Agent(name="helper", instruction="Hi {user:name}, about {topic}", tools=[remember])
    """
    found = _lint(tmp_path, body)
    assert [(code, message.split(":")[0]) for _, code, message in found] == [
        ("TPL015", "agent `helper` reads `topic` before it is written")
    ]

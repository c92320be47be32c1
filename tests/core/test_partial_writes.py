"""Keys a node function writes on only some returns: which routes write them, and when the
analysis cannot tell (a maybe writer) or leaves the function alone."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.python.partial_writes import partial_writes


def _partial(source: str) -> dict[str, tuple[str, ...] | None]:
    function = ast.parse(textwrap.dedent(source)).body[0]
    assert isinstance(function, ast.FunctionDef)
    return {write.key: write.routes for write in partial_writes(function)}


def test_a_write_tied_to_a_constant_route() -> None:
    assert _partial("""
    def f(x):
        if x:
            return Event(state={"k": 1, "both": 1}, route="a")
        return Event(state={"both": 2}, route=["b"][0] if x else "b")
    """) == {"k": None}  # a computed route on the other return: it cannot be told apart
    assert _partial("""
    def f(x):
        if x:
            return Event(state={"k": 1}, route="a")
        elif x is None:
            return Event(state={"k": 2}, route="c")
        return Event(route="b")
    """) == {"k": ("a", "c")}


def test_falling_off_the_end_is_a_return_that_writes_nothing() -> None:
    assert _partial("""
    def f(x):
        if x:
            return Event(state={"k": 1})
    """) == {"k": None}
    assert (
        _partial("""
    def f(x):
        if x:
            return Event(state={"k": 1})
        else:
            return Event(state={"k": 2})
    """)
        == {}
    )


def test_generators_unreadable_state_and_nested_functions_are_left_alone() -> None:
    assert (
        _partial("""
    def f(x):
        if x:
            yield Event(state={"k": 1})
    """)
        == {}
    )
    assert (
        _partial("""
    def f(x, delta):
        if x:
            return Event(state={"k": 1})
        return Event(state=delta)
    """)
        == {}
    )
    assert (
        _partial("""
    def f(x):
        def inner():
            return None
        return Event(state={"k": 1})
    """)
        == {}
    )


def test_a_key_also_written_through_ctx_state_is_not_partial(tmp_path: Path) -> None:
    (tmp_path / "flow.py").write_text(
        textwrap.dedent("""
        from google.adk import Agent, Context, Event, Workflow

        def decide(ctx: Context, x: int = 0):
            ctx.state["k"] = 0
            if x:
                return Event(state={"k": 1}, route="a")
            return Event(route="b")

        on_a = Agent(name="on_a", instruction="{k}")
        on_b = Agent(name="on_b", instruction="{k}")
        root = Workflow(name="w", edges=[("START", decide), (decide, {"a": on_a, "b": on_b})])
        """),
        encoding="utf-8",
    )
    assert list(lint_paths([tmp_path], Settings(root=tmp_path)).findings) == []

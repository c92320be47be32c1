"""Edge lists kept in module-level variables are read as ADK builds them, unless the variable
is changed after it is bound (then the workflow is unknown, and nothing is concluded)."""

from __future__ import annotations

from pathlib import Path

import pytest

from templating.project.reading import read_project

HEAD = """\
from google.adk import Agent, Event, Workflow


def first():
    return Event(state={"k": 1})


reader = Agent(name="reader", instruction="{k}")
"""


def _workflow(tmp_path: Path, tail: str):
    (tmp_path / "agent.py").write_text(HEAD + tail, encoding="utf-8")
    (workflow,) = read_project([tmp_path], root=tmp_path).workflows
    return workflow


@pytest.mark.parametrize(
    "tail",
    [
        'EDGES = [("START", first, reader)]\nroot = Workflow(name="w", edges=EDGES)\n',
        'HEAD_EDGES = [("START", first)]\nroot = Workflow(name="w", edges=[*HEAD_EDGES, (first, reader)])\n',
        'A = [("START", first)]\nB = [(first, reader)]\nroot = Workflow(name="w", edges=A + B)\n',
    ],
)
def test_edges_in_variables_are_read(tmp_path: Path, tail: str) -> None:
    workflow = _workflow(tmp_path, tail)
    assert not workflow.unknown
    assert {(e.source, e.target) for e in workflow.edges} == {("START", "first"), ("first", "reader")}


@pytest.mark.parametrize(
    "tail",
    [
        'EDGES = [("START", first)]\nEDGES.append((first, reader))\nroot = Workflow(name="w", edges=EDGES)\n',
        'EDGES = [("START", first)]\nEDGES += [(first, reader)]\nroot = Workflow(name="w", edges=EDGES)\n',
        'EDGES = [("START", first)]\nEDGES = [("START", reader)]\nroot = Workflow(name="w", edges=EDGES)\n',
        'root = Workflow(name="w", edges=make_edges())\n',
    ],
)
def test_edges_changed_after_binding_leave_the_workflow_unknown(tmp_path: Path, tail: str) -> None:
    assert _workflow(tmp_path, tail).unknown

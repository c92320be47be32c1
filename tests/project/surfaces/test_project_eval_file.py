"""An ADK eval file (``*.evalset.json``, ``*.test.json``): each eval case is a state a run
starts with, placed at its ``state`` member; anything else named so is left alone, and a broken
eval set is reported, never a crash."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from templating.project.eval_file import eval_facts
from templating.project.model.instruction import SourceFile
from templating.project.reading import SourceCache, read_text
from templating.project.surfaces.evaluation import EVALUATION

EVAL_SET = textwrap.dedent("""
    {
      "eval_set_id": "greet",
      "eval_cases": [
        {
          "eval_id": "named",
          "conversation": [],
          "session_input": {"app_name": "greeter", "user_id": "u", "state": {"user_name": "Ada", "mood": "glad"}}
        },
        {
          "evalId": "camel",
          "sessionInput": {"appName": "other", "userId": "u",
            "state": {}}
        },
        {"eval_id": "no_session", "conversation": []},
        {"eval_id": "no_state", "session_input": {"app_name": "greeter", "user_id": "u"}},
        {"eval_id": "bad_state", "session_input": {"app_name": "greeter", "user_id": "u", "state": [1]}},
        {"eval_id": "bad_session", "session_input": "text"},
        "not a case"
      ]
    }
""").lstrip()


def _starts(text: str, name: str = "greet.evalset.json") -> list[tuple]:
    facts = eval_facts(SourceFile(name, text), "/key")
    assert facts is not None
    return [(s.label, sorted(s.keys), s.app_name, s.line, s.column, s.end_column) for s in facts.run_starts]


def test_eval_file_each_case_is_a_run_start_at_its_state():
    assert _starts(EVAL_SET) == [
        ("eval case `named`", ["mood", "user_name"], "greeter", 7, 64, 71),
        ("eval case `camel`", [], "other", 12, 9, 16),
        ("eval case `no_session`", [], None, 14, 6, 15),
        ("eval case `no_state`", [], "greeter", 15, 29, 44),
    ]  # fmt: skip


def test_eval_file_position_is_the_state_members_name():
    text = EVAL_SET.splitlines()
    assert text[6][63:70] == '"state"'
    assert text[11][8:15] == '"state"'
    assert text[13][5:14] == '"eval_id"'
    assert text[14][28:43] == '"session_input"'


def test_eval_file_repeated_members_count_the_last_as_json_does():
    text = '{"eval_cases": [{"eval_id": "a", "session_input": {"state": {"x": 1}, "state": {"y": 2}}}]}'
    assert json.loads(text)["eval_cases"][0]["session_input"]["state"] == {"y": 2}
    assert _starts(text) == [("eval case `a`", ["y"], None, 1, 71, 78)]


@pytest.mark.parametrize(
    "text", ['{"eval_set_id": "s"}', '{"eval_cases": {}}', '[{"eval_cases": []}]', '"eval_cases"']
)  # fmt: skip
def test_eval_file_that_is_no_eval_set_gives_no_facts(text):
    assert eval_facts(SourceFile("x.test.json", text), "/key") is None


def _read(tmp_path: Path, name: str, text: str):
    return read_text(text, tmp_path / name, name, SourceCache(tmp_path))


def test_eval_file_surface_reads_an_eval_set(tmp_path):
    reading = _read(tmp_path, "greet.evalset.json", EVAL_SET)
    assert reading.problem is None and reading.instructions == ()
    assert [start.label for facts in reading.facts for start in facts.run_starts][:2] == [
        "eval case `named`", "eval case `camel`",
    ]  # fmt: skip


def test_eval_file_surface_leaves_other_tools_test_json_alone(tmp_path):
    # A Jest snapshot or an older ADK test file (a list of turns: its state is the test's
    # `initial.session.json`) holds no eval case.
    for text in ('{"snapshot": 1}', '[{"query": "hi", "expected_tool_use": []}]', "not json at all"):
        assert not EVALUATION.may_hold("x.test.json", text.encode())
        reading = _read(tmp_path, "x.test.json", text)
        assert reading.problem is None and reading.facts == ()


def test_eval_file_surface_reports_a_broken_eval_set(tmp_path):
    reading = _read(tmp_path, "bad.evalset.json", '{"eval_cases": [\n  {"eval_id": }]}')
    assert reading.problem is not None
    assert (reading.problem.kind, reading.problem.line, reading.problem.column) == ("invalid", 2, 15)
    assert reading.problem.message.startswith("invalid JSON: ")


def test_eval_file_surface_reports_a_number_python_cannot_hold(tmp_path):
    reading = _read(tmp_path, "big.evalset.json", '{"eval_cases": [], "n": ' + "9" * 5000 + "}")
    assert reading.problem is not None and "too long" in reading.problem.message

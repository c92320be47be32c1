"""An evaluation's ``initial.session.json``: found like agent code, its ``state`` keys are
initial writers at exact positions, and a broken file is reported, never a crash."""

from __future__ import annotations

import json
import os
import textwrap
import time
from pathlib import Path

import pytest

from templating.cli import main
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.files import collect_files
from templating.project.model.instruction import SourceFile
from templating.project.session_file import session_facts

AGENT = textwrap.dedent("""
    from google.adk.agents import LlmAgent

    root_agent = LlmAgent(name="planner", instruction="Plan a trip from {origin} to {city}.")
""").lstrip()

SESSION = textwrap.dedent("""
    {
      "id": "test_id",
      "app_name": "trip",
      "user_id": "test_user",
      "state": {
        "origin": "San Francisco",
        "city": "Oslo"
      },
      "events": []
    }
""").lstrip()


@pytest.fixture
def project(tmp_path, monkeypatch):
    """An agent reading ``origin`` and ``city``, and the session file seeding both."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))
    (tmp_path / "trip").mkdir()
    (tmp_path / "trip" / "agent.py").write_text(AGENT)
    (tmp_path / "trip" / "initial.session.json").write_text(SESSION)
    return tmp_path


def _lint(root: Path, *, cache: bool = False) -> list[tuple[str, int, int, str, str]]:
    result = lint_paths([root], Settings(root=root), jobs=1, cache=cache)
    return [(f.path, f.line, f.column, f.code, f.message) for f in result.findings]


def _writers(text: str) -> list[tuple[str | None, str, int, int]]:
    facts = session_facts(SourceFile("initial.session.json", text), "/key")
    assert facts is not None
    return [(w.key, w.via, w.line, w.column) for w in facts.writers]


def test_session_file_collected_when_walking_and_when_named(project):
    (project / "trip" / "other.session.json").write_text(SESSION)
    (project / "trip" / "state.json").write_text("{}")
    walked = collect_files([project], project, (), ())
    assert sorted(path.relative_to(project).as_posix() for path in walked) == [
        "trip/agent.py", "trip/initial.session.json",
    ]  # fmt: skip
    named = project / "trip" / "initial.session.json"
    assert collect_files([named], project, (), ()) == [named]


def test_session_file_keys_are_written_so_no_tpl014(project):
    assert _lint(project) == []


def test_session_file_without_the_key_gives_tpl014_back(project):
    (project / "trip" / "initial.session.json").write_text(SESSION.replace('"city": "Oslo"', '"country": "NO"'))
    assert _lint(project) == [
        ("trip/agent.py", 3, 82, "TPL014", "`city` is read by agent `planner`, but nothing in the project writes it"),
        ("trip/initial.session.json", 5, 3, "TPL028",
         ("the session starts a run of app `planner` without `city`: the run fails when `planner` reads `city` "
          "(trip/agent.py:3)")),
    ]  # fmt: skip


def test_session_file_in_another_folder_still_counts_for_the_project(project):
    # As with `create_session(state=...)` literals, a known key is written for the whole project.
    (project / "evaluations").mkdir()
    (project / "trip" / "initial.session.json").rename(project / "evaluations" / "initial.session.json")
    assert _lint(project) == []


def test_session_file_writers_at_each_key_of_state(project):
    text = (project / "trip" / "initial.session.json").read_text()
    assert _writers(text) == [("origin", "initial", 6, 5), ("city", "initial", 7, 5)]


def test_session_file_positions_skip_nested_and_earlier_state_objects():
    text = (
        '{"events": [{"state": {"not_this": 1}}],\n'
        '  "state"  :  {"a": {"nested": 1}, "caf\\u00e9": [1, {"b": 2}],\n'
        '\t"c" : "x, \\"d\\": 1"},\n'
        ' "state_delta": {"e": 1}}'
    )
    assert _writers(text) == [("a", "initial", 2, 16), ("café", "initial", 2, 36), ("c", "initial", 3, 2)]


def test_session_file_repeated_state_member_counts_the_last_as_json_does():
    text = '{"state": {"first": 1},\n "state": {"second": 2}}'
    assert json.loads(text)["state"] == {"second": 2}
    assert _writers(text) == [("second", "initial", 2, 12)]


def test_session_file_empty_state_has_no_writers():
    assert _writers('{"state": {}}') == []
    assert _writers('{"state": { }, "id": "x"}') == []


@pytest.mark.parametrize("text", ['{"state": [1, 2]}', '{"state": null}', '{"id": "x"}', '[{"state": {}}]', '"text"'])
def test_session_file_without_a_state_object_gives_no_facts(text, project):
    assert session_facts(SourceFile("initial.session.json", text), "/key") is None
    (project / "trip" / "initial.session.json").write_text(text)
    assert [finding[3] for finding in _lint(project)] == ["TPL014", "TPL014"]


def test_session_file_invalid_json_is_tpl013_at_the_error(project):
    (project / "trip" / "initial.session.json").write_text('{\n  "state" {"origin": "SF"}\n}\n')
    assert [finding[:4] for finding in _lint(project)] == [
        ("trip/agent.py", 3, 70, "TPL014"), ("trip/agent.py", 3, 82, "TPL014"),
        ("trip/initial.session.json", 2, 11, "TPL013"),
    ]  # fmt: skip
    assert _lint(project)[2][4] == "invalid JSON: Expecting ':' delimiter"


def test_session_file_invalid_json_respects_rule_selection(project):
    (project / "trip" / "initial.session.json").write_text('{"state": ')
    enabled = Settings.all_codes() - {"TPL013"}
    result = lint_paths([project], Settings(root=project, enabled=enabled), jobs=1)
    assert [finding.code for finding in result.findings] == ["TPL014", "TPL014"]


def test_session_file_non_ascii_and_empty_text(project):
    session = project / "trip" / "initial.session.json"
    session.write_text('{"state": {"origin": "Zürich", "city": "Tromsø"}}', encoding="utf-8")
    assert _lint(project) == []
    session.write_text("")
    assert _lint(project)[-1] == ("trip/initial.session.json", 1, 1, "TPL013", "invalid JSON: Expecting value")


def test_session_file_seeds_keys_before_the_first_agent_so_no_tpl015(project):
    (project / "trip" / "agent.py").write_text(
        textwrap.dedent("""
        from google.adk.agents import LlmAgent, SequentialAgent

        first = LlmAgent(name="first", instruction="Use {origin} and {city}.")
        second = LlmAgent(name="second", instruction="Plan.", output_key="city")
        root_agent = SequentialAgent(name="trip", sub_agents=[first, second])
    """).lstrip()
    )
    assert _lint(project) == []
    (project / "trip" / "initial.session.json").write_text('{"state": {"origin": "SF"}}')
    assert [(finding[3], finding[1]) for finding in _lint(project)] == [("TPL015", 3), ("TPL028", 1)]


def _age(folder: Path) -> None:
    """Date every file a minute back, older than the cache's racy window."""
    past = time.time() - 60
    for parent, _, files in os.walk(folder):
        for name in files:
            os.utime(os.path.join(parent, name), (past, past))


def test_session_file_cached_and_invalidated_when_edited(project, monkeypatch):
    import templating.lint.linter as linter

    linted: list[str] = []
    lint_files = linter.lint_files

    def counting(files, settings):
        linted.extend(file.name for file in files)
        return lint_files(files, settings)

    monkeypatch.setattr(linter, "lint_files", counting)
    _age(project)
    assert _lint(project, cache=True) == []
    assert sorted(linted) == ["agent.py", "initial.session.json"]
    linted.clear()
    assert _lint(project, cache=True) == [] and linted == []
    session = project / "trip" / "initial.session.json"
    session.write_text(SESSION.replace('"origin"', '"origen"'))
    _age(project)
    assert [finding[4].split(",")[0] for finding in _lint(project, cache=True)] == [
        "`origin` is read by agent `planner`",
        (
            "the session starts a run of app `planner` without `origin`: the run fails when `planner` reads `origin` "
            "(trip/agent.py:3)"
        ),
    ]
    assert linted == ["initial.session.json"]
    linted.clear()
    session.write_text(SESSION)
    assert _lint(project, cache=True) == [] and linted == ["initial.session.json"]


def test_session_file_writer_named_by_render_explain(project, capsys):
    (project / "trip" / "prompt.txt").write_text("From {origin}")
    (project / "state.json").write_text('{"origin": "SF"}')
    code = main(["render", "trip/prompt.txt", "--state", "state.json", "--explain"])
    lines = capsys.readouterr().err.splitlines()
    assert code == 0
    assert lines[1] == "    written by: the initial state (trip/initial.session.json:6:5)"


def test_session_file_in_the_graph_as_create_session_is(project, capsys):
    main(["graph", "--format", "json"])
    from_session_file = json.loads(capsys.readouterr().out)
    (project / "trip" / "initial.session.json").unlink()
    (project / "trip" / "main.py").write_text(
        'async def main(service):\n    await service.create_session(state={"origin": "SF", "city": "Oslo"})\n'
    )
    main(["graph", "--format", "json"])
    from_create_session = json.loads(capsys.readouterr().out)
    assert from_create_session["agents"] == from_session_file["agents"]
    assert [(i["key"], i["file"]) for i in from_session_file["initial"]] == [
        ("origin", "trip/initial.session.json"), ("city", "trip/initial.session.json"),
    ]  # fmt: skip
    assert sorted(i["key"] for i in from_create_session["initial"]) == ["city", "origin"]

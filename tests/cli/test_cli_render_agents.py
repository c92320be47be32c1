"""`templating render` previews what an agent sends: by agent (`--agent NAME`, found in the
project model) or by `FILE.py:CONSTANT` / `package.module:CONSTANT` for Python agents; and
`--explain` lists every placeholder, the missing ones included."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from templating.cli import main

ROOT = Path(__file__).resolve().parents[2]

STATE = {
    "user:name": "Ada",
    "destination": "Lisbon",
    "budget": "90",
    "plan": "day 1: walk",
    "user:home_city": "Porto",
}


@pytest.fixture
def project(tmp_path, monkeypatch):
    shutil.copytree(ROOT / "examples" / "travel_agent", tmp_path / "travel_agent")
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "state.json").write_text(json.dumps(STATE))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    return tmp_path


def test_render_a_python_constant_by_file_and_name(project, capsys):
    status = main(["render", "travel_agent/travel_agent/prompt.py:PLANNER_INSTRUCTION", "--state", "state.json"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("Plan the days of the trip to Lisbon.\nReturn the plan as day 1: walk,")


def test_render_a_python_constant_by_module_and_name(project, capsys):
    status = main(["render", "travel_agent.travel_agent.prompt:PLANNER_INSTRUCTION", "--state", "state.json"])
    assert status == 0
    assert capsys.readouterr().out.startswith("Plan the days of the trip to Lisbon.")


def test_render_an_agent_by_name_found_in_the_project(project, capsys):
    status = main(["render", "--agent", "planner", "--state", "state.json"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("Plan the days of the trip to Lisbon.")
    assert "import" not in out  # never the agent's Python source


def test_render_an_agent_with_a_project_folder(project, capsys, monkeypatch):
    monkeypatch.chdir(project.parent)
    status = main(["render", "--agent", "planner", "--project", str(project / "travel_agent"), "--state",
                   str(project / "state.json")])  # fmt: skip
    assert status == 0
    assert capsys.readouterr().out.startswith("Plan the days of the trip to Lisbon.")


def test_render_an_unknown_agent_names_the_agents_there_are(project, capsys):
    status = main(["render", "--agent", "nobody"])
    err = capsys.readouterr().err
    assert status == 2
    assert "no agent named `nobody`" in err and "`planner`" in err and "`travel_agent`" in err


def test_render_an_unknown_constant_is_a_clear_error(project, capsys):
    status = main(["render", "travel_agent/travel_agent/prompt.py:MISSING"])
    err = capsys.readouterr().err
    assert status == 2
    assert "MISSING" in err and "PLANNER_INSTRUCTION" in err and "Traceback" not in err


def test_render_a_python_file_without_a_name_says_how_to_name_the_instruction(project, capsys):
    status = main(["render", "travel_agent/travel_agent/agent.py"])
    captured = capsys.readouterr()
    assert status == 2
    assert "from google.adk" not in captured.out
    assert "--agent" in captured.err and ":CONSTANT" in captured.err


def test_render_agent_and_file_together_is_a_usage_error(project, capsys):
    assert main(["render", "x.txt", "--agent", "planner"]) == 2


def test_explain_lists_every_placeholder_missing_ones_included(project, capsys):
    (project / "partial.json").write_text(json.dumps({"user:name": "Ada"}))
    status = main(["render", "travel_agent/travel_agent/prompt.py:ROOT_INSTRUCTION", "--state", "partial.json",
                   "--explain"])  # fmt: skip
    captured = capsys.readouterr()
    assert status == 1  # the render itself fails at the first missing key
    assert "`destination`" in captured.err and "missing" in captured.err
    explained = [line for line in captured.err.splitlines() if line.startswith("key `")]
    assert not any(line.startswith("output ") for line in captured.err.splitlines())  # nothing was printed
    keys = [line.split("`")[1] for line in explained]
    assert keys == ["user:name", "itinerary", "destination", "budget"][: len(keys)] and "destination" in keys
    assert any("`user:name`" in line and "'Ada'" in line and "state" in line for line in explained)
    assert any("`itinerary`" in line and "optional" in line for line in explained)


def test_explain_of_a_template_file_lists_missing_keys_after_the_first(tmp_path, capsys):
    (tmp_path / "t.txt").write_text("Hi {name}, from {city} to {country}.")
    (tmp_path / "s.json").write_text(json.dumps({"city": "Oslo"}))
    status = main(["render", str(tmp_path / "t.txt"), "--state", str(tmp_path / "s.json"), "--explain"])
    err = capsys.readouterr().err
    assert status == 1
    lines = [line for line in err.splitlines() if line.startswith("key `")]
    assert [line.split("`")[1] for line in lines] == ["name", "city", "country"]
    assert "output" not in err  # the render printed nothing: no span of an output is named
    assert "missing" in lines[0] and "'Oslo'" in lines[1] and "missing" in lines[2]


def test_a_missing_key_in_a_python_constant_is_reported_at_its_line_in_the_module(project, capsys):
    status = main(["render", "travel_agent/travel_agent/prompt.py:ROOT_INSTRUCTION"])
    err = capsys.readouterr().err
    assert status == 1
    # `{user:name}` is on line 3 of prompt.py, after `ROOT_INSTRUCTION = """You are a travel assistant for `;
    # the key is at column 55, where lint reports it.
    assert err.startswith("travel_agent/travel_agent/prompt.py:3:55: Context variable not found: `user:name`")


def test_a_missing_key_of_an_agent_names_the_agent(project, capsys):
    assert main(["render", "--agent", "travel_agent"]) == 1
    assert "in agent 'travel_agent'" in capsys.readouterr().err


def test_explain_of_an_agent_whose_instruction_is_a_committed_file(tmp_path, capsys, monkeypatch):
    # Every placeholder is listed, each missing one with the agent's name, as the render says it.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "app" / "instructions").mkdir(parents=True)
    (tmp_path / "app" / "instructions" / "root.md").write_text(
        "# Root\n\nHelp {user_name} with {topic}.\nEnd: {sign}\n"
    )
    (tmp_path / "app" / "agent.py").write_text(
        "from pathlib import Path\nfrom google.adk.agents import Agent\n\n"
        "root_agent = Agent(name='helper', instruction=(Path(__file__).parent / 'instructions' / 'root.md').read_text())\n"
    )
    (tmp_path / "state.json").write_text(json.dumps({"topic": "tea"}))
    status = main(["render", "--agent", "helper", "--state", "state.json", "--explain"])
    err = capsys.readouterr().err
    assert status == 1
    assert err.startswith("app/instructions/root.md:3:7: Context variable not found: `user_name` in agent 'helper'")
    lines = [line for line in err.splitlines() if line.startswith("key `")]
    assert [line.split("`")[1] for line in lines] == ["user_name", "topic", "sign"]
    assert "in agent 'helper'" in lines[0] and "'tea'" in lines[1] and "in agent 'helper'" in lines[2]


@pytest.mark.parametrize(
    ("target", "key"),
    [
        ("travel_agent/travel_agent/prompt.py:ROOT_INSTRUCTION", "user:name"),
        ("travel_agent/travel_agent/prompt.py:PLANNER_INSTRUCTION", "destination"),
    ],
)
def test_a_missing_key_is_placed_where_lint_reports_it(project, capsys, target, key):
    (project / "empty.json").write_text("{}")
    assert main(["render", target, "--state", "empty.json"]) == 1
    where = capsys.readouterr().err.split(": Context variable not found")[0]
    assert main(["lint", "travel_agent", "--output-format", "json", "--select", "TPL014", "--exit-zero"]) == 0
    findings = json.loads(capsys.readouterr().out)
    reported = {
        f"{finding['filename']}:{finding['location']['row']}:{finding['location']['column']}"
        for finding in findings if f"`{key}`" in finding["message"]
    }  # fmt: skip
    assert where in reported, (where, reported)

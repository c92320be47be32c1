"""A sample state is not a seed. ``state`` / ``--state`` (sample values for TPL011 and
previews) never counts as written: a key nothing writes is still TPL014 and a late read still
TPL015 when the sample holds it. ``initial-state`` / ``--initial-state`` is the state a
session really starts with (as ``create_session(state=...)`` or ``initial.session.json``):
its keys are written before anything runs."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from templating.lint.config import ToolConfig, build_settings
from templating.lint.linter import lint_paths

AGENT = """\
from google.adk.agents import LlmAgent

root_agent = LlmAgent(name="helper", instruction="Help with {topic}, in {tone}.")
"""

WORKFLOW = """\
from google.adk import Agent, Event, Workflow


def review(ctx):
    ctx.state["critique"] = "shorter"
    return Event(route="done")


draft = Agent(name="draft", instruction="Write it again: {critique}.", output_key="text")
root_agent = Workflow(name="loop", edges=[("START", draft, review, {"retry": draft, "done": "END_NODE"})])
"""


def _project(root: Path, agent: str, sample: dict | None = None, seed: dict | None = None) -> None:
    (root / "agent.py").write_text(agent, encoding="utf-8")
    if sample is not None:
        (root / "state.example.json").write_text(json.dumps(sample), encoding="utf-8")
    if seed is not None:
        (root / "initial.json").write_text(json.dumps(seed), encoding="utf-8")


def _findings(root: Path, **options) -> list[tuple[str, str]]:
    settings = build_settings(ToolConfig(), root, **options)
    return [(f.code, f.message.split("`")[1]) for f in lint_paths([root], settings).findings]


def test_a_key_in_the_sample_that_nothing_writes_is_still_unwritten(tmp_path: Path) -> None:
    _project(tmp_path, AGENT, sample={"topic": "tea"})
    # `topic` is in the sample but no session has it: TPL014. `tone` is not in the sample: TPL011 alone.
    assert sorted(_findings(tmp_path, state=tmp_path / "state.example.json")) == [
        ("TPL011", "tone"), ("TPL014", "topic"),
    ]  # fmt: skip


def test_a_late_read_stays_late_with_the_key_in_the_sample(tmp_path: Path) -> None:
    _project(tmp_path, WORKFLOW.replace('"END_NODE"', "draft"), sample={"critique": "none yet"})
    without = _findings(tmp_path)
    assert [code for code, _ in without] == ["TPL015"]
    assert _findings(tmp_path, state=tmp_path / "state.example.json") == without


def test_an_initial_state_seeds(tmp_path: Path) -> None:
    _project(tmp_path, AGENT, seed={"topic": "tea", "tone": "warm"})
    assert _findings(tmp_path, initial_state=tmp_path / "initial.json") == []
    _project(tmp_path, WORKFLOW.replace('"END_NODE"', "draft"), seed={"critique": ""})
    assert _findings(tmp_path, initial_state=tmp_path / "initial.json") == []


def test_the_initial_state_setting_and_option(tmp_path: Path) -> None:
    _project(tmp_path, AGENT, sample={"topic": "tea", "tone": "warm"}, seed={"topic": "tea"})
    (tmp_path / "pyproject.toml").write_text(
        '[tool.templating]\nstate = "state.example.json"\ninitial-state = "initial.json"\n', encoding="utf-8"
    )
    command = [sys.executable, "-m", "templating", "lint", "--no-cache", "--output-format", "concise", "agent.py"]
    run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert "TPL014 `tone`" in run.stdout and "`topic`" not in run.stdout, run.stdout + run.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nstate = "state.example.json"\n', encoding="utf-8")
    run = subprocess.run(
        [*command, "--initial-state", "initial.json"], cwd=tmp_path, capture_output=True, text=True, check=False
    )
    assert "TPL014 `tone`" in run.stdout and "`topic`" not in run.stdout, run.stdout + run.stderr


def test_an_initial_state_file_that_is_missing_is_a_clear_error(tmp_path: Path) -> None:
    _project(tmp_path, AGENT)
    command = [sys.executable, "-m", "templating", "lint", "--initial-state", "nowhere.json", "agent.py"]
    run = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, check=False)
    assert run.returncode == 2 and "nowhere.json: no such state file" in run.stderr and "Traceback" not in run.stderr

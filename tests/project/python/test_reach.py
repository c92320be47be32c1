"""Reach in Python (issue 37): shapes of real code that kept the reader from judging reads it
could judge, so that silence was blindness.

- agent classes imported through a module of the project that re-exports them
  (``from .imports import LlmAgent``): no agent was seen;
- a tool imported from a module that names no agent, state or event: the module was not read,
  so its tools were taken to write any key and nothing was reported;
- keys named by constants (``output_key=STATE_DRAFT``): the writer's key was unknown.

The runtime decides: the program in ``tests/data/reexport/`` runs under google-adk 2.13.0 with
a scripted model (`workflow_oracle`), and the reads that fail are what TPL014/TPL015 report.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from workflow_oracle import run_fixture_recorded

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project

PROGRAM = Path(__file__).resolve().parents[2] / "data" / "reexport"


def _state_flow(folder: Path) -> set[tuple[str, str]]:
    found = set()
    for finding in lint_paths([folder], Settings(root=folder)).findings:
        if finding.code in ("TPL014", "TPL015"):
            key = finding.message.split("`")[1] if finding.code == "TPL014" else finding.message.split("`")[3]
            agent = finding.message.split("`")[3] if finding.code == "TPL014" else finding.message.split("`")[1]
            found.add((agent, key))
    return found


def test_reexported_classes_and_a_plain_tool_module_are_read_as_adk_runs_them(tmp_path: Path) -> None:
    shutil.copytree(PROGRAM, tmp_path / "program")
    sys.path.insert(0, str(tmp_path / "program"))
    try:
        failed = run_fixture_recorded("reexport", tmp_path / "program" / "agent.py").failures
    finally:
        sys.path.remove(str(tmp_path / "program"))
    assert failed == {("reader", "forecast")}
    assert _state_flow(tmp_path / "program") == failed


def test_a_tool_from_a_file_that_cannot_be_read_may_still_write_anything(tmp_path: Path) -> None:
    # A plain module is read (it names no state, so its tools write nothing); a module that
    # cannot be parsed is not, and its tools may write any key: nothing is said of the reads.
    shutil.copytree(PROGRAM, tmp_path / "program")
    broken = "def lookup_city(city, tool_context):\n    tool_context.state[\n"
    (tmp_path / "program" / "lookups.py").write_text(broken, encoding="utf-8")
    assert _state_flow(tmp_path / "program") == set()


def test_a_key_named_by_a_constant_is_the_writers_key(tmp_path: Path) -> None:
    (tmp_path / "keys.py").write_text('STATE_DRAFT = "draft"\n\n\nclass Keys:\n    NOTE = "note"\n', encoding="utf-8")
    (tmp_path / "agent.py").write_text(
        "from google.adk.agents import LlmAgent\nfrom keys import STATE_DRAFT, Keys\n\n\n"
        "def keep(tool_context):\n    tool_context.state[Keys.NOTE] = 1\n\n\n"
        'writer = LlmAgent(name="writer", instruction="Write.", output_key=STATE_DRAFT, tools=[keep])\n',
        encoding="utf-8",
    )
    (writer,) = read_project([tmp_path], root=tmp_path).agents
    assert sorted((w.key, w.via) for w in writer.writes) == [("draft", "output_key"), ("note", "tool")]

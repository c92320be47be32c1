"""Agent Config YAML workflows (``agent_class: Workflow``, ``edges:``) in the project model:
the edges are the ones google-adk's config loader compiles, and the order applies."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from google.adk.agents.config_agent_utils import from_config

from templating.cli import main
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

YAML_PROJECT = Path(__file__).resolve().parents[2] / "data" / "workflow_yaml"


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    shutil.copytree(YAML_PROJECT / "app", tmp_path / "app")
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))  # ADK imports `app.steps.prepare`
    yield tmp_path
    for name in ("app.steps", "app"):
        sys.modules.pop(name, None)


def test_yaml_workflow_edges_are_the_ones_adk_compiles(project: Path, capsys) -> None:
    workflow = from_config(str(project / "app" / "root.yaml"))
    theirs = {("START" if e.from_node.name == "__START__" else e.from_node.name, e.to_node.name,
               None if e.route is None else (str(e.route),)) for e in workflow.graph.edges}  # fmt: skip
    assert main(["graph", "app", "--format", "json"]) == 0
    (drawn,) = json.loads(capsys.readouterr().out)["workflows"]
    assert drawn["name"] == "yaml_flow"
    assert {(e["from"], e["to"], e["route"] and tuple(e["route"])) for e in drawn["edges"]} == theirs


def test_yaml_workflow_reads_are_judged_over_its_order(project: Path) -> None:
    findings = lint_paths([Path("app")], Settings(root=project)).findings
    assert [(f.path, f.code, f.message.split(",")[0]) for f in findings] == [
        ("app/reader.yaml", "TPL014", "`never` is read by agent `reader`"),
    ]

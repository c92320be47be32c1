"""``templating graph`` draws graph workflows: nodes by kind, edges with routes, node keys."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from workflow_oracle import FIXTURES

from templating.cli import main


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for name in ("join_never_fires", "default_route"):
        shutil.copyfile(FIXTURES / f"{name}.py", tmp_path / f"{name}.py")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _graph(capsys: pytest.CaptureFixture[str], output_format: str) -> str:
    assert main(["graph", ".", "--format", output_format]) == 0
    return capsys.readouterr().out


def test_graph_json_lists_workflow_nodes_and_routed_edges(project: Path, capsys) -> None:
    workflows = {w["name"]: w for w in json.loads(_graph(capsys, "json"))["workflows"]}
    joined = workflows["join_never_fires"]
    assert {"from": "router", "to": "a", "route": ["A"]} in joined["edges"]
    assert {"from": "router", "to": "c", "route": None} in joined["edges"]
    kinds = {node["name"]: node["kind"] for node in joined["nodes"]}
    assert kinds == {"START": "start", "router": "function", "a": "function", "c": "function", "gather": "join",
                     "after": "agent"}  # fmt: skip
    writes = {node["name"]: node["writes"] for node in joined["nodes"]}
    assert writes["a"] == ["ka"] and writes["router"] == []
    default = workflows["default_route"]
    assert {"from": "router", "to": "on_default", "route": ["__DEFAULT__"]} in default["edges"]


def test_graph_mermaid_labels_routes_and_draws_joins(project: Path, capsys) -> None:
    text = _graph(capsys, "mermaid")
    assert "subgraph wf" in text and '["workflow join_never_fires"]' in text
    assert "_router -->|A| " in text and "_router -->|default| " in text
    assert '{{"gather<br/><small>join</small>"}}' in text


def test_graph_dot_labels_routes(project: Path, capsys) -> None:
    text = _graph(capsys, "dot")
    assert 'label="A"' in text and 'label="default"' in text
    assert 'shape=diamond, label="gather\\n(join)"' in text

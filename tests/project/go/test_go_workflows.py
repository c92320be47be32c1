"""adk-go v2 graph workflows on the neutral workflow model: edges, agent and function nodes."""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.reading import read_file
from templating.project.sources import SourceCache

HEADER = """package main

import (
\t"google.golang.org/adk/v2/agent"
\t"google.golang.org/adk/v2/agent/llmagent"
\t"google.golang.org/adk/v2/agent/workflowagent"
\t"google.golang.org/adk/v2/workflow"
)

func save(ctx agent.Context, input string) (string, error) {
\tctx.State().Set("saved", input)
\treturn input, nil
}

func pass(ctx agent.Context, input string) (string, error) {
\treturn input, nil
}

func build() {
\tw, _ := llmagent.New(llmagent.Config{Name: "w", Instruction: "Write.", OutputKey: "x"})
\tr, _ := llmagent.New(llmagent.Config{Name: "r", Instruction: "Use {x} and {saved}."})
\twn := workflow.NewAgentNode(w, workflow.NodeConfig{})
\trn := workflow.NewAgentNode(r, workflow.NodeConfig{})
\tsaveNode := workflow.NewFunctionNode("save", save, workflow.NodeConfig{})
\tpassNode := workflow.NewFunctionNode("pass", pass, workflow.NodeConfig{})
"""


def _lint(folder: Path, edges: str, run_cli) -> list[str]:
    body = HEADER + f'\twf, _ := workflowagent.New(workflowagent.Config{{Name: "wf", Edges: {edges}}})\n\t_ = wf\n}}\n'
    (folder / "main.go").write_text(body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--output-format", "concise", str(folder / "main.go"))
    return re.findall(r"(TPL\d+) .*? read `([^`]+)`", out)


def test_go_workflow_chain_in_order_is_in_time(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, "workflow.Chain(workflow.Start, wn, saveNode, passNode, rn)", run_cli) == []


def test_go_workflow_chain_out_of_order_reads_too_early(tmp_path: Path, run_cli) -> None:
    found = _lint(tmp_path, "workflow.Chain(workflow.Start, rn, wn, saveNode)", run_cli)
    assert sorted(found) == [("TPL015", "saved"), ("TPL015", "x")]


def test_go_workflow_edges_with_a_route_may_skip_the_writer(tmp_path: Path, run_cli) -> None:
    edges = (
        "workflow.Concat(workflow.Chain(workflow.Start, wn, passNode), []workflow.Edge{"
        '{From: passNode, To: saveNode, Route: workflow.StringRoute("keep")}, {From: saveNode, To: rn}, '
        "{From: passNode, To: rn, Route: workflow.Default}})"
    )
    assert _lint(tmp_path, edges, run_cli) == [("TPL015", "saved")]


def test_go_workflow_facts_name_nodes_and_routes(tmp_path: Path) -> None:
    edges = '[]workflow.Edge{{From: workflow.Start, To: passNode}, {From: passNode, To: rn, Route: workflow.StringRoute("go")}}'
    (tmp_path / "main.go").write_text(
        HEADER + f'\twf, _ := workflowagent.New(workflowagent.Config{{Name: "wf", Edges: {edges}}})\n\t_ = wf\n}}\n',
        encoding="utf-8",
    )
    [facts] = read_file(tmp_path / "main.go", "adk", SourceCache(tmp_path)).facts
    [workflow] = facts.workflows
    assert (workflow.name, workflow.unknown) == ("wf", False)
    assert [(e.source, e.target.split(" ")[0], e.route) for e in workflow.edges] == [
        ("START", "pass", None), ("pass", "<agent", ("go",)),
    ]  # fmt: skip

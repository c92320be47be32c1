"""The real runtime decides what the state-flow rules say about workflows.

Each fixture under ``tests/data/workflows/`` runs under google-adk 2.13.0 with a scripted
model on every route its ``SCENARIOS`` list (`workflow_oracle.run_fixture`); the reads that
failed are what TPL014/TPL015 must report, no more and no less. Reads in ``RACES`` fail or
not depending on which concurrent sibling finishes first: the oracle accepts either, and the
linter must report them as a race (TPL018) instead. The runtime also counts how often each
node runs: a node TPL018 names must run more than once, and every node that does must be after
one of those or in a loop. The edges themselves are compared with the graph google-adk compiles.
"""

from __future__ import annotations

import ast
import shutil
import tempfile
from pathlib import Path

import pytest
from google.adk import Workflow
from google.adk.workflow import JoinNode
from workflow_oracle import (
    FIXTURES,
    fixture_names,
    load_fixture,
    run_fixture,
    run_fixture_recorded,
)

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.python.agents import python_facts
from templating.project.python.module import load_module
from templating.project.reading import read_project
from templating.project.sources import SourceCache

_STATE_FLOW = ("TPL014", "TPL015")
# Fixtures the project model does not read right yet (strict: one that passes must leave).
_NOT_YET: set[str] = set()


def _cases(names: list[str]) -> list:
    return [pytest.param(n, marks=pytest.mark.xfail(strict=True, reason="not modelled yet")) if n in _NOT_YET else n
            for n in names]  # fmt: skip


def _owners(path: Path) -> list[tuple[str, int, int]]:
    """Each agent (by its ``name=``) and function of ``path`` with its first and last line."""
    owners = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = next(
                (k.value.value for k in node.keywords if k.arg == "name" and isinstance(k.value, ast.Constant)),
                None,
            )
            if isinstance(name, str):
                owners.append((name, node.lineno, node.end_lineno or node.lineno))
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            owners.append((node.name, node.lineno, node.lineno))
    return owners


def _owner(owners: list[tuple[str, int, int]], line: int) -> str:
    """The innermost agent or function whose lines hold ``line``."""
    holding = [o for o in owners if o[1] <= line <= o[2]]
    assert holding, f"no agent or function at line {line}"
    return min(holding, key=lambda o: o[2] - o[1])[0]


def _key(source_line: str, column: int, end_column: int) -> str:
    """The key a finding's span names: ``{temp:k?}`` -> ``temp:k``, a parameter as is."""
    return source_line[column - 1 : end_column - 1].strip("{}").strip().removesuffix("?")


def lint_findings(name: str) -> list:
    """The findings of fixture ``name`` linted alone: the fixtures' folder is not one project
    (their keys and names would answer each other), so it is copied to a folder of its own."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{name}.py"
        shutil.copyfile(FIXTURES / f"{name}.py", path)
        return list(lint_paths([path], Settings(root=Path(folder))).findings)


def lint_reads(name: str, codes: tuple[str, ...] = _STATE_FLOW) -> set[tuple[str, str]]:
    """The ``(agent or node, key)`` reads the linter reports in fixture ``name`` with ``codes``."""
    owners = _owners(FIXTURES / f"{name}.py")
    findings = lint_findings(name)
    return {(_owner(owners, f.line), _key(f.source_line, f.column, f.end_column)) for f in findings if f.code in codes}


def lint_messages(name: str, code: str) -> list[str]:
    """The messages of the findings with ``code`` in fixture ``name``."""
    return [f.message for f in lint_findings(name) if f.code == code]


@pytest.mark.parametrize("name", _cases(fixture_names()))
def test_lint_reports_exactly_the_reads_the_runtime_fails(name: str) -> None:
    races = getattr(load_fixture(name), "RACES", set())
    failed = run_fixture(name) - races
    assert lint_reads(name) == failed


@pytest.mark.parametrize("name", _cases([n for n in fixture_names() if getattr(load_fixture(n), "RACES", None)]))
def test_lint_reports_races_as_fan_in_without_join(name: str) -> None:
    messages = lint_messages(name, "TPL018")
    for owner, key in load_fixture(name).RACES:
        assert any(f"`{owner}`" in m and f"`{key}`" in m for m in messages), (owner, key, messages)


def test_oracle_sees_a_route_that_skips_the_writer() -> None:
    assert run_fixture("route_skip") == {("reader", "k")}


def test_oracle_sees_output_is_not_state() -> None:
    assert run_fixture("output_not_state") == {
        ("city_agent", "city"),
        ("summary_agent", "summary"),
    }


def test_oracle_sees_timing_inside_one_agent() -> None:
    assert run_fixture("agent_timing") == {("worker", "k_bmc"), ("worker", "k_tool")}


def test_oracle_sees_parameters_bound_from_state() -> None:
    assert run_fixture("parameters") == {("use", "k_missing"), ("use", "k_later")}


def test_oracle_sees_create_session_drop_temp_keys() -> None:
    assert run_fixture("seeds") == {("reader", "temp:dropped")}


def _adk_edges(workflow) -> set[tuple[str, str, tuple[str, ...] | None]]:
    """The edges google-adk compiled for ``workflow``, by node name (START as we name it)."""
    edges = set()
    for edge in workflow.graph.edges:
        route = edge.route
        routes = None if route is None else tuple(str(r) for r in (route if isinstance(route, list) else [route]))
        names = ["START" if n.name == "__START__" else n.name for n in (edge.from_node, edge.to_node)]
        edges.add((names[0], names[1], routes))
    return edges


@pytest.mark.parametrize("name", fixture_names())
def test_workflow_edges_are_the_ones_adk_compiles(name: str) -> None:
    module = load_fixture(name)
    path = FIXTURES / f"{name}.py"
    cache = SourceCache(FIXTURES)
    facts = python_facts(load_module(path, path.read_text(encoding="utf-8"), str(path), cache), cache)
    ours = {w.name: {(e.source, e.target, e.route) for e in w.edges} for w in facts.workflows}
    theirs = {w.name: _adk_edges(w) for w in vars(module).values() if isinstance(w, Workflow)}
    assert ours == theirs


@pytest.mark.parametrize("name", fixture_names())
def test_lint_reports_exactly_the_declared_shapes(name: str) -> None:
    shapes = set()
    for finding in lint_findings(name):
        if finding.code in ("TPL018", "TPL019") and finding.message.startswith(("node `", "join `")):
            shapes.add((finding.code, finding.message.split("`")[1]))
    assert shapes == getattr(load_fixture(name), "SHAPES", set())


def _reachable(starts: set[str], edges: set[tuple[str, str]]) -> set[str]:
    seen, pending = set(starts), list(starts)
    while pending:
        current = pending.pop()
        for source, target in edges:
            if source == current and target not in seen:
                seen.add(target)
                pending.append(target)
    return seen


@pytest.mark.parametrize("name", fixture_names())
def test_tpl018_nodes_are_the_ones_the_runtime_runs_again(name: str) -> None:
    module = load_fixture(name)
    recorder = run_fixture_recorded(name)
    declared = {node for code, node in getattr(module, "SHAPES", set()) if code == "TPL018"}
    assert declared <= recorder.repeated
    # Every other node that ran twice is after one of those, or in a loop. A nested workflow's
    # START is the workflow node itself.
    edges = {(w.name if e.from_node.name == "__START__" else e.from_node.name, e.to_node.name)
             for w in vars(module).values() if isinstance(w, Workflow) for e in w.graph.edges}  # fmt: skip
    looping = {node for node in {s for s, _ in edges} if node in _reachable({t for s, t in edges if s == node}, edges)}
    assert recorder.repeated <= _reachable(declared | looping, edges)


@pytest.mark.parametrize("name", fixture_names())
def test_tpl019_joins_are_the_ones_the_runtime_leaves_waiting(name: str) -> None:
    module = load_fixture(name)
    recorder = run_fixture_recorded(name)
    declared = {node for code, node in getattr(module, "SHAPES", set()) if code == "TPL019"}
    predecessors: dict[str, set[str]] = {}
    for workflow in (w for w in vars(module).values() if isinstance(w, Workflow)):
        for edge in workflow.graph.edges:
            if isinstance(edge.to_node, JoinNode):
                arrivals = predecessors.setdefault(edge.to_node.name, set())
                if edge.route is None:  # a run of this predecessor surely reaches the join
                    arrivals.add(edge.from_node.name)
    # A join left waiting: a predecessor that always reaches it ran, the join never did.
    waiting = {join for join, sources in predecessors.items() for runs in recorder.scenarios
               if runs[join] == 0 and any(runs[s] for s in sources)}  # fmt: skip
    assert waiting == declared


@pytest.mark.parametrize("name", fixture_names())
def test_fixture_workflows_are_read_whole(name: str, tmp_path: Path) -> None:
    # An unknown node or edge would leave reads unjudged, and the comparison above hollow.
    shutil.copyfile(FIXTURES / f"{name}.py", tmp_path / f"{name}.py")
    model = read_project([tmp_path], root=tmp_path)
    assert [(w.name, [k for k, n in w.nodes.items() if n.unknown]) for w in model.workflows if w.unknown] == []


def test_oracle_sees_a_write_on_only_some_returns() -> None:
    # A write tied to route `a` is missing after route `b`; an untied conditional write may be
    # missing; a key every return writes is never missing.
    assert run_fixture("partial_writes") == {("on_b", "k_routed"), ("after_maybe", "k_maybe")}


def test_partial_writes_are_named_in_the_message() -> None:
    messages = lint_messages("partial_writes", "TPL015")
    assert len(messages) == 2
    assert any("`on_b`" in m and "`decide` writes it only on route `a`" in m for m in messages), messages
    assert any("`after_maybe`" in m and "`maybe` writes it only on some of its returns" in m for m in messages), (
        messages
    )

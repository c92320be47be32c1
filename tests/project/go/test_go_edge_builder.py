"""adk-go v2's ``workflow.EdgeBuilder`` on the neutral workflow model.

The edges each method appends are adk-go's ``workflow/edgebuilder.go`` and its own
``TestEdgeBuilder`` (``workflow/edgebuilder_test.go``): ``AddFanOut(A, B, C)`` gives A→B and
A→C, ``AddFanIn(A, B, C)`` B→A and C→A, ``AddRoutes(A, {"42": B, "workflow_C": C})`` two
``StringRoute`` edges, ``AddRoute(A, B, MultiRoute[int]{1, 2, 3})`` one edge matching any of
the three (``workflow/workflow.go``: routes compare as ``fmt.Sprint`` text).
"""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.reading import read_file
from templating.project.sources import SourceCache
from tests.project.go.real import real_file
from tests.project.go.test_go_workflows import HEADER, _lint

_NODES = (
    '\ta := workflow.NewFunctionNode("A", pass, workflow.NodeConfig{})\n'
    '\tb := workflow.NewFunctionNode("B", pass, workflow.NodeConfig{})\n'
    '\tc := workflow.NewFunctionNode("C", pass, workflow.NodeConfig{})\n'
)


def _edges(folder: Path, statements: str, edges: str) -> list[tuple[str, str, tuple[str, ...] | None]] | None:
    body = (
        HEADER
        + _NODES
        + statements
        + (f'\twf, _ := workflowagent.New(workflowagent.Config{{Name: "wf", Edges: {edges}}})\n\t_ = wf\n}}\n')
    )
    (folder / "main.go").write_text(body, encoding="utf-8")
    [facts] = read_file(folder / "main.go", "adk", SourceCache(folder)).facts
    [workflow] = facts.workflows
    return None if workflow.unknown else [(e.source, e.target, e.route) for e in workflow.edges]


def test_go_edge_builder_methods_append_the_edges_adk_go_tests_expect(tmp_path: Path) -> None:
    chain = (
        'workflow.NewEdgeBuilder().AddFanOut(a, b, c).AddFanIn(a, b, c).AddRoutes(a, map[string]workflow.Node{"42": b, '
        '"workflow_C": c}).AddRoute(a, b, workflow.MultiRoute[int]{1, 2, 3}).AddRoute(a, c, workflow.IntRoute(7))'
        ".Add(workflow.Start, a).Build()"
    )
    assert _edges(tmp_path, "", chain) == [
        ("A", "B", None), ("A", "C", None), ("B", "A", None), ("C", "A", None), ("A", "B", ("42",)),
        ("A", "C", ("workflow_C",)), ("A", "B", ("1", "2", "3")), ("A", "C", ("7",)), ("START", "A", None),
    ]  # fmt: skip


def test_go_edge_builder_in_statements_is_read_in_code_order(tmp_path: Path) -> None:
    statements = (
        "\teb := workflow.NewEdgeBuilder()\n\teb.Add(workflow.Start, a)\n"
        '\teb.AddRoute(a, b, workflow.StringRoute("go")).Add(b, c)\n'
    )
    assert _edges(tmp_path, statements, "eb.Build()") == [
        ("START", "A", None), ("A", "B", ("go",)), ("B", "C", None),
    ]  # fmt: skip


def test_go_edge_builder_call_under_a_branch_leaves_the_edges_unknown(tmp_path: Path) -> None:
    statements = "\teb := workflow.NewEdgeBuilder()\n\teb.Add(workflow.Start, a)\n\tif len(os.Args) > 1 {\n\t\teb.Add(a, b)\n\t}\n"
    assert _edges(tmp_path, statements, "eb.Build()") is None


def test_go_edge_builder_handed_to_other_code_leaves_the_edges_unknown(tmp_path: Path) -> None:
    statements = "\teb := workflow.NewEdgeBuilder()\n\teb.Add(workflow.Start, a)\n\twire(eb)\n"
    assert _edges(tmp_path, statements, "eb.Build()") is None


def test_go_edge_builder_order_is_judged_as_a_chain_is(tmp_path: Path, run_cli) -> None:
    # rn reads {x} and {saved}: before their writers in the first, after them in the second.
    early = _lint(tmp_path, "workflow.NewEdgeBuilder().Add(workflow.Start, rn).Add(rn, wn).Add(wn, saveNode).Build()",
                  run_cli)  # fmt: skip
    assert sorted(early) == [("TPL015", "saved"), ("TPL015", "x")]
    assert _lint(tmp_path, "workflow.NewEdgeBuilder().AddFanOut(workflow.Start, wn).Add(wn, saveNode)"
                 ".AddFanIn(rn, saveNode).Build()", run_cli) == []  # fmt: skip


def test_go_edge_builder_of_adk_go_complex_example_is_read(tmp_path: Path) -> None:
    path = real_file("google+adk-go/examples/workflow/complex/main.go", tmp_path)
    [facts] = read_file(path, "adk", SourceCache(path.parent)).facts
    [workflow] = facts.workflows
    assert not workflow.unknown
    # complex/main.go:229-233: fan out from Start to three researchers, fan in to `gather`,
    # then `format_summaries`, then the synthesis agent's node.
    shape = [(e.source.split(" ")[0], e.target.split(" ")[0]) for e in workflow.edges]
    assert shape == [("START", "<agent",)] * 3 + [("<agent", "gather")] * 3 + [
        ("gather", "format_summaries"), ("format_summaries", "<agent"),
    ]  # fmt: skip


_ROUTER = """
func route(ctx agent.Context, msg string, emit func(*session.Event) error) (any, error) {
\tif msg == "keep" {
\t\tkept := session.NewEvent(ctx, ctx.InvocationID())
\t\tkept.Routes = []string{"keep"}
\t\tkept.Actions.StateDelta["kept"] = msg
\t\treturn nil, emit(kept)
\t}
\tskipped := session.NewEvent(ctx, ctx.InvocationID())
\tskipped.Routes = []string{"skip"}
\treturn nil, emit(skipped)
}
"""


def _lint_routed(folder: Path, edges: str, run_cli) -> list[tuple[str, str]]:
    header = HEADER.replace('\t"google.golang.org/adk/v2/workflow"\n', '\t"google.golang.org/adk/v2/session"\n'
                            '\t"google.golang.org/adk/v2/workflow"\n').replace("func build() {\n", _ROUTER + "\nfunc build() {\n")  # fmt: skip
    body = (
        header
        + '\trouter := workflow.NewEmittingFunctionNode("router", route, workflow.NodeConfig{})\n'
        + (
            '\tk, _ := llmagent.New(llmagent.Config{Name: "k", Instruction: "Use {kept}."})\n'
            "\tkn := workflow.NewAgentNode(k, workflow.NodeConfig{})\n"
            f'\twf, _ := workflowagent.New(workflowagent.Config{{Name: "wf", Edges: {edges}}})\n\t_ = wf\n}}\n'
        )
    )
    (folder / "main.go").write_text(body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--output-format", "concise", str(folder / "main.go"))
    return re.findall(r"(TPL\d+) .*? read `([^`]+)`", out)


def test_go_key_written_on_one_routed_event_is_missing_on_the_other_route(tmp_path: Path, run_cli) -> None:
    # `kept` is in the delta of the "keep" event only: reached on "skip", kn reads it unwritten.
    edges = (
        'workflow.NewEdgeBuilder().Add(workflow.Start, router).AddRoute(router, kn, workflow.StringRoute("skip"))'
        '.AddRoute(router, passNode, workflow.StringRoute("keep")).Add(passNode, kn).Build()'
    )
    assert _lint_routed(tmp_path, edges, run_cli) == [("TPL015", "kept")]


def test_go_key_written_on_the_route_taken_is_in_time(tmp_path: Path, run_cli) -> None:
    edges = (
        'workflow.NewEdgeBuilder().Add(workflow.Start, router).AddRoute(router, kn, workflow.StringRoute("keep"))'
        '.AddRoute(router, passNode, workflow.StringRoute("skip")).Build()'
    )
    assert _lint_routed(tmp_path, edges, run_cli) == []


def test_go_routes_and_deltas_per_event_give_partial_writes(tmp_path: Path) -> None:
    header = HEADER.replace("func build() {\n", _ROUTER + "\nfunc build() {\n")
    body = (
        header
        + '\trouter := workflow.NewEmittingFunctionNode("router", route, workflow.NodeConfig{})\n'
        + (
            '\twf, _ := workflowagent.New(workflowagent.Config{Name: "wf", Edges: workflow.Chain(workflow.Start, router)})\n'
            "\t_ = wf\n}\n"
        )
    )
    (tmp_path / "main.go").write_text(body, encoding="utf-8")
    [facts] = read_file(tmp_path / "main.go", "adk", SourceCache(tmp_path)).facts
    [partial] = facts.node_functions["route"].partial
    assert (partial.key, partial.routes, partial.skipping) == ("kept", ("keep",), ("skip",))


def test_go_events_without_routes_or_with_computed_routes_conclude_nothing(tmp_path: Path) -> None:
    # A progress event sets no route: it selects no edge, so the routed event's write counts on
    # its route alone... and with only one routed event, on every way out. A computed route
    # cannot be told apart from the others: nothing is concluded either.
    router = _ROUTER.replace('skipped.Routes = []string{"skip"}', "_ = skipped")
    computed = _ROUTER.replace('[]string{"skip"}', "[]string{pick(msg)}")
    for source in (router, computed):
        header = HEADER.replace("func build() {\n", source + "\nfunc build() {\n")
        body = (
            header
            + '\trouter := workflow.NewEmittingFunctionNode("router", route, workflow.NodeConfig{})\n'
            + (
                '\twf, _ := workflowagent.New(workflowagent.Config{Name: "wf", Edges: workflow.Chain(workflow.Start, router)})\n'
                "\t_ = wf\n}\n"
            )
        )
        (tmp_path / "main.go").write_text(body, encoding="utf-8")
        [facts] = read_file(tmp_path / "main.go", "adk", SourceCache(tmp_path)).facts
        assert "route" not in facts.node_functions

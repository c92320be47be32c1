"""adk-js 2.x `Workflow` graphs read as `@google/adk` 2.0.0's graph parser builds them (the
runtime's verdicts are in test_typescript_oracle.py; these cover the other written forms)."""

from __future__ import annotations

from pathlib import Path

from templating.project.model.workflow_facts import START
from templating.project.reading import read_file
from templating.project.sources import SourceCache
from tests.project.typescript.helpers import findings, write

_NODES = """\
    import { LlmAgent, Workflow, JoinNode, Edge, DEFAULT_ROUTE, FunctionNode, ParallelWorker, node } from '@google/adk';
    import type { NodeContext } from '@google/adk';

    export async function save(ctx: NodeContext, input: unknown) { ctx.state.set('saved', 1); }
    export const pass = (ctx: NodeContext, input: unknown) => input;
    export function route(ctx: NodeContext, input: unknown) { ctx.route = 'keep'; }
    const reader = new LlmAgent({ name: 'reader', instruction: 'Use {saved}.' });
"""


def _workflow(tmp_path: Path, edges: str, extra: str = "", tail: str = "") -> list[tuple[str, int, int, str]]:
    text = _NODES + extra + f"    export const root = new Workflow({{ name: 'w', edges: {edges} }});{tail}\n"
    return findings(tmp_path, {"agent.ts": text}, select="TPL014,TPL015,TPL018,TPL019")


def _facts(tmp_path: Path, edges: str, extra: str = ""):
    write(
        tmp_path,
        {"agent.ts": _NODES + extra + f"    export const root = new Workflow({{ name: 'w', edges: {edges} }});\n"},
    )
    reading = read_file(tmp_path / "agent.ts", "adk", SourceCache(tmp_path))
    ((workflow,),) = [facts.workflows for facts in reading.facts]
    return workflow


def test_a_chain_in_order_is_in_time(tmp_path: Path) -> None:
    assert _workflow(tmp_path, "[['START', save, pass, reader]]") == []


def test_a_chain_out_of_order_reads_too_early(tmp_path: Path) -> None:
    assert [f[3] for f in _workflow(tmp_path, "[['START', reader, save]]")] == ["TPL015"]


def test_edges_in_a_const_list_and_spread_are_followed(tmp_path: Path) -> None:
    extra = "    const FIRST = [['START', save]];\n    const EDGES = [...FIRST, [save, reader]];\n"
    assert _workflow(tmp_path, "EDGES", extra) == []


def test_a_default_route_that_skips_the_writer_is_found(tmp_path: Path) -> None:
    edges = "[['START', route, { keep: save, [DEFAULT_ROUTE]: pass }], [[save, pass], reader]]"
    assert [f[3] for f in _workflow(tmp_path, edges)] == ["TPL015"]


def test_an_explicit_edge_with_a_route_array_is_routed(tmp_path: Path) -> None:
    workflow = _facts(tmp_path, "[['START', route], new Edge(route, save, ['keep', 'again']), [save, reader]]")
    assert ("route", "save", ("keep", "again")) in {(e.source, e.target, e.route) for e in workflow.edges}


def test_named_wrappers_name_the_node_as_adk_js_does(tmp_path: Path) -> None:
    extra = "    const saver = new FunctionNode('saver', save);\n"
    workflow = _facts(tmp_path, "[['START', saver, node(pass, { name: 'passer' }), new ParallelWorker(reader)]]", extra)
    kinds = {n.name: (n.kind, n.parallel_worker) for n in workflow.nodes}
    assert kinds == {
        START: ("start", False),
        "saver": ("function", False),
        "passer": ("function", False),
        "reader": ("agent", True),
    }
    assert not workflow.unknown


def test_a_function_node_parameter_is_no_read(tmp_path: Path) -> None:
    """`(ctx, input)` binds nothing from state: `input` is no key, nothing to report."""
    assert _workflow(tmp_path, "[['START', pass, save, reader]]") == []


def test_an_anonymous_inline_function_makes_the_workflow_unknown(tmp_path: Path) -> None:
    """adk-js rejects a function without a name; what the edge means is not guessed."""
    workflow = _facts(tmp_path, "[['START', (ctx: any) => 1, reader]]")
    assert workflow.unknown
    assert _workflow(tmp_path, "[['START', (ctx: any) => 1, reader, save]]") == []


def test_a_join_that_a_route_skips_is_found(tmp_path: Path) -> None:
    extra = "    const both = new JoinNode({ name: 'both' });\n"
    edges = "[['START', route, { keep: save }], ['START', pass], [[save, pass], both, reader]]"
    assert [f[3] for f in _workflow(tmp_path, edges, extra)] == ["TPL019"]


def test_a_fan_in_without_join_is_found_and_noqa_silences_it(tmp_path: Path) -> None:
    edges = "[['START', [save, pass], reader]]"
    # The node, and its read of `saved` that races with the sibling writing it.
    assert [f[3] for f in _workflow(tmp_path, edges)] == ["TPL018", "TPL018"]
    # `// noqa` on the edge line silences the node's finding; the read keeps its own line (7).
    assert [(f[1], f[3]) for f in _workflow(tmp_path, edges, tail=" // noqa: TPL018")] == [(7, "TPL018")]


def test_an_adk_ts_module_has_no_workflow(tmp_path: Path) -> None:
    text = "import { LlmAgent, Workflow } from '@iqai/adk';\nexport const w = new Workflow({ name: 'w', edges: [] });\n"
    write(tmp_path, {"agent.ts": text})
    assert all(facts.workflows == () for facts in read_file(tmp_path / "agent.ts", "adk", SourceCache(tmp_path)).facts)


def test_workflow_findings_speak_adk_js(tmp_path: Path) -> None:
    """Node output is not state: the help names adk-js's writers, not Python's; a key nothing
    writes says what adk-js does with it."""
    extra = "    export const summarize = (ctx: NodeContext, input: unknown) => ({ summary: 's' });\n"
    text = _NODES.replace("Use {saved}.", "Use {summary} and {tone}.") + extra
    text += "    export const root = new Workflow({ name: 'w', edges: [['START', summarize, reader]] });\n"
    write(tmp_path, {"agent.ts": text})
    from templating.lint.linter import lint_paths
    from templating.lint.settings import Settings

    found = {
        f.message.split("`")[1]: f
        for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings
        if f.code == "TPL014"
    }
    assert "ctx.state.set(...)" in found["summary"].help and "ctx.state[" not in found["summary"].help
    assert "adk-js throws" in found["tone"].message


def test_a_node_field_reference_is_not_called_literal_in_adk_js(tmp_path: Path) -> None:
    """In a `Workflow`, adk-js fills `{research.summary}` from the node's input (run under
    @google/adk 2.0.0: the model saw the previous node's `summary`); outside one it stays
    literal. An instruction cannot tell where its agent runs, so TPL005 says nothing."""
    text = "import { LlmAgent } from '@google/adk';\nexport const a = new LlmAgent({ name: 'a', instruction: 'Use {research.summary}.' });\n"
    assert findings(tmp_path, {"agent.ts": text}) == []
    python = "from google.adk.agents import LlmAgent\na = LlmAgent(name='a', instruction='Use {research.summary}.')\n"
    assert [f[3] for f in findings(tmp_path / "py", {"agent.py": python})] == ["TPL005"]

"""Reach in TypeScript (issue 37): shapes of real ADK-TS and adk-js code the reader missed, so
that a placeholder they decide was judged on a wrong model, or not at all.

- ``withSessionService(service, options)`` with the options (and their ``state``) held in names;
- agents built by awaited factories, held in locals and listed in ``asSequential`` (the oracle
  fixture ``tests/data/ts_flow/adk_ts_factories`` runs that under ADK-TS 0.5.9);
- ``asLangGraph([{ name, agent, targets }])``;
- an instruction written as ``[...].join('\\n')``;
- a tools array held in a name, with arrays spread into it.

The runtime decides what a session seed does: a small program runs under ADK-TS 0.5.9 with a
model that echoes its system instruction.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project
from tests.ts_flow_oracle import find_port, find_tsx

SEEDED = """\
import { AgentBuilder, InMemorySessionService } from '@iqai/adk';

export async function createAgent(model: any) {
  const initialState = { history: 'H-1' };
  const sessionConfig = { state: initialState };
  return await AgentBuilder.create('a')
    .withModel(model)
    .withInstruction('History: {history}.')
    .withSessionService(new InMemorySessionService(), sessionConfig)
    .build();
}
"""

ECHO = """\
import { AgentBuilder, BaseLlm, LlmResponse } from '@iqai/adk';
import { createAgent } from './agent.ts';

class Echo extends (BaseLlm as any) {
  constructor() { super('scripted'); }
  async *generateContentAsyncImpl(request: any) {
    const text = String(request.config?.systemInstruction ?? '');
    yield new LlmResponse({ content: { role: 'model', parts: [{ text }] }, turnComplete: true });
  }
  async connect(): Promise<any> { throw new Error('no live connection'); }
}

const seeded = await createAgent(new Echo());
const bare = await AgentBuilder.create('b').withModel(new Echo() as any).withInstruction('History: {history}.').build();
console.log(JSON.stringify([await seeded.runner.ask('go'), await bare.runner.ask('go')]));
"""


def _lint(folder: Path, **files: str) -> list[tuple[str, int, str]]:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    findings = lint_paths([folder], Settings(root=folder)).findings
    return [(Path(f.path).name, f.line, f.code) for f in findings]


def test_a_session_seed_held_in_names_is_a_seed_under_adk_ts(tmp_path: Path) -> None:
    tsx, modules = find_tsx(), find_port("adk-ts")
    if tsx is None or modules is None:
        pytest.skip("tsx or ADK-TS is not installed (see .ci/run)")
    (tmp_path / "agent.ts").write_text(SEEDED, encoding="utf-8")
    (tmp_path / "main.mts").write_text(ECHO, encoding="utf-8")
    (tmp_path / "node_modules").symlink_to(modules)
    done = subprocess.run(
        [str(tsx), "main.mts"], check=False, cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seeded, bare = json.loads(done.stdout.strip().splitlines()[-1])
    assert seeded.startswith("History: H-1.")  # the builder's runner runs in the seeded session
    assert bare == "Error: Context variable not found: `history`."
    (tmp_path / "node_modules").unlink()
    (tmp_path / "main.mts").unlink()
    assert _lint(tmp_path) == []  # the seed is seen: `history` is written before the agent runs
    text = SEEDED.replace(".withSessionService(new InMemorySessionService(), sessionConfig)\n", "")
    assert _lint(tmp_path, **{"agent.ts": text}) == [("agent.ts", 8, "TPL014")]


def test_lang_graph_nodes_are_the_agents_sub_agents(tmp_path: Path) -> None:
    (tmp_path / "agent.ts").write_text(
        "import { AgentBuilder, LlmAgent } from '@iqai/adk';\n"
        "const a = new LlmAgent({ name: 'a', instruction: 'Hi.', outputKey: 'x' });\n"
        "const b = new LlmAgent({ name: 'b', instruction: 'Use {x}.' });\n"
        "const nodes = [{ name: 'a', agent: a, targets: ['b'] }, { name: 'b', agent: b }];\n"
        "export const { agent } = await AgentBuilder.create('graph').asLangGraph(nodes, 'a').build();\n",
        encoding="utf-8",
    )
    model = read_project([tmp_path], root=tmp_path)
    (graph,) = [agent for agent in model.agents if agent.name == "graph"]
    assert [child.name for child in graph.sub_agents] == ["a", "b"]


def test_an_instruction_joined_from_an_array_is_read(tmp_path: Path) -> None:
    lines = "['Use {draft}.', `Tone: ${TONE}.`, 'Then {missing}.']"
    text = (
        "import { LlmAgent } from '@google/adk';\nconst TONE = 'calm';\n"
        f"const LINES = {lines};\n"
        "export const rootAgent = new LlmAgent({ name: 'a', instruction: LINES.join('\\n'), outputKey: 'draft' });\n"
    )
    (tmp_path / "agent.ts").write_text(text, encoding="utf-8")
    model = read_project([tmp_path], root=tmp_path)
    (agent,) = model.agents
    assert agent.instructions[0].text == "Use {draft}.\nTone: calm.\nThen {missing}."
    assert [read.key for read in agent.reads] == ["draft", "missing"]


def test_a_tools_array_held_in_a_name_gives_the_agent_its_tools_writes(tmp_path: Path) -> None:
    tools = (
        "import { createTool } from '@iqai/adk';\n"
        "export const save = createTool({ name: 'save', description: 'd', fn: (_p: any, context: any) => {\n"
        "  context.state.set('saved', 1); return {}; } });\n"
    )
    agent = (
        "import { LlmAgent } from '@iqai/adk';\nimport { save } from './tools';\n"
        "export async function make(extra: any[]) {\n  const base = [save];\n  const allTools = [...base, ...extra];\n"
        "  return new LlmAgent({ name: 'a', instruction: 'Saved: {saved}.', tools: allTools });\n}\n"
    )
    (tmp_path / "tools.ts").write_text(tools, encoding="utf-8")
    (tmp_path / "agent.ts").write_text(agent, encoding="utf-8")
    (found,) = read_project([tmp_path], root=tmp_path).agents
    assert [(w.key, w.via) for w in found.writes] == [("saved", "tool")]


def test_the_factories_fixture_is_a_program_of_several_modules() -> None:
    # The oracle runs it (test_typescript_oracle); it must stay what its comments say.
    fixture = Path(__file__).resolve().parents[2] / "data" / "ts_flow" / "adk_ts_factories" / "src"
    assert "asSequential([buyer, notifier])" in (fixture / "main.ts").read_text(encoding="utf-8")
    assert "tools: allTools" in (fixture / "agents" / "buyer.ts").read_text(encoding="utf-8")


DOUBLED = """\
import { LlmAgent, SequentialAgent } from '@google/adk';

const writer = new LlmAgent({ name: 'writer', instruction: 'Write.', outputKey: 'draft' });
const reviewer = new LlmAgent({ name: 'reviewer', instruction: 'Review {{draft}} against {{rubric}}.' });
export const rootAgent = new SequentialAgent({ name: 'root', subAgents: [writer, reviewer] });
"""


def test_doubled_braces_in_adk_js_are_reported_where_the_value_cannot_be_meant(tmp_path: Path) -> None:
    # adk-js substitutes `{{draft}}` with the value (A08c in the TypeScript reference): with
    # `draft` written by the writer, that is what the author means. `rubric` is written by
    # nothing: TPL001 (and TPL014) stay.
    findings = _lint(tmp_path, **{"agent.ts": DOUBLED})
    assert [(line, code) for _, line, code in findings] == [(4, "TPL001"), (4, "TPL014")]
    column = DOUBLED.splitlines()[3].index("{{rubric}}") + 1
    assert [f.column for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings if f.code == "TPL001"] == [
        column
    ]
    # Braces doubled elsewhere in the instruction: the author writes `{{` for a brace.
    literal = DOUBLED.replace("Review {{draft}}", 'Reply as {{ "ok": true }}. Review {{draft}}')
    assert [code for _, _, code in _lint(tmp_path, **{"agent.ts": literal})].count("TPL001") == 2


@pytest.mark.parametrize(
    ("port", "tool", "source"),
    [
        ("@google/adk", "GOOGLE_SEARCH", "GOOGLE_SEARCH"),
        ("@google/adk", "new UrlContextTool()", "UrlContextTool"),
        ("@iqai/adk", "new WebSearchTool()", "WebSearchTool"),
        ("@iqai/adk", "...(await McpAtp({ env: {} }).getTools())", "McpAtp"),
        ("@iqai/adk", "...(await loadTools())", "McpToolset"),
    ],
)
def test_typescript_search_fetch_and_mcp_tools_are_third_party_sources(
    tmp_path: Path, port: str, tool: str, source: str
) -> None:
    imports = "GOOGLE_SEARCH, UrlContextTool" if port == "@google/adk" else "WebSearchTool, McpAtp, McpToolset"
    text = (
        f"import {{ LlmAgent, SequentialAgent, {imports} }} from '{port}';\n"
        "async function loadTools() { const set = new McpToolset({ name: 'm' } as any); return set.getTools(); }\n"
        f"const finder = new LlmAgent({{ name: 'finder', instruction: 'Find.', tools: [{tool}], outputKey: 'found' }});\n"
        "const writer = new LlmAgent({ name: 'writer', instruction: 'Report on {found}.' });\n"
        "export const rootAgent = new SequentialAgent({ name: 'root', subAgents: [finder, writer] });\n"
    )
    _write(tmp_path, text)
    (finding,) = [f for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings if f.code == "TPL021"]
    assert finding.line == 4 and finding.message.endswith(f"which holds `{source}`")


def test_a_typescript_tool_that_fetches_makes_its_writes_third_party(tmp_path: Path) -> None:
    text = (
        "import { FunctionTool, LlmAgent } from '@google/adk';\n"
        "const read = new FunctionTool({ name: 'read', description: 'd', execute: async (args: any, context: any) => {\n"
        "  const page = await (await fetch(args.url)).text();\n  context.state.set('page', page);\n  return {};\n} });\n"
        "export const rootAgent = new LlmAgent({ name: 'a', instruction: 'Summarize {page?}.', tools: [read] });\n"
    )
    _write(tmp_path, text)
    (finding,) = [f for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings if f.code == "TPL021"]
    assert "which calls `fetch`" in finding.message


def _write(folder: Path, text: str) -> None:
    (folder / "agent.ts").write_text(text, encoding="utf-8")

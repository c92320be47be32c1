"""State flow in TypeScript programs: who writes a key, and whether in time (TPL014, TPL015)."""

from __future__ import annotations

from .helpers import findings, read

JS = "import { LlmAgent, SequentialAgent, ParallelAgent, FunctionTool } from '@google/adk';\n"
TS = "import { LlmAgent, AgentBuilder, createTool } from '@iqai/adk';\n"


def _codes(tmp_path, source: str, name: str = "agent.ts") -> list[tuple[int, str]]:
    return [(line, code) for _, line, _, code in findings(tmp_path, {name: source}, select="TPL014,TPL015")]


def test_a_later_output_key_in_a_sequence_is_too_late_and_an_earlier_one_is_in_time(tmp_path):
    source = JS + (
        "const first = new LlmAgent({ name: 'first', instruction: 'Use {late}.', outputKey: 'early' });\n"
        "const second = new LlmAgent({ name: 'second', instruction: 'Use {early}.', outputKey: 'late' });\n"
        "export const root = new SequentialAgent({ name: 'root', subAgents: [first, second] });\n"
    )
    assert _codes(tmp_path, source) == [(2, "TPL015")]


def test_a_key_nothing_writes_fails_and_a_session_seed_or_a_before_agent_callback_writes_it(tmp_path):
    source = JS + (
        "const a = new LlmAgent({ name: 'a', instruction: '{seeded} {called} {nobody}',\n"
        "  beforeAgentCallback: (context) => { context.state.set('called', 1); return undefined; } });\n"
        "await sessionService.createSession({ appName: 'x', userId: 'u', state: { seeded: 1 } });\n"
    )
    assert _codes(tmp_path, source) == [(2, "TPL014")]


def test_the_agents_own_tool_is_too_late_for_its_instruction(tmp_path):
    source = JS + (
        "const save = new FunctionTool({ name: 'save', execute: async (input, context) => {\n"
        "  context?.state.set('saved', input); return {}; } });\n"
        "const a = new LlmAgent({ name: 'a', instruction: 'Saved: {saved}', tools: [save] });\n"
    )
    assert _codes(tmp_path, source) == [(4, "TPL015")]


def test_bracket_assignment_writes_state_in_adk_ts_only(tmp_path):
    body = (
        "const a = new LlmAgent({ name: 'a', instruction: 'Hi {user}',\n"
        "  beforeAgentCallback: (ctx) => { ctx.state['user'] = 'x'; return undefined; } });\n"
    )
    assert _codes(tmp_path / "js", JS + body) == [(2, "TPL014")]
    assert _codes(tmp_path / "ts", TS + body) == []


def test_adk_ts_builder_seeds_output_keys_and_positional_sessions(tmp_path):
    source = TS + (
        "const writer = AgentBuilder.create('writer').withInstruction('Draft.').withOutputKey('draft').build();\n"
        "const { runner } = await AgentBuilder.create('reader').withInstruction('{draft} {seed} {pos}')\n"
        "  .withQuickSession({ state: { seed: 1 } }).build();\n"
        "await service.createSession('app', 'user', { pos: 2 });\n"
    )
    assert _codes(tmp_path, source) == []


def test_state_delta_and_update_write_their_keys(tmp_path):
    source = JS + (
        "const t = new FunctionTool({ name: 't', execute: (i, ctx) => { ctx.state.update({ a: 1, b: 2 });\n"
        "  ctx.actions.stateDelta['c'] = 3; return {}; } });\n"
        "const w = new LlmAgent({ name: 'w', instruction: 'Work.', tools: [t] });\n"
        "const r = new LlmAgent({ name: 'r', instruction: '{a} {b} {c}' });\n"
        "export const root = new SequentialAgent({ name: 'root', subAgents: [w, r] });\n"
    )
    assert _codes(tmp_path, source) == []


def test_parallel_siblings_do_not_see_each_others_output_keys(tmp_path):
    source = JS + (
        "const a = new LlmAgent({ name: 'a', instruction: 'Use {b_out}.', outputKey: 'a_out' });\n"
        "const b = new LlmAgent({ name: 'b', instruction: 'Go.', outputKey: 'b_out' });\n"
        "export const root = new ParallelAgent({ name: 'root', subAgents: [a, b] });\n"
    )
    assert _codes(tmp_path, source) == [(2, "TPL015")]


def test_sub_agents_imported_or_made_by_factories_are_ordered(tmp_path):
    files = {
        "root.ts": JS + "import { makeWriter } from './writer.js';\nimport { reader } from './reader';\n"
        "export const root = new SequentialAgent({ name: 'root', subAgents: [makeWriter(), reader] });\n",
        "writer.ts": JS
        + "export const makeWriter = () => new LlmAgent({ name: 'w', instruction: 'Go.', outputKey: 'k' });\n",
        "reader.ts": JS + "export const reader = new LlmAgent({ name: 'r', instruction: 'Use {k} and {z}.' });\n",
    }
    assert [(name, code) for name, _, _, code in findings(tmp_path, files, select="TPL014,TPL015")] == [
        ("reader.ts", "TPL014")
    ]


def test_an_asSequential_builder_keeps_its_order_and_drops_its_instruction(tmp_path):
    source = TS + (
        "const w = AgentBuilder.create('w').withInstruction('Go.').withOutputKey('k').build();\n"
        "const r = AgentBuilder.create('r').withInstruction('{k}').build();\n"
        "const root = AgentBuilder.create('root').withInstruction('Never {shown}.').asSequential([w, r]).build();\n"
    )
    reading = read(tmp_path, {"agent.ts": source}, "agent.ts")
    assert [i.text for i in reading.instructions] == ["Go.", "{k}"]
    assert _codes(tmp_path, source) == []


def test_tpl021_an_adk_js_bracket_assignment_is_reported_and_an_adk_ts_one_is_not(tmp_path):
    body = "const a = new LlmAgent({ name: 'a', instruction: 'Hi.',\n  beforeAgentCallback: (ctx) => { ctx.state['user'] = 'x'; } });\n"
    assert findings(tmp_path / "js", {"a.ts": JS + body}, select="TPL025") == [("a.ts", 3, 35, "TPL025")]
    assert findings(tmp_path / "ts", {"a.ts": TS + body}, select="TPL025") == []
    silenced = body.replace("'x'; }", "'x'; } // noqa: TPL025")
    assert findings(tmp_path / "quiet", {"a.ts": JS + silenced}, select="TPL025") == []


def test_tpl022_an_instruction_before_as_sequential_is_reported(tmp_path):
    source = TS + (
        "const root = AgentBuilder.create('root')\n  .withInstruction('Plan the trip.')\n"
        "  .asSequential([a, b]).build();\n"
        "const kept = AgentBuilder.create('kept').withInstruction('Kept.').withSubAgents([a]).build();\n"
    )
    assert findings(tmp_path, {"a.ts": source}, select="TPL026") == [("a.ts", 3, 20, "TPL026")]


def test_a_destructured_builder_agent_is_ordered_by_its_sequence(tmp_path):
    source = (
        "import { AgentBuilder, SequentialAgent } from '@iqai/adk';\n"
        "const { agent: critic } = await AgentBuilder.create('critic').withInstruction('{draft}').build();\n"
        "const { agent } = await AgentBuilder.create('writer').withInstruction('Go.').withOutputKey('draft').build();\n"
        "export const root = new SequentialAgent({ name: 'root', subAgents: [critic, agent] });\n"
    )
    assert _codes(tmp_path, source) == [(2, "TPL015")]


def test_an_inline_tool_is_named_by_its_name_in_messages(tmp_path):
    from .helpers import messages

    source = JS + (
        "const a = new LlmAgent({ name: 'a', instruction: 'Saved: {saved}', tools: [new FunctionTool({\n"
        "  name: 'save', execute: async (input, context) => { context.state.set('saved', 1); return {}; } })] });\n"
    )
    assert "by its own tool `save (line 2)`" in messages(tmp_path, {"agent.ts": source})["TPL015"]

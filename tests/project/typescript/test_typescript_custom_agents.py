"""Custom agents (`class X extends BaseAgent`): the agents `runAsyncImpl` runs, in code order
(the runtime's verdict on the ordered case is the `adk_js_custom` oracle fixture)."""

from __future__ import annotations

from pathlib import Path

from tests.project.typescript.helpers import findings

_AGENTS = """\
    import { BaseAgent, LlmAgent } from '@google/adk';

    const writer = new LlmAgent({ name: 'writer', instruction: 'Write.', outputKey: 'draft' });
    const reader = new LlmAgent({ name: 'reader', instruction: 'Read {draft}.' });

    class Flow extends BaseAgent {
      private first: LlmAgent;
      constructor(name: string, first: LlmAgent) {
        super({ name, subAgents: [first, writer] });
        this.first = first;
      }
      protected async *runAsyncImpl(ctx: any) {
"""


def _lint(tmp_path: Path, body: str, call: str = "new Flow('flow', reader)") -> list[str]:
    text = _AGENTS + body + "      }\n    }\n" + f"    export const root = {call};\n"
    return [f[3] for f in findings(tmp_path, {"agent.ts": text}, select="TPL014,TPL015")]


def test_the_code_order_is_the_run_order(tmp_path: Path) -> None:
    body = "        yield* this.first.runAsync(ctx);\n        yield* writer.runAsync(ctx);\n"
    assert _lint(tmp_path, body) == ["TPL015"]


def test_the_writer_first_is_in_time(tmp_path: Path) -> None:
    body = "        yield* writer.runAsync(ctx);\n        yield* this.first.runAsync(ctx);\n"
    assert _lint(tmp_path, body) == []


def test_calls_side_by_side_give_no_order(tmp_path: Path) -> None:
    body = "        await Promise.all([this.first.runAsync(ctx), writer.runAsync(ctx)]);\n"
    assert _lint(tmp_path, body) == []


def test_a_field_not_given_by_the_constructor_call_gives_no_order(tmp_path: Path) -> None:
    """`new Flow('flow')` leaves `this.first` undefined: which agent it is cannot be told."""
    body = "        yield* this.first.runAsync(ctx);\n        yield* writer.runAsync(ctx);\n"
    assert _lint(tmp_path, body, call="new Flow('flow')") == []


def test_an_agent_called_twice_runs_at_its_first_call(tmp_path: Path) -> None:
    body = (
        "        yield* this.first.runAsync(ctx);\n        yield* writer.runAsync(ctx);\n"
        "        yield* this.first.runAsync(ctx);\n"
    )
    assert _lint(tmp_path, body) == ["TPL015"]

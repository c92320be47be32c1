"""The Go front end's state flow: adk-go writers, readers and order, as the project rules see them.

Each expectation is adk-go v2's behaviour read from its source (the reference cites
``sequentialagent/agent.go:78-89``, ``session/inmemory.go:459-471`` for ``temp:`` keys,
``agent/agent.go:183-194`` for before-agent callbacks, ``base_flow.go:573-585`` for a tool's
write not being seen by the agent's first model call).
"""

from __future__ import annotations

import re
from pathlib import Path

from templating.project.reading import read_file
from templating.project.sources import SourceCache

IMPORTS = """package main

import (
\t"google.golang.org/adk/agent"
\t"google.golang.org/adk/agent/llmagent"
\t"google.golang.org/adk/agent/workflowagents/loopagent"
\t"google.golang.org/adk/agent/workflowagents/sequentialagent"
\t"google.golang.org/adk/session"
\t"google.golang.org/adk/tool"
\t"google.golang.org/adk/tool/functiontool"
)

"""


def _lint(folder: Path, body: str, run_cli) -> list[str]:
    (folder / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--output-format", "concise", "--select", "TPL014,TPL015", str(folder / "main.go"))
    return [f"{match[1]} {match[2] or match[3]}" for match in _FINDING.finditer(out)]


_FINDING = re.compile(r"(TPL01[45]) (?:`([^`]+)` is read|agent `[^`]+` reads `([^`]+)`)")


def _sequence(*agents: str) -> str:
    names = ", ".join(agent.split(",")[0] for agent in agents)
    built = "".join(_llm(*agent.split(",")) for agent in agents)
    return (
        f"func build() {{\n{built}"
        "\troot, _ := sequentialagent.New(sequentialagent.Config{AgentConfig: agent.Config{"
        f'Name: "root", SubAgents: []agent.Agent{{{names}}}}}}})\n\t_ = root\n}}\n'
    )


def _llm(variable: str, instruction: str, output_key: str = "") -> str:
    key = f", OutputKey: {output_key}" if output_key else ""
    return (
        f'\t{variable}, _ := llmagent.New(llmagent.Config{{Name: "{variable}", Instruction: "{instruction}"{key}}})\n'
    )


def test_go_output_key_of_an_earlier_sibling_is_in_time(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, _sequence('writer,Write.,"draft"', "critic,Critique {draft}."), run_cli) == []


def test_go_output_key_of_a_later_sibling_is_too_late(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, _sequence("critic,Critique {draft}.", 'writer,Write.,"draft"'), run_cli) == ["TPL015 draft"]


def test_go_nothing_writes_the_key(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, _sequence("critic,Critique {draft}."), run_cli) == ["TPL014 draft"]


def test_go_output_key_constant_and_temp_key_across_siblings(tmp_path: Path, run_cli) -> None:
    # adk-go copies a temp: delta into the invocation's session (inmemory.go:459-471): a later
    # sibling reads it in time, as adk-go's own sequentialCode example does.
    body = 'const draftKey = "temp:draft"\n\n' + _sequence("writer,Write.,draftKey", "critic,Critique {temp:draft}.")
    assert _lint(tmp_path, body, run_cli) == []


def test_go_own_tool_write_is_too_late_for_the_first_call(tmp_path: Path, run_cli) -> None:
    body = (
        "func lookup(ctx tool.Context, args Args) (Result, error) {\n"
        '\tctx.State().Set("found", args.Q)\n\treturn Result{}, nil\n}\n\n'
        "func build() {\n"
        '\tlookupTool, _ := functiontool.New(functiontool.Config{Name: "lookup"}, lookup)\n'
        '\tw, _ := llmagent.New(llmagent.Config{Name: "w", Instruction: "Use {found}.", '
        "Tools: []tool.Tool{lookupTool}})\n\t_ = w\n}\n"
    )
    assert _lint(tmp_path, body, run_cli) == ["TPL015 found"]


def test_go_before_agent_callback_write_is_in_time(tmp_path: Path, run_cli) -> None:
    body = (
        "func seed(ctx agent.CallbackContext) (*genai.Content, error) {\n"
        '\tctx.State().Set("seeded", true)\n\treturn nil, nil\n}\n\n'
        "func build() {\n"
        '\tw, _ := llmagent.New(llmagent.Config{Name: "w", Instruction: "Use {seeded}.", '
        "BeforeAgentCallbacks: []agent.BeforeAgentCallback{seed}})\n\t_ = w\n}\n"
    )
    assert _lint(tmp_path, body, run_cli) == []


def test_go_initial_state_built_in_a_variable_first(tmp_path: Path, run_cli) -> None:
    body = _sequence("w,Hello {user:name} {extra}.") + (
        "func start(service session.Service) {\n"
        '\tstate := map[string]any{"user:name": "Ann"}\n\tstate["extra"] = 1\n'
        '\tservice.Create(ctx, &session.CreateRequest{AppName: "a", State: state})\n}\n'
    )
    assert _lint(tmp_path, body, run_cli) == []


def test_go_loop_sibling_written_later_fails_the_first_iteration(tmp_path: Path, run_cli) -> None:
    body = (
        "func build() {\n"
        + _llm("critic", "Critique {draft}.")
        + _llm("writer", "Write.", '"draft"')
        + "\tloop, _ := loopagent.New(loopagent.Config{MaxIterations: 3, AgentConfig: agent.Config{"
        'Name: "loop", SubAgents: []agent.Agent{critic, writer}}})\n\t_ = loop\n}\n'
    )
    assert _lint(tmp_path, body, run_cli) == ["TPL015 draft"]


def test_go_computed_key_is_an_unknown_writer(tmp_path: Path, run_cli) -> None:
    body = (
        'func save(ctx tool.Context, args Args) (Result, error) {\n\tctx.State().Set(args.Key, "v")\n'
        "\treturn Result{}, nil\n}\n\nfunc build() {\n"
        '\tsaveTool, _ := functiontool.New(functiontool.Config{Name: "save"}, save)\n'
        '\tkeeper, _ := llmagent.New(llmagent.Config{Name: "keeper", Instruction: "Keep.", '
        "Tools: []tool.Tool{saveTool}})\n"
        + _llm("w", "Hello {anything}.")
        + "\troot, _ := sequentialagent.New(sequentialagent.Config{AgentConfig: agent.Config{"
        'Name: "root", SubAgents: []agent.Agent{keeper, w}}})\n\t_ = root\n}\n'
    )
    assert _lint(tmp_path, body, run_cli) == []


def test_go_event_state_delta_writes(tmp_path: Path) -> None:
    body = (
        "func emit(ev *session.Event) {\n"
        '\tev.Actions.StateDelta["status"] = "done"\n'
        '\t_ = session.EventActions{StateDelta: map[string]any{"phase": 2}}\n}\n'
    )
    (tmp_path / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    [facts] = read_file(tmp_path / "main.go", "adk", SourceCache(tmp_path)).facts
    writers = facts.functions["emit"].writers
    assert [(w.key, w.via, w.line) for w in writers] == [("status", "state_delta", 14), ("phase", "state_delta", 15)]


def test_go_agents_from_a_factory_in_another_file_are_sub_agents(tmp_path: Path, run_cli) -> None:
    (tmp_path / "writer.go").write_text(
        IMPORTS.replace('\t"google.golang.org/adk/agent"\n', "")
        + 'func newWriter() (agent.Agent, error) {\n\treturn llmagent.New(llmagent.Config{Name: "writer", '
        'Instruction: "Write.", OutputKey: "draft"})\n}\n',
        encoding="utf-8",
    )
    body = (
        "func build() {\n\twriter, _ := newWriter()\n"
        + _llm("critic", "Critique {draft}.")
        + "\troot, _ := sequentialagent.New(sequentialagent.Config{AgentConfig: agent.Config{"
        'Name: "root", SubAgents: []agent.Agent{writer, critic}}})\n\t_ = root\n}\n'
    )
    (tmp_path / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--output-format", "concise", str(tmp_path))
    assert "TPL01" not in out, out
    _, graph, _ = run_cli("graph", str(tmp_path))
    assert "root" in graph and "|1| agent" in graph


def test_go_render_explain_names_the_go_writer_of_a_key(tmp_path: Path, run_cli) -> None:
    (tmp_path / "prompts").mkdir()
    (tmp_path / "prompts" / "critic.md").write_text("Review {draft}.\n", encoding="utf-8")
    body = (
        "//go:embed prompts/critic.md\nvar criticPrompt string\n\n"
        + _sequence('writer,Write.,"draft"')
        + '\nfunc critic() {\n\tllmagent.New(llmagent.Config{Name: "critic", Instruction: criticPrompt})\n}\n'
    )
    (tmp_path / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    (tmp_path / "state.json").write_text('{"draft": "D"}', encoding="utf-8")
    code, out, err = run_cli(
        "render", str(tmp_path / "prompts" / "critic.md"), "--dialect", "adk-go", "--state",
        str(tmp_path / "state.json"), "--explain", "--project", str(tmp_path),
    )  # fmt: skip
    assert code == 0 and out == "Review D.\n"
    assert "written by: the `OutputKey` of agent `writer` (" in err and "main.go:" in err


def test_go_findings_spell_adk_go_words(tmp_path: Path, run_cli) -> None:
    (tmp_path / "main.go").write_text(
        IMPORTS + _sequence("critic,Critique {draft}.", 'writer,Write.,"draft"'), encoding="utf-8"
    )
    _, out, _ = run_cli("lint", "--output-format", "concise", str(tmp_path / "main.go"))
    assert "written only later, by the `OutputKey` of agent `writer`" in out and "output_key" not in out


def test_go_agent_tool_and_a_factory_returning_its_local(tmp_path: Path, run_cli) -> None:
    body = IMPORTS.replace(
        '\t"google.golang.org/adk/tool/functiontool"\n', '\t"google.golang.org/adk/tool/agenttool"\n'
    ) + (
        "func newAnalyst() agent.Agent {\n"
        '\tanalyst, _ := llmagent.New(llmagent.Config{Name: "analyst", Instruction: "Analyse.", OutputKey: "analysis"})\n'
        "\treturn analyst\n}\n\n"
        "func build() {\n\tanalyst := newAnalyst()\n"
        '\tlead, _ := llmagent.New(llmagent.Config{Name: "lead", Instruction: "Lead.", '
        "Tools: []tool.Tool{agenttool.New(analyst, nil)}})\n"
        + _llm("report", "Report {analysis}.")
        + "\troot, _ := sequentialagent.New(sequentialagent.Config{AgentConfig: agent.Config{"
        'Name: "root", SubAgents: []agent.Agent{lead, report}}})\n\t_ = root\n}\n'
    )
    (tmp_path / "main.go").write_text(body, encoding="utf-8")
    [facts] = read_file(tmp_path / "main.go", "adk", SourceCache(tmp_path)).facts
    assert facts.factories == {"newAnalyst": "newAnalyst.analyst"}
    [lead] = [agent for agent in facts.agents if agent.name == "lead"]
    assert [ref.name for ref in lead.agent_tools] == ["newAnalyst"]
    _, out, _ = run_cli("lint", "--output-format", "concise", "--select", "TPL014,TPL015", str(tmp_path / "main.go"))
    assert "TPL01" not in out, out

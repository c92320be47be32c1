"""A custom adk-go agent runs its sub-agents in the order its ``Run`` calls them.

adk-go's ``agent.New(agent.Config{Run: ...})`` hands the run to the function given
(``agent/agent.go``: ``Run`` is called by the agent's ``run``); each ``child.Run(ctx)`` yields
its events, which the runner appends to the session before the next call starts
(``runner/runner.go:348-354``), as google/adk-docs' ``storyflow_agent.go`` relies on. A call in
a goroutine runs beside the others: no order is concluded from it.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.project.go.real import real_file
from tests.project.go.test_go_state import IMPORTS

_FINDING = re.compile(r"(TPL01[45]) (?:`([^`]+)` is read|agent `[^`]+` reads `([^`]+)`)")

_AGENTS = (
    '\tcritic, _ := llmagent.New(llmagent.Config{Name: "critic", Instruction: "Critique {draft}.", OutputKey: "notes"})\n'
    '\twriter, _ := llmagent.New(llmagent.Config{Name: "writer", Instruction: "Write.", OutputKey: "draft"})\n'
)


def _flow(first: str, second: str, *, listed: bool = True, goroutine: bool = False) -> str:
    """A storyflow-like custom agent: a struct whose ``Run`` method calls two fields' ``Run``."""
    call = "\t\tfor ev, err := range f.{0}.Run(ctx) {{\n\t\t\tif !yield(ev, err) {{\n\t\t\t\treturn\n\t\t\t}}\n\t\t}}\n"
    first_call = call.format(first)
    if goroutine:
        first_call = "\t\tgo func() {\n" + first_call + "\t\t}()\n"
    sub_agents = "\t\tSubAgents: []agent.Agent{writer, critic},\n" if listed else ""
    return (
        "type flow struct {\n\tfirst agent.Agent\n\tsecond agent.Agent\n}\n\n"
        "func (f *flow) Run(ctx agent.InvocationContext) iter.Seq2[*session.Event, error] {\n"
        "\treturn func(yield func(*session.Event, error) bool) {\n"
        + first_call
        + call.format(second)
        + "\t}\n}\n\nfunc build() {\n"
        + _AGENTS
        + "\torchestrator := &flow{first: critic, second: writer}\n"
        + '\troot, _ := agent.New(agent.Config{\n\t\tName: "root",\n'
        + sub_agents
        + "\t\tRun: orchestrator.Run,\n\t})\n\t_ = root\n}\n"
    )


def _lint(folder: Path, body: str, run_cli) -> list[str]:
    imports = IMPORTS.replace("import (\n", 'import (\n\t"iter"\n')
    (folder / "main.go").write_text(imports + body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--output-format", "concise", "--select", "TPL014,TPL015", str(folder / "main.go"))
    return [f"{match[1]} {match[2] or match[3]}" for match in _FINDING.finditer(out)]


def test_go_custom_agent_calling_the_reader_first_is_too_late(tmp_path: Path, run_cli) -> None:
    # critic runs first (f.first is critic): the draft writer has not run yet.
    assert _lint(tmp_path, _flow("first", "second"), run_cli) == ["TPL015 draft"]


def test_go_custom_agent_calling_the_writer_first_is_in_time(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, _flow("second", "first"), run_cli) == []


def test_go_agents_only_its_code_runs_belong_to_the_custom_agent(tmp_path: Path, run_cli) -> None:
    # No SubAgents list: the agents the code calls are still its own, in code order.
    assert _lint(tmp_path, _flow("first", "second", listed=False), run_cli) == ["TPL015 draft"]
    _, graph, _ = run_cli("graph", str(tmp_path / "main.go"))
    # Both are its sub-agents, numbered in the order its code calls them.
    assert "==>|1| agent0_critic" in graph and "==>|2| agent1_writer" in graph, graph


def test_go_custom_agent_calling_in_a_goroutine_gives_no_order(tmp_path: Path, run_cli) -> None:
    assert _lint(tmp_path, _flow("first", "second", goroutine=True), run_cli) == []


def test_go_custom_agent_run_closure_calls_locals_in_order(tmp_path: Path, run_cli) -> None:
    body = (
        "func build() {\n"
        + _AGENTS
        + '\troot, _ := agent.New(agent.Config{Name: "root", SubAgents: []agent.Agent{writer, critic},\n'
        "\t\tRun: func(ctx agent.InvocationContext) iter.Seq2[*session.Event, error] {\n"
        "\t\t\treturn func(yield func(*session.Event, error) bool) {\n"
        "\t\t\t\tfor ev, err := range critic.Run(ctx) {\n\t\t\t\t\tyield(ev, err)\n\t\t\t\t}\n"
        "\t\t\t\tfor ev, err := range writer.Run(ctx) {\n\t\t\t\t\tyield(ev, err)\n\t\t\t\t}\n"
        "\t\t\t}\n\t\t},\n\t})\n\t_ = root\n}\n"
    )
    assert _lint(tmp_path, body, run_cli) == ["TPL015 draft"]


def test_go_custom_agent_without_calls_keeps_its_sub_agents_unordered(tmp_path: Path, run_cli) -> None:
    body = (
        "func build() {\n"
        + _AGENTS
        + '\troot, _ := agent.New(agent.Config{Name: "root", SubAgents: []agent.Agent{critic, writer}, Run: run})\n'
        "\t_ = root\n}\n"
    )
    assert _lint(tmp_path, body, run_cli) == []


def test_go_storyflow_of_adk_docs_runs_its_stages_in_code_order(tmp_path: Path) -> None:
    from templating.project.model.assembly import assemble
    from templating.project.reading import read_files

    path = real_file("google+adk-docs/examples/go/snippets/agents/custom-agent/storyflow_agent.go", tmp_path)
    model = assemble([facts for reading in read_files([path], "adk") for facts in reading.facts])
    [flow] = [agent for agent in model.agents if agent.name == "StoryFlowAgent"]
    # storyflow_agent.go's Run calls s.storyGenerator, s.revisionLoopAgent, s.postProcessorAgent.
    assert [child.name for child in flow.run_order] == ["StoryGenerator", "CriticReviserLoop", "PostProcessing"]


def test_go_custom_agent_calling_the_reader_under_a_condition_first_gives_no_order(tmp_path: Path, run_cli) -> None:
    # `if` may skip the critic until the writer has run (a guard on state): the order is unknown.
    body = (
        _flow("first", "second")
        .replace(
            "\t\tfor ev, err := range f.first.Run(ctx) {",
            "\t\tif ready(ctx) {\n\t\tfor ev, err := range f.first.Run(ctx) {",
        )
        .replace("\t\t}\n\t\tfor ev, err := range f.second", "\t\t}\n\t\t}\n\t\tfor ev, err := range f.second")
    )
    assert "if ready(ctx)" in body
    assert _lint(tmp_path, body, run_cli) == []

"""Shapes of real adk-go programs the Go front end reads (issue 37's fresh test bed,
tests/data/testbed/go_jvm_judgments.json): each was a false finding or a miss on a public
repository, here as a minimal program of our own.

adk-go's behaviour is read from its source at ``0a51e153``: a callback's ``ctx.State()`` is the
session's state however it is held (``agent/common_context.go:441-458``), a session service's
``Create`` stores ``CreateRequest.State`` (``session/inmemory.go:70-86``), and the injector looks
up every ``{identifier}`` of the text it is given (``internal/llminternal/instruction_processor.go``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

IMPORTS = """package main

import (
\t"context"
\t"fmt"
\t"os"
\t"path/filepath"
\t"regexp"
\t"strconv"
\t"strings"
\t"time"

\t"google.golang.org/adk/agent"
\t"google.golang.org/adk/agent/llmagent"
\t"google.golang.org/adk/runner"
\t"google.golang.org/adk/session"
\t"google.golang.org/genai"
)

var _ = []any{context.Background, fmt.Sprint, os.Getenv, filepath.Join, regexp.MustCompile, strconv.Itoa,
\tstrings.ToLower, time.Now, runner.New, session.InMemoryService, genai.NewContentFromText}

"""


@pytest.fixture(autouse=True)
def _in_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the project is linted from its root, as a user would


def _lint(folder: Path, body: str, run_cli, *options: str) -> list[dict]:
    (folder / "main.go").write_text(IMPORTS + body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--no-cache", "--output-format", "json", *options, ".")
    return json.loads(out)


def _findings(folder: Path, body: str, run_cli, *codes: str) -> list[tuple[str, str]]:
    return [(f["code"], f["message"]) for f in _lint(folder, body, run_cli) if not codes or f["code"] in codes]


def test_a_callback_writing_through_a_local_holding_its_state(tmp_path: Path, run_cli) -> None:
    # muchlist/agent-dev-kit 9-callbacks: `state := ctx.State(); state.Set("agent_name", ...)`.
    body = (
        "func before(ctx agent.CallbackContext) (*genai.Content, error) {\n"
        '\tstate := ctx.State()\n\tif err := state.Set("agent_name", "Bot"); err != nil {\n\t\treturn nil, err\n\t}\n'
        "\treturn nil, nil\n}\n\n"
        'func main() {\n\ta, _ := llmagent.New(llmagent.Config{Name: "a", Instruction: "You are {agent_name}, '
        'not {nickname}.",\n\t\tBeforeAgentCallbacks: []agent.BeforeAgentCallback{before}})\n\t_ = a\n}\n'
    )
    found = _findings(tmp_path, body, run_cli, "TPL014", "TPL015")
    assert found == [("TPL014", "`nickname` is read by agent `a`, but nothing in the project writes it")]


def test_a_seed_passed_down_through_a_parameter(tmp_path: Path, run_cli) -> None:
    # Dauno/slack-local-agent: `runWorkflow(ctx, root, map[string]any{...})` creates the
    # session with `State: state`, its parameter.
    body = (
        "func runIt(ctx context.Context, root agent.Agent, state map[string]any) error {\n"
        "\tsessions := session.InMemoryService()\n"
        '\t_, err := sessions.Create(ctx, &session.CreateRequest{AppName: "a", UserID: "u", State: state})\n'
        '\t_, _ = runner.New(runner.Config{AppName: "a", Agent: root, SessionService: sessions})\n'
        "\treturn err\n}\n\n"
        'func main() {\n\ta, _ := llmagent.New(llmagent.Config{Name: "a", Instruction: "Work on {project}, not {missing}."})\n'
        '\t_ = runIt(context.Background(), a, map[string]any{"project": "p"})\n}\n'
    )
    found = _findings(tmp_path, body, run_cli, "TPL014")
    assert found == [("TPL014", "`missing` is read by agent `a`, but nothing in the project writes it")]


def test_a_seed_a_session_service_fills_in_from_a_field(tmp_path: Path, run_cli) -> None:
    # muchlist/agent-dev-kit 8-stateful-multi-agent: a wrapping session service sets
    # `req.State = s.initialState` when the request has none.
    body = (
        "type defaults struct {\n\tsession.Service\n\tinitialState map[string]any\n}\n\n"
        "func (s *defaults) Create(ctx context.Context, req *session.CreateRequest) (*session.CreateResponse, error) {\n"
        "\tif len(req.State) == 0 {\n\t\treq.State = s.initialState\n\t}\n\treturn s.Service.Create(ctx, req)\n}\n\n"
        "func main() {\n"
        '\ta, _ := llmagent.New(llmagent.Config{Name: "a", Instruction: "Courses: {purchased_courses}. {other}"})\n'
        '\tinitial := map[string]any{"purchased_courses": []any{}}\n'
        "\t_ = &defaults{Service: session.InMemoryService(), initialState: initial}\n\t_ = a\n}\n"
    )
    found = _findings(tmp_path, body, run_cli, "TPL014")
    assert found == [("TPL014", "`other` is read by agent `a`, but nothing in the project writes it")]


def test_an_instruction_relayed_whole_is_not_checked_here(tmp_path: Path, run_cli) -> None:
    # Dauno/slack-local-agent, ieshan/adk-go-pkg and go-steer/mast pass the instruction of
    # their own agent files on (`Instruction: doc.LLM.Instruction`, a parameter, a helper
    # picking one of two): its text is checked where it is written.
    body = (
        "type doc struct{ Instruction, GlobalInstruction string }\n\n"
        'func pick(explicit, fallback string) string {\n\tif explicit != "" {\n\t\treturn explicit\n\t}\n'
        "\treturn fallback\n}\n\n"
        "func build(d doc, global string) {\n"
        '\tllmagent.New(llmagent.Config{Name: "a", Instruction: d.Instruction, GlobalInstruction: global})\n'
        '\tllmagent.New(llmagent.Config{Name: "b", Instruction: pick(d.Instruction, "Help.")})\n'
        '\tllmagent.New(llmagent.Config{Name: "c", Instruction: "Follow these rules:\\n" + d.Instruction})\n}\n'
    )
    assert _findings(tmp_path, body, run_cli, "TPL010") == []


def test_an_instruction_built_elsewhere_at_run_time_is_still_reported(tmp_path: Path, run_cli) -> None:
    # PedroKlein/duto-ai builds each step's instruction in another package, from files and
    # event data read at run time, then appends a prompt file to it.
    body = (
        "func build(step string) {\n\tinstruction := strings.Repeat(step, 1)\n"
        '\tinstruction += "\\n\\n## Task\\n" + os.Getenv("TASK")\n'
        '\tllmagent.New(llmagent.Config{Name: "a", Instruction: instruction})\n}\n'
    )
    [(_, message)] = _findings(tmp_path, body, run_cli, "TPL010")
    assert message.startswith("`instruction` is inserted into the instruction and can carry braces")


@pytest.mark.parametrize(
    "value",
    [
        'time.Now().Format("2006-01-02 15:04:05")',  # Faishalbhitex/goadk-agent-tracker
        "strconv.Itoa(count)",
        "fmt.Sprint(len(strings.Fields(text)))",
        "filepath.Join(root, slug(text))",
        "slug(text)",
        "cwd()",
        'fmt.Sprintf("%d words, round %d", len(text), count)',
    ],
)
def test_a_value_that_cannot_hold_a_placeholder_is_no_evidence(value: str, tmp_path: Path, run_cli) -> None:
    body = (
        'var nonSlug = regexp.MustCompile("[^a-z0-9-]+")\n\n'
        'func slug(s string) string {\n\treturn nonSlug.ReplaceAllString(strings.ToLower(s), "-")\n}\n\n'
        "func cwd() string {\n\tdir, _ := os.Getwd()\n\treturn dir\n}\n\n"
        "func build(count int, root, text string) {\n"
        f'\tllmagent.New(llmagent.Config{{Name: "a", Instruction: "Report (" + {value} + ") on {{topic?}}."}})\n'
        "}\n"
    )
    assert _findings(tmp_path, body, run_cli, "TPL010") == []


@pytest.mark.parametrize(
    ("value", "why"),
    [
        ("fetch()", "`fetch(...)` returns a value known only at run time"),
        ("text", "its value is only known at run time"),
        ('regexp.MustCompile("[^a-z{}]+").ReplaceAllString(text, "")', "returns a value known only at run time"),
    ],
)
def test_a_text_known_only_at_run_time_is_still_reported(value: str, why: str, tmp_path: Path, run_cli) -> None:
    body = (
        'func fetch() string {\n\tb, _ := os.ReadFile("/tmp/page")\n\treturn string(b)\n}\n\n'
        "func build(text string) {\n"
        f'\tllmagent.New(llmagent.Config{{Name: "a", Instruction: "Page: " + {value}}})\n'
        "}\n"
    )
    [(code, message)] = _findings(tmp_path, body, run_cli, "TPL010")
    assert code == "TPL010" and why in message


def test_a_nested_path_is_named_in_the_port_s_own_dialect(tmp_path: Path, run_cli) -> None:
    # muchlist/agent-dev-kit: adk-go leaves `{state.current_post}` as written.
    body = (
        'func build() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: "Refine {state.current_post}."})\n}\n'
    )
    [finding] = _lint(tmp_path, body, run_cli, "--select", "TPL005")
    assert "the `adk-go` dialect has no nested paths" in finding["message"]
    assert finding["help"] == "did you mean `{current_post}`?"


def test_a_run_s_direct_write_an_event_records_is_not_lost(tmp_path: Path, run_cli) -> None:
    # normahq/go-adk-acpagent: a helper sets `ctx.Session().State().Set(key, v)` and the run
    # then yields an event whose state delta holds the same key: the service stores that.
    helper = (
        "func bind(ctx agent.InvocationContext, id string) {\n"
        '\t_ = ctx.Session().State().Set(bindingKey, id)\n\t_ = ctx.Session().State().Set("scratch", id)\n}\n\n'
    )
    run = (
        "func run(ctx agent.InvocationContext, yield func(*session.Event, error) bool) {\n"
        '\tbind(ctx, "r1")\n\tev := session.NewEvent(ctx.InvocationID())\n'
        '\tev.Actions.StateDelta[bindingKey] = "r1"\n\tyield(ev, nil)\n}\n'
    )
    (tmp_path / "events.go").write_text(IMPORTS + 'const bindingKey = "acp_session"\n\n' + run, encoding="utf-8")
    found = _findings(tmp_path, helper, run_cli, "TPL016")
    message = "`scratch` is written to a session's state directly: no event records it and persistent services lose it"
    assert found == [("TPL016", message)]


def test_third_party_text_of_go_tools_reaches_a_later_agent(tmp_path: Path, run_cli) -> None:
    # adk-go's Google Search grounding (`geminitool.GoogleSearch{}`) and a tool fetching a page
    # with `net/http`: what they bring in is a third party's text.
    body = (
        "type args struct{ URL string }\n\n"
        "func fetch(ctx tool.Context, a args) (string, error) {\n"
        '\tresp, err := http.Get(a.URL)\n\tif err != nil {\n\t\treturn "", err\n\t}\n'
        '\tdefer resp.Body.Close()\n\tctx.State().Set("page", resp.Status)\n\treturn resp.Status, nil\n}\n\n'
        "func main() {\n"
        '\tfetcher, _ := functiontool.New(functiontool.Config{Name: "fetch"}, fetch)\n'
        "\tsearch := geminitool.GoogleSearch{}\n"
        '\tresearcher, _ := llmagent.New(llmagent.Config{Name: "researcher", Instruction: "Research.",\n'
        '\t\tTools: []tool.Tool{search}, OutputKey: "findings"})\n'
        '\treader, _ := llmagent.New(llmagent.Config{Name: "reader", Instruction: "Read.", Tools: []tool.Tool{fetcher}})\n'
        '\twriter, _ := llmagent.New(llmagent.Config{Name: "writer", Instruction: "From {findings}: <page>{page}</page>"})\n'
        '\t_, _ = sequentialagent.New(sequentialagent.Config{AgentConfig: agent.Config{Name: "root",\n'
        "\t\tSubAgents: []agent.Agent{researcher, reader, writer}}})\n}\n"
    )
    imports = IMPORTS.replace('\t"google.golang.org/adk/runner"\n', '\t"google.golang.org/adk/runner"\n'
        '\t"google.golang.org/adk/agent/workflowagents/sequentialagent"\n\t"google.golang.org/adk/tool"\n'
        '\t"google.golang.org/adk/tool/functiontool"\n\t"google.golang.org/adk/tool/geminitool"\n\t"net/http"\n')  # fmt: skip
    (tmp_path / "main.go").write_text(imports + body, encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--no-cache", "--output-format", "json", ".")
    found = [(f["code"], f["message"]) for f in json.loads(out) if f["code"] in ("TPL021", "TPL022")]
    assert [code for code, _ in found] == ["TPL021", "TPL022"]
    assert "which holds `geminitool.GoogleSearch`" in found[0][1] and "which calls `http.Get`" in found[1][1]


_RETRY = """package main

import (
\t"google.golang.org/adk/v2/agent"
\t"google.golang.org/adk/v2/agent/workflowagent"
\t"google.golang.org/adk/v2/session"
\t"google.golang.org/adk/v2/workflow"
)

func step(ctx agent.Context, in any) (any, error) { return in, nil }

func check(ctx agent.Context, in any, emit func(*session.Event) error) (any, error) {
\tev := session.NewEvent(ctx.InvocationID())
\tev.Routes = []string{"ok"}
\treturn in, emit(ev)
}

func build() (agent.Agent, error) {
\tdraft := workflow.NewFunctionNode("draft", step, workflow.NodeConfig{})
\tresearch := workflow.NewFunctionNode("research", step, workflow.NodeConfig{})
\treview := workflow.NewEmittingFunctionNode("review", check, workflow.NodeConfig{})
\tfix := workflow.NewFunctionNode("fix", step, workflow.NodeConfig{})
\tapproved := workflow.NewFunctionNode("approved", step, workflow.NodeConfig{})
\tgather := workflow.NewJoinNode("gather")
\tpublish := workflow.NewFunctionNode("publish", step, workflow.NodeConfig{})
\teb := workflow.NewEdgeBuilder()
\teb.AddFanOut(workflow.Start, draft, research)
\teb.Add(draft, review)
\teb.AddRoute(review, fix, workflow.StringRoute("retry"))
\teb.Add(fix, AFTER_FIX)
\teb.AddRoute(review, approved, workflow.StringRoute("ok"))
\teb.AddFanIn(gather, approved, research)
\teb.Add(gather, publish)
\treturn workflowagent.New(workflowagent.Config{Name: "w", Edges: eb.Build()})
}
"""


@pytest.mark.parametrize(("after_fix", "fires"), [("review", True), ("publish", False)])
def test_a_join_whose_predecessor_a_retry_loop_reruns_fires(
    after_fix: str, fires: bool, tmp_path: Path, run_cli
) -> None:
    # adk-go's join fires once every predecessor has completed (`workflow/scheduler.go`,
    # `aggregatePredecessorOutputs`), google-adk's once each has arrived (`_workflow.py`,
    # `join_arrivals`): a `retry` route that only runs `review` again ends at `ok` in the end.
    (tmp_path / "main.go").write_text(_RETRY.replace("AFTER_FIX", after_fix), encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--no-cache", "--output-format", "json", ".")
    found = [f["message"] for f in json.loads(out) if f["code"] == "TPL019"]
    blocked = "join `gather` in workflow `w` may never fire: `approved` runs only on route `ok` of `review`"
    assert found == ([] if fires else [f"{blocked}; then nothing after it runs"])


def test_the_json_of_a_schema_the_function_builds_is_no_evidence(tmp_path: Path, run_cli) -> None:
    # google/adk-docs llm-agents: `json.Marshal(&genai.Schema{...})` spliced in with `%s`; every
    # brace group of its JSON opens with a quoted key, which adk-go leaves as written.
    body = (
        "func build(describe string) {\n"
        '\tschema := &genai.Schema{Type: genai.TypeObject, Description: "DESCRIPTION"}\n'
        "\tout, _ := json.Marshal(schema)\n"
        '\tllmagent.New(llmagent.Config{Name: "a", Instruction: fmt.Sprintf("Reply as %s", string(out))})\n}\n'
    )
    imports = IMPORTS.replace('\t"context"\n', '\t"context"\n\t"encoding/json"\n')
    (tmp_path / "main.go").write_text(imports + body.replace("DESCRIPTION", "The capital."), encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--no-cache", "--output-format", "json", ".")
    assert [f["code"] for f in json.loads(out)] == []
    (tmp_path / "main.go").write_text(imports + body.replace("DESCRIPTION", "Use {city}."), encoding="utf-8")
    _, out, _ = run_cli("lint", "--isolated", "--no-cache", "--output-format", "json", ".")
    assert [f["code"] for f in json.loads(out)] == ["TPL010"]

"""The project model: agents, writers, order and the project rules TPL014-TPL016, on fixture projects."""

from __future__ import annotations

import pickle
import textwrap
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.assembly import assemble
from templating.project.python.agents import python_facts
from templating.project.python.module import load_module
from templating.project.sources import SourceCache


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")


def _lint(root: Path, monkeypatch, **settings) -> list[tuple[str, int, int, str, str]]:
    monkeypatch.chdir(root)
    result = lint_paths([root], Settings(root=root, **settings))
    return [
        (f.path, f.line, f.column, f.code, f.message)
        for f in result.findings
        if f.code in ("TPL014", "TPL015", "TPL016")
    ]


def _model(root: Path, monkeypatch):
    monkeypatch.chdir(root)
    cache = SourceCache(root)
    facts = []
    for path in sorted(root.rglob("*.py")):
        module = load_module(path, path.read_text(), cache.display(path), cache)
        facts.append(python_facts(module, cache))
    return assemble(facts)


PIPELINE = {
    "pipeline/__init__.py": "from . import agent\n",
    "pipeline/tools.py": """
        from google.adk.tools import ToolContext

        def save_city(city: str, tool_context: ToolContext) -> dict:
            tool_context.state["city"] = city
            return {}

        def remember(callback_context):
            callback_context.state.update({"mood": "calm"}, tone="dry")
            callback_context.state.setdefault("lang", "en")
        """,
    "pipeline/agent.py": """
        from google.adk.agents import LlmAgent, SequentialAgent
        from .tools import save_city, remember

        finder = LlmAgent(name="finder", instruction="Find a city.", tools=[save_city], output_key="findings")
        writer = LlmAgent(name="writer", instruction="Write about {city} using {findings}, {mood}, {tone}, {lang}.",
                          before_agent_callback=remember)
        root_agent = SequentialAgent(name="pipeline", sub_agents=[finder, writer])
        """,
}


def test_model_pipeline_writers_cross_module_and_query_api(tmp_path, monkeypatch):
    _write(tmp_path, PIPELINE)
    model = _model(tmp_path, monkeypatch)
    assert {a.name: a.kind for a in model.agents} == {"finder": "llm", "writer": "llm", "pipeline": "sequential"}
    assert model.written_keys() == {"city", "findings", "mood", "tone", "lang"}
    (city,) = model.writers_of("city")
    assert (city.via, city.agent, city.function, city.path, city.line, city.column) == (
        "tool",
        "finder",
        "save_city",
        "pipeline/tools.py",
        4,
        5,
    )
    assert {w.via for w in model.writers_of("mood")} == {"callback"}
    assert [a.name for a in model.roots] == ["pipeline"]
    assert [c.name for c in model.roots[0].sub_agents] == ["finder", "writer"]
    writer = next(a for a in model.agents if a.name == "writer")
    assert model.agent_of(writer.instructions[0]) is writer
    assert [r.key for r in writer.reads] == ["city", "findings", "mood", "tone", "lang"]


def test_model_facts_are_picklable(tmp_path, monkeypatch):
    _write(tmp_path, PIPELINE)
    monkeypatch.chdir(tmp_path)
    cache = SourceCache(tmp_path)
    path = tmp_path / "pipeline" / "agent.py"
    facts = python_facts(load_module(path, path.read_text(), "pipeline/agent.py", cache), cache)
    assert pickle.loads(pickle.dumps(facts)) == facts


def test_rules_clean_pipeline_has_no_findings(tmp_path, monkeypatch):
    _write(tmp_path, PIPELINE)
    assert _lint(tmp_path, monkeypatch) == []


def test_rule_tpl015_critic_before_writer_names_the_late_writer(tmp_path, monkeypatch):
    files = dict(PIPELINE)
    files["pipeline/agent.py"] = PIPELINE["pipeline/agent.py"].replace("[finder, writer]", "[writer, finder]")
    _write(tmp_path, files)
    (finding,) = [f for f in _lint(tmp_path, monkeypatch) if "findings" in f[4]]
    assert finding[:4] == ("pipeline/agent.py", 5, 73, "TPL015")
    assert "the `output_key` of agent `finder` (pipeline/agent.py:4:" in finding[4]
    assert any("`city`" in f[4] and "tool `save_city` of agent `finder`" in f[4] for f in _lint(tmp_path, monkeypatch))


def test_rule_tpl015_loop_first_iteration_and_own_output_key(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent, LoopAgent
        critic = LlmAgent(name="critic", instruction="Critique {draft}.", output_key="critique")
        reviser = LlmAgent(name="reviser", instruction="Revise with {critique}.", output_key="draft")
        solo = LlmAgent(name="solo", instruction="Last time: {summary}", output_key="summary")
        loop = LoopAgent(name="loop", sub_agents=[critic, reviser])
        """
        },
    )
    findings = _lint(tmp_path, monkeypatch)
    assert [(f[1], f[3]) for f in findings] == [(2, "TPL015"), (4, "TPL015")]
    assert "its own `output_key`" in findings[1][4]


def test_rule_tpl015_parallel_siblings_and_nested_order(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent, ParallelAgent, SequentialAgent
        a = LlmAgent(name="a", instruction="Go.", output_key="x")
        b = LlmAgent(name="b", instruction="Use {x}.", output_key="y")
        c = LlmAgent(name="c", instruction="Use {x} and {y}.")
        both = ParallelAgent(name="both", sub_agents=[a, b])
        root = SequentialAgent(name="root", sub_agents=[both, c])
        """
        },
    )
    findings = _lint(tmp_path, monkeypatch)
    assert [(f[1], f[2], f[3]) for f in findings] == [(3, 42, "TPL015")]


def test_rule_tpl014_unwritten_key_suggests_the_closest_and_skips_optional(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent, SequentialAgent
        r = LlmAgent(name="researcher", instruction="Research.", output_key="findings")
        c = LlmAgent(name="critic", instruction="Review {findngs} {notes?}.")
        p = SequentialAgent(name="p", sub_agents=[r, c])
        """
        },
    )
    monkeypatch.chdir(tmp_path)
    (finding,) = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert (finding.code, finding.line, finding.column) == ("TPL014", 3, 50)
    assert finding.message == "`findngs` is read by agent `critic`, but nothing in the project writes it"
    assert finding.help.startswith("did you mean `findings`?")


def test_rule_tpl014_unknown_writer_in_own_tool_and_initial_state(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent

        def store(key: str, tool_context):
            tool_context.state[f"{key}"] = 1  # no constant prefix: any key

        a = LlmAgent(name="a", instruction="Use {k_x}.", tools=[store])
        b = LlmAgent(name="b", instruction="Use {k_y}.")
        """
        },
    )
    assert [f[4].split(",")[0] for f in _lint(tmp_path, monkeypatch)] == ["`k_y` is read by agent `b`"]
    _write(
        tmp_path,
        {
            "tests/main.py": """
        async def main(service, state):
            await service.create_session(app_name="a", user_id="u", state=state)
        """
        },
    )
    assert len(_lint(tmp_path, monkeypatch)) == 1  # a runner in another folder seeds other agents
    _write(tmp_path, {"main.py": (tmp_path / "tests" / "main.py").read_text()})
    assert _lint(tmp_path, monkeypatch) == []


def test_writers_event_actions_initial_state_and_aliases(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "app.py": """
        from google.adk.events import EventActions
        INITIAL = {"user:name": "Ada"}

        def after(callback_context: CallbackContext):
            state = callback_context.state
            state["seen"] = True
            callback_context.actions.state_delta["delta_key"] = 1

        def event():
            return EventActions(state_delta={"done": True})

        async def main(service):
            await service.create_session(app_name="a", user_id="u", state=INITIAL)
        """
        },
    )
    model = _model(tmp_path, monkeypatch)
    assert {(w.key, w.via) for w in model.writers} == {
        ("user:name", "initial"),
        ("seen", "callback"),
        ("delta_key", "callback"),
        ("done", "state_delta"),
    }


def test_rule_tpl016_direct_session_state_write_and_noqa(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "main.py": """
        async def main(service):
            session = await service.get_session(app_name="a", user_id="u", session_id="s")
            session.state["topic"] = "tides"
            session.state.update({"x": 1})  # noqa: TPL016

        def tool(tool_context):
            tool_context.state["fine"] = 1
        """
        },
    )
    findings = _lint(tmp_path, monkeypatch)
    assert [(f[1], f[2], f[3]) for f in findings] == [(3, 5, "TPL016")]
    assert findings[0][4].startswith("`topic` is written to a session's state directly")


def test_rules_noqa_and_select_on_placeholders(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        a = Agent(name="a", instruction="Hi {name}")  # noqa: TPL014
        b = Agent(name="b", instruction="Hi {name}")
        """
        },
    )
    assert [f[1] for f in _lint(tmp_path, monkeypatch)] == [2]
    assert _lint(tmp_path, monkeypatch, enabled=frozenset({"TPL001"})) == []


def test_rule_tpl014_off_when_a_state_file_declares_keys(tmp_path, monkeypatch):
    _write(tmp_path, {"agent.py": 'a = Agent(name="a", instruction="Hi {name}")\n'})
    assert _lint(tmp_path, monkeypatch, known_keys=frozenset({"other"})) == []


def test_model_yaml_config_path_sub_agents_and_python_tools(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "app/root_agent.yaml": """
            name: root
            agent_class: SequentialAgent
            sub_agents:
              - config_path: reader.yaml
              - config_path: sub/writer.yaml
            """,
            "app/reader.yaml": "name: reader\ninstruction: Read {draft}.\n",
            "app/sub/writer.yaml": """
            name: writer
            instruction: Write.
            output_key: draft
            tools:
              - name: app.tools.note
            """,
            "app/__init__.py": "",
            "app/tools.py": "def note(tool_context):\n    tool_context.state['note'] = 1\n",
        },
    )
    monkeypatch.chdir(tmp_path)
    findings = list(lint_paths([tmp_path], Settings(root=tmp_path)).findings)
    assert [(f.path, f.line, f.column, f.code) for f in findings] == [("app/reader.yaml", 2, 20, "TPL015")]
    assert "the `output_key` of agent `writer` (app/sub/writer.yaml:3:13)" in findings[0].message


@pytest.mark.parametrize("form", ["AgentTool(agent=helper)", "AgentTool(helper)"])
def test_model_agent_tool_writes_belong_to_the_caller(tmp_path, monkeypatch, form):
    _write(
        tmp_path,
        {
            "agent.py": f"""
        from google.adk.agents import LlmAgent
        from google.adk.tools.agent_tool import AgentTool
        helper = LlmAgent(name="helper", instruction="Help.", output_key="answer")
        main = LlmAgent(name="main", instruction="Use {{answer}}.", tools=[{form}])
        """
        },
    )
    model = _model(tmp_path, monkeypatch)
    assert {(w.agent, w.via) for w in model.writers_of("answer")} == {("helper", "output_key"), ("main", "tool")}


def test_model_custom_agent_class_and_factory(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/custom.py": """
            from google.adk.agents import BaseAgent

            class Gate(BaseAgent):
                async def _run_async_impl(self, ctx):
                    ctx.session.state["gate"] = "open"
            """,
            "pkg/agent.py": """
            from google.adk.agents import LlmAgent, SequentialAgent
            from .custom import Gate

            def make_reader():
                return LlmAgent(name="reader", instruction="Gate is {gate}.")

            root = SequentialAgent(name="root", sub_agents=[Gate(name="gate"), make_reader()])
            """,
        },
    )
    model = _model(tmp_path, monkeypatch)
    assert {a.name: a.kind for a in model.agents} == {"gate": "custom", "reader": "llm", "root": "sequential"}
    assert [(w.via, w.agent) for w in model.writers_of("gate")] == [("agent", "gate")]
    assert [c.name for c in model.roots[0].sub_agents] == ["gate", "reader"]
    assert _lint(tmp_path, monkeypatch) == []


def test_rule_tpl014_state_handed_to_a_helper_weakens_the_whole_tree(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent

        def load(callback_context):
            fill(DATA, callback_context.state)
            print(callback_context.state)

        child = LlmAgent(name="child", instruction="Profile: {user_profile}")
        root = LlmAgent(name="root", instruction="Hi {name}", before_agent_callback=load, sub_agents=[child])
        other = LlmAgent(name="other", instruction="Hi {name}")
        """
        },
    )
    model = _model(tmp_path, monkeypatch)
    assert [(w.key, w.line) for w in model.writers] == [(None, 4)]
    assert [f[4].split(",")[0] for f in _lint(tmp_path, monkeypatch)] == ["`name` is read by agent `other`"]


def test_model_reads_an_instruction_built_in_the_factory_that_makes_the_agent(tmp_path, monkeypatch):
    # The instruction is a local of the factory, joined with a module constant: the model
    # evaluates it in that function, as the per-file rules do.
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent
        INTRO = "You review drafts. "
        def make_critic():
            text = INTRO + "Review {draft}."
            return LlmAgent(name="critic", instruction=text)
        root_agent = make_critic()
        """
        },
    )
    findings = _lint(tmp_path, monkeypatch)
    assert findings == [
        ("agent.py", 4, 29, "TPL014", "`draft` is read by agent `critic`, but nothing in the project writes it")
    ]


def test_lint_finds_a_renamed_compile_template_far_from_any_hint(tmp_path, monkeypatch):
    _write(
        tmp_path,
        {
            "build.py": """
        from templating import compile_template as build

        PROMPT = build("Hi {{name}}")
        """
        },
    )
    monkeypatch.chdir(tmp_path)
    codes = [finding.code for finding in lint_paths([tmp_path], Settings(root=tmp_path)).findings]
    assert codes == ["TPL001"]


def test_file_results_round_trip_through_pickle_with_their_reads(tmp_path, monkeypatch):
    # What workers return and the cache keeps: findings, facts with their reads, sources.
    from templating.lint.linter import lint_file
    from templating.project.model.assembly import with_reads

    _write(tmp_path, PIPELINE)
    monkeypatch.chdir(tmp_path)
    result = lint_file(tmp_path / "pipeline" / "agent.py", Settings(root=tmp_path), SourceCache(tmp_path))
    copy = pickle.loads(pickle.dumps(result))
    assert copy == result and copy.facts[0].agents[0].reads is not None
    assert [read.key for agent in copy.facts[0].agents for read in agent.reads] == [
        read.key for facts in result.facts for agent in with_reads(facts, "adk").agents for read in agent.reads
    ]
    source = copy.facts[0].agents[0].instructions[0].source
    assert source.position(len(source.text) - 1)[0] == source.text.count("\n")  # line starts work again


def test_rules_named_files_are_linted_against_the_whole_project(tmp_path, monkeypatch):
    # pre-commit names only the changed files: the writer in tools.py still counts, and the
    # unwritten key of other.py (not named) is not reported.
    _write(tmp_path, {
        "pyproject.toml": "[tool.templating]\n",
        "app/agent.py": """
            from google.adk.agents import LlmAgent
            from .tools import save_city
            root = LlmAgent(name="guide", instruction="Visit {city}.", tools=[save_city])
            """,
        "app/tools.py": """
            def save_city(city: str, tool_context):
                tool_context.state["city"] = city
            """,
        "app/other.py": """
            from google.adk.agents import LlmAgent
            other = LlmAgent(name="other", instruction="Use {nothing}.")
            """,
    })  # fmt: skip
    monkeypatch.chdir(tmp_path)
    settings = Settings(root=tmp_path)
    # The tool's write is found (no TPL014); it comes only after the agent's first model call,
    # which ADK 2.13 makes with `{city}` missing: TPL015 names the tool.
    [late] = lint_paths([Path("app/agent.py")], settings).findings
    assert late.code == "TPL015" and "its own tool `save_city`" in late.message
    (tmp_path / "app" / "tools.py").write_text(
        'def save_city(city, tool_context):\n    tool_context.state["town"] = city\n'
    )
    [finding] = lint_paths([Path("app/agent.py")], settings).findings
    assert (finding.path, finding.code) == ("app/agent.py", "TPL014")
    assert [f.path for f in lint_paths([Path("app")], settings).findings] == ["app/agent.py", "app/other.py"]


def test_project_rules_and_tpl011_report_a_read_at_the_same_key(tmp_path, monkeypatch):
    # One placeholder, one position: TPL011 (with a state file), TPL014 (without) and TPL015
    # all point at the key, without the braces, the spaces or the `?`.
    _write(
        tmp_path,
        {
            "agent.py": """
        from google.adk.agents import LlmAgent, SequentialAgent
        a = LlmAgent(name="asker", instruction="Plan {  city } for {user:city}.")
        b = LlmAgent(name="booker", instruction="Book {hotel}.")
        c = LlmAgent(name="finder", instruction="Find.", output_key="hotel")
        p = SequentialAgent(name="p", sub_agents=[a, b, c])
        """
        },
    )
    monkeypatch.chdir(tmp_path)
    wanted = {"TPL011", "TPL014", "TPL015"}
    without_state = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    with_state = lint_paths([tmp_path], Settings(root=tmp_path, known_keys=frozenset({"town"}))).findings
    found = sorted((f.line, f.column, f.end_column, f.code) for f in [*without_state, *with_state] if f.code in wanted)
    assert found == [
        (2, 49, 53, "TPL011"),
        (2, 49, 53, "TPL014"),  # `city` in `{  city }`
        (2, 61, 70, "TPL011"),
        (2, 61, 70, "TPL014"),  # `user:city`
        (3, 48, 53, "TPL011"),
        (3, 48, 53, "TPL015"),
        (3, 48, 53, "TPL015"),  # `hotel`, read before it is written
    ]


def test_writers_of_finds_prefixed_writers_of_every_prefix_length_in_file_order():
    from templating.project.model.facts import Writer
    from templating.project.model.project_model import ProjectModel

    writers = (
        Writer(None, "tool", "b.py", 1, 1, prefix="temp:cache:"),
        Writer("temp:cache:x", "output_key", "a.py", 2, 1),
        Writer(None, "callback", "a.py", 3, 1, prefix="temp:"),
        Writer(None, "tool", "c.py", 4, 1, prefix="user:"),
        Writer(None, "initial", "d.py", 5, 1),
    )
    model = ProjectModel((), writers)
    assert model.writers_of("temp:cache:x") == (writers[1], writers[0], writers[2])
    assert model.writers_of("temp:other") == (writers[2],)
    assert model.writers_of("temp") == ()
    assert model.changing_writer("temp:other") is writers[2]
    # A key no writer names: the first writer of an unknown key during a run, never an initial state.
    assert model.changing_writer("plain") is writers[0]
    seeded = ProjectModel(
        (), (writers[4], Writer(None, "state_delta", "e.py", 6, 1), Writer(None, "tool", "f.py", 7, 1))
    )
    assert seeded.changing_writer("plain") is seeded.writers[1]
    assert ProjectModel((), (writers[4],)).changing_writer("plain") is None

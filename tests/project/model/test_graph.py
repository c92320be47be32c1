"""``templating graph`` (mermaid, dot, json) and the writers ``render --explain`` names."""

from __future__ import annotations

import json
import textwrap

AGENT = textwrap.dedent("""
    from google.adk.agents import LlmAgent, SequentialAgent

    def save(city: str, tool_context):
        tool_context.state["city"] = city

    finder = LlmAgent(name="finder", instruction="Find.", tools=[save], output_key="findings")
    writer = LlmAgent(name="writer", instruction="Write about {city}: {findings} {style?}")
    root_agent = SequentialAgent(name="pipeline", sub_agents=[finder, writer])
""").lstrip()


def test_graph_json_shape(tmp_path, run_cli, monkeypatch):
    (tmp_path / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("graph", "--format", "json")
    agents = {a["name"]: a for a in json.loads(out)["agents"]}
    assert code == 0
    assert agents["pipeline"] == {
        "name": "pipeline", "kind": "sequential", "file": "agent.py", "line": 8,
        "sub_agents": ["finder", "writer"], "reads": [], "writes": [],
    }  # fmt: skip
    assert agents["finder"]["writes"] == [
        {"key": "findings", "via": "output_key", "file": "agent.py", "line": 6},
        {"key": "city", "via": "tool", "file": "agent.py", "line": 4},
    ]
    assert agents["writer"]["reads"][2] == {
        "key": "style",
        "optional": True,
        "file": "agent.py",
        "line": 7,
        "column": 78,
    }


def test_graph_mermaid_and_dot(tmp_path, run_cli, monkeypatch):
    (tmp_path / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    _, mermaid, _ = run_cli("graph", ".")
    assert mermaid.startswith("flowchart LR\n")
    assert "agent2_pipeline ==>|1| agent0_finder" in mermaid
    assert "agent0_finder -->|tool| key0_city" in mermaid
    assert "key0_city -.->|reads| agent1_writer" in mermaid
    assert "key2_style -.-o|may read| agent1_writer" in mermaid  # `{style?}`: optional, drawn apart
    _, dot, _ = run_cli("graph", "--format", "dot")
    assert dot.startswith("digraph agents {\n  rankdir=LR;")
    assert 'agent0_finder -> key1_findings [label="output_key", style=solid];' in dot
    assert 'key0_city -> agent1_writer [label="reads", style=dashed];' in dot
    assert 'key2_style -> agent1_writer [label="may read", style=dotted, arrowhead=odot];' in dot


def test_graph_deep_agent_tree_is_drawn_top_to_bottom(tmp_path, run_cli, monkeypatch):
    nested = AGENT.replace(
        'root_agent = SequentialAgent(name="pipeline", sub_agents=[finder, writer])',
        'pipeline = SequentialAgent(name="pipeline", sub_agents=[finder, writer])\n'
        'root_agent = SequentialAgent(name="app", sub_agents=[pipeline])',
    )
    (tmp_path / "agent.py").write_text(nested)
    monkeypatch.chdir(tmp_path)
    assert run_cli("graph", ".")[1].startswith("flowchart TB\n")
    assert "  rankdir=TB;\n" in run_cli("graph", ".", "--format", "dot")[1]


def test_graph_missing_path_is_a_usage_error(tmp_path, run_cli, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("graph", "missing")
    assert code == 2 and "missing" in err


def test_render_explain_names_the_writers_of_each_key(tmp_path, run_cli, monkeypatch):
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "prompt.txt").write_text("{city} {findings} {other}")
    (tmp_path / "state.json").write_text('{"city": "Oslo", "findings": "f", "other": 1}')
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("render", "prompt.txt", "--state", "state.json", "--explain")
    lines = err.splitlines()
    assert code == 0
    assert lines[1] == "    written by: tool `save` of agent `finder` (agent.py:4:5)"
    assert lines[3] == "    written by: the `output_key` of agent `finder` (agent.py:6:80)"
    assert lines[5] == "    written by: nothing in the project"


def test_render_explain_without_agent_code_names_no_writers(tmp_path, run_cli):
    (tmp_path / "i.txt").write_text("Hi {name}")
    (tmp_path / "s.json").write_text('{"name": "Ada"}')
    _, _, err = run_cli("render", str(tmp_path / "i.txt"), "--state", str(tmp_path / "s.json"), "--explain")
    assert "written by" not in err


def test_graph_draws_the_initial_state_and_its_keys(tmp_path, run_cli, monkeypatch):
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "main.py").write_text(
        'session = service.create_session(app_name="a", user_id="u", state={"style": "short"})\n'
    )
    monkeypatch.chdir(tmp_path)
    _, out, _ = run_cli("graph", "--format", "json")
    assert json.loads(out)["initial"] == [{"key": "style", "file": "main.py", "line": 1}]
    _, mermaid, _ = run_cli("graph")
    assert '  initial_state[/"initial state"/]' in mermaid
    assert "  initial_state -->|initial| key2_style" in mermaid
    _, dot, _ = run_cli("graph", "--format", "dot")
    assert 'initial_state -> key2_style [label="initial", style=solid];' in dot


def test_graph_without_initial_state_draws_no_such_node(tmp_path, run_cli, monkeypatch):
    (tmp_path / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    _, out, _ = run_cli("graph", "--format", "json")
    assert json.loads(out)["initial"] == []
    assert "initial_state" not in run_cli("graph")[1]


def test_graph_reads_the_projects_settings(tmp_path, run_cli, monkeypatch):
    # `exclude` in [tool.templating] hides a folder from graph as from lint.
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nexclude = ["vendored/"]\n')
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "vendored").mkdir()
    (tmp_path / "vendored" / "other.py").write_text(AGENT.replace('"pipeline"', '"vendored_pipeline"'))
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli("graph", ".", "--format", "json")
    assert code == 0 and "vendored_pipeline" not in out and '"pipeline"' in out


def test_graph_unknown_config_key_is_a_usage_error(tmp_path, run_cli, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\ncolour = 1\n")
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli("graph", ".")
    assert code == 2 and "unknown key `colour`" in err

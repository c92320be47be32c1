"""Instructions google-adk 2.13.0 injects outside an agent's own ``instruction=``: a
``GlobalInstructionPlugin``'s (every model call of the app reads it) and a ``ManagedAgent``'s.
The real package is the oracle for what renders and what raises."""

from __future__ import annotations

import textwrap

import pytest
from google.adk.agents import ManagedAgent
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
from surface_runtime import lint_copy, lint_folder, run

from templating.project.reading import read_project


def test_plugin_failing_read_at_run_time_is_the_one_lint_reports(tmp_path):
    seen, _, error = run("plugin_app", {}, [])
    assert isinstance(error, RuntimeError) and "`customer`" in str(error) and "'front'" in str(error)
    seen, _, error = run("plugin_app", {"customer": "ACME"}, [])
    assert error is None and seen[0].startswith("You serve ACME. Brand: .\n\nRoute the user.")
    assert [f for f in lint_copy("plugin_app", tmp_path) if f[3].startswith("TPL01")] == [
        (
            "plugin_app/agent.py",
            14,
            50,
            "TPL014",
            "`customer` is read by agent `front`, but nothing in the project writes it",
        ),
    ]


FORMS = {
    "keyword": 'App(name="a", root_agent=front, plugins=[GlobalInstructionPlugin(global_instruction="For {customer}.")])',
    "positional": 'App(name="a", root_agent=front, plugins=[GlobalInstructionPlugin("For {customer}.")])',
    "a list bound to a name": 'PLUGINS = [GlobalInstructionPlugin("For {customer}.")]\napp = App(name="a", root_agent=front, plugins=PLUGINS)',
    "a runner": 'runner = Runner(app_name="a", agent=front, plugins=[GlobalInstructionPlugin("For {customer}.")], session_service=s)',
}
AGENTS = textwrap.dedent("""
    from google.adk import Agent
    from google.adk.apps import App
    from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
    from google.adk.runners import Runner

    helper = Agent(name="helper", instruction="Help.")
    front = Agent(name="front", instruction="Route.", sub_agents=[helper])
    other = Agent(name="other", instruction="Elsewhere.")
""")


@pytest.mark.parametrize("registration", FORMS.values(), ids=FORMS.keys())
def test_plugin_reads_go_to_every_model_call_under_its_root(tmp_path, registration):
    (tmp_path / "agent.py").write_text(AGENTS + registration + "\n")
    model = read_project([tmp_path], root=tmp_path)
    assert {agent.name: [read.key for read in agent.reads] for agent in model.agents} == {
        "helper": ["customer"], "front": ["customer"], "other": [],
    }  # fmt: skip


def test_plugin_provider_is_not_injected_and_has_no_reads(tmp_path):
    registration = 'App(name="a", root_agent=front, plugins=[GlobalInstructionPlugin(lambda context: "{x}")])'
    (tmp_path / "agent.py").write_text(AGENTS + registration + "\n")
    assert all(agent.reads == [] for agent in read_project([tmp_path], root=tmp_path).agents)


def test_plugin_the_real_class_takes_the_instruction_both_ways():
    assert (
        GlobalInstructionPlugin("A {x}").global_instruction
        == GlobalInstructionPlugin(global_instruction="A {x}").global_instruction
    )


MANAGED = textwrap.dedent("""
    from google.adk.agents import ManagedAgent

    coder = ManagedAgent(name="coder", agent_id="antigravity-preview-05-2026", instruction="Work on {repo}. Branch {branch?}.")
""")


def test_managed_agent_instruction_is_read_like_an_agent_instruction(tmp_path):
    agent = ManagedAgent(name="coder", agent_id="antigravity-preview-05-2026", instruction="Work on {repo}.")
    assert isinstance(agent.instruction, str)  # a text: google-adk injects it (a provider it does not)
    (tmp_path / "coder").mkdir()
    (tmp_path / "coder" / "agent.py").write_text(MANAGED)
    model = read_project([tmp_path], root=tmp_path)
    assert [(a.name, a.kind, [(r.key, r.optional) for r in a.reads]) for a in model.agents] == [
        ("coder", "llm", [("repo", False), ("branch", True)]),
    ]
    findings = lint_folder(tmp_path / "coder", tmp_path)
    assert [(f[1], f[2], f[3]) for f in findings] == [(4, 98, "TPL014")]


def test_plugin_on_a_workflow_root_is_read_by_every_agent_node(tmp_path):
    seen, _, error = run("plugin_workflow", {}, [])
    assert isinstance(error, RuntimeError) and "`customer` in agent 'greet'" in str(error)
    seen, _, error = run("plugin_workflow", {"customer": "Z"}, [])
    assert error is None and [text.split("\n")[0] for text in seen] == ["You serve Z.", "You serve ACME."]
    findings = [f for f in lint_copy("plugin_workflow", tmp_path) if f[3].startswith("TPL01")]
    assert [(f[1], f[3]) for f in findings] == [(17, "TPL015")]
    assert "agent `greet`" in findings[0][4] and "`save_customer`" in findings[0][4]

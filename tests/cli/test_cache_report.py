"""`templating cache-report`: the stable prefix, what breaks it, and the replay's hit counts
before and after `split_static`."""

from __future__ import annotations

import textwrap

from templating.cli.cache_report import count_tokens
from tests.core.test_cache_simulation import POLICY

APP = f'''\
from google.adk.agents import LlmAgent
from google.adk.agents.context_cache_config import ContextCacheConfig
from google.adk.apps import App


def stamp(callback_context):
    callback_context.state["_time"] = "now"


assistant = LlmAgent(
    name="assistant",
    instruction="""Current time: {{_time}}. You are talking to {{user:name}}.
{POLICY}""",
    before_agent_callback=stamp,
)
app = App(name="shop", root_agent=assistant, context_cache_config=ContextCacheConfig())
'''


def test_cache_report_names_what_breaks_the_prefix_and_replays_the_split(tmp_path, monkeypatch, run_cli):
    (tmp_path / "agent.py").write_text(textwrap.dedent(APP), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, output, _ = run_cli("cache-report", ".", "--simulate")
    assert status == 0
    lines = output.splitlines()
    assert lines[0] == "agent `assistant` (agent.py:10:13)"
    stable, unit = count_tokens("Current time: ")
    assert lines[1].startswith("  system instruction: ") and lines[1].endswith(f" {unit}; stable prefix: {stable}")
    assert (
        lines[2]
        == "  breaks it: `_time`, changes during a run (written by callback `stamp` of agent `assistant` (agent.py:7:5))"
    )
    assert (
        lines[3]
        == "  written by nothing in the project: `user:name` (constant if every session starts with it; the run fails without it)"
    )
    assert lines[4] == "  simulation (3 sessions x 8 turns, google-adk's cache manager): 0/24 cache hits"
    assert lines[5] == "  after split_static: 21/24 cache hits"


def test_cache_report_without_simulation(tmp_path, monkeypatch, run_cli):
    (tmp_path / "agent.py").write_text(textwrap.dedent(APP), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, output, _ = run_cli("cache-report", "--no-simulation")
    assert status == 0 and "simulation" not in output and "breaks it: `_time`" in output


SEED = """\
from google.adk.runners import InMemoryRunner

from agent import app


async def main():
    runner = InMemoryRunner(app=app)
    await runner.session_service.create_session(app_name="shop", user_id="u", state={"user:name": "Ada"})
"""


def test_cache_report_calls_a_key_constant_only_when_the_session_starts_with_it(tmp_path, monkeypatch, run_cli):
    (tmp_path / "agent.py").write_text(textwrap.dedent(APP), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    _, unseeded, _ = run_cli("cache-report", "--no-simulation")
    assert "session constants" not in unseeded and "written by nothing in the project: `user:name`" in unseeded
    (tmp_path / "main.py").write_text(SEED, encoding="utf-8")
    _, seeded, _ = run_cli("cache-report", "--no-simulation")
    assert "  session constants: `user:name` (same all session)" in seeded.splitlines()
    assert "written by nothing" not in seeded


def test_cache_report_reads_the_request_google_adk_assembles(tmp_path, monkeypatch, run_cli):
    """The plugin's text comes first, and ADK's identity and transfer texts are counted."""
    source = APP.replace(
        'app = App(name="shop", root_agent=assistant, context_cache_config=ContextCacheConfig())',
        "from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin\n"
        'helper = LlmAgent(name="helper", description="Helps.", instruction="Help.")\n'
        'root = LlmAgent(name="root", instruction="Route.", sub_agents=[assistant, helper])\n'
        'app = App(name="shop", root_agent=root, context_cache_config=ContextCacheConfig(),\n'
        '          plugins=[GlobalInstructionPlugin("Hello {user:name}, it is {_time}.")])',
    )
    (tmp_path / "agent.py").write_text(textwrap.dedent(source), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    status, output, _ = run_cli("cache-report")
    assert status == 0 and "simulation" not in output  # the replay runs only when asked
    helper = output.split("agent `helper`")[1].splitlines()
    stable, _ = count_tokens("Hello {user:name}, it is ")
    assert helper[1].endswith(f"; stable prefix: {stable}")  # the plugin's `{_time}` breaks every agent's
    assert helper[2].startswith("  breaks it: `_time`, changes during a run")
    helper_tokens = int(helper[1].split(": ")[1].split(" ")[0].replace(",", ""))
    own = "Hello {user:name}, it is {_time}.\n\nHelp.\n\n" + 'You are an agent. Your internal name is "helper".'
    assert helper_tokens > count_tokens(own)[0] + 100  # and the transfer text naming `root` and `assistant`


def test_cache_report_keeps_pace_with_lint_on_300_agents(tmp_path):
    """300 agents under one root, each listing the others in its transfer text: once past 60 s
    (a replay of each agent), now bounded like a lint."""
    from tests.bounded import run_templating

    lines = [
        "from google.adk.agents import LlmAgent",
        "from google.adk.agents.context_cache_config import ContextCacheConfig",
        "from google.adk.apps import App",
        "def stamp(callback_context):",
        "    callback_context.state['_time'] = 'now'",
        *(
            f'a{i} = LlmAgent(name="a{i}", description="Case {i}.", instruction="At {{_time}}. Policy {i}: '
            f'{"x" * 400}", before_agent_callback=stamp)'
            for i in range(300)
        ),
        f"root_agent = LlmAgent(name='root', instruction='Route.', sub_agents=[{', '.join(f'a{i}' for i in range(300))}])",
        "app = App(name='shop', root_agent=root_agent, context_cache_config=ContextCacheConfig())",
    ]
    (tmp_path / "agent.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    outcome = run_templating(["cache-report", "."], tmp_path, seconds=30)
    assert outcome.returncode == 0, outcome.stderr
    assert outcome.stdout.count("\nagent `") + outcome.stdout.startswith("agent `") == 301
    assert outcome.stdout.count("breaks it: `_time`") == 300

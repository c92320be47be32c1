"""An f-string key with a constant prefix writes a key with that prefix, not any key: the
agent's other reads are still judged, and a read of a key with the prefix is left alone."""

from __future__ import annotations

from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

AGENT = """\
from google.adk.agents import LlmAgent


def remember(tool_context, name: str):
    tool_context.state[f"user:pref:{name}"] = True


root_agent = LlmAgent(name="helper", instruction="Use {user:pref:tea} and {summary}.", tools=[remember])
"""


def test_a_prefixed_key_silences_only_keys_with_its_prefix(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    findings = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert [(f.code, f.message.split("`")[1]) for f in findings] == [("TPL014", "summary")]


def test_an_f_string_without_a_constant_prefix_may_write_any_key(tmp_path: Path) -> None:
    (tmp_path / "agent.py").write_text(AGENT.replace('f"user:pref:{name}"', 'f"{name}"'), encoding="utf-8")
    assert lint_paths([tmp_path], Settings(root=tmp_path)).findings == ()

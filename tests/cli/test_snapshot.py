"""`templating snapshot`: every agent's request kept as committed text; `--check` is the CI gate."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

AGENT = """\
from google.adk.agents import LlmAgent

greeter = LlmAgent(
    name="greeter",
    model="gemini-2.5-flash",
    static_instruction="You greet the guests of the hotel.",
    instruction="The guest is {user_name}.",
)
concierge = LlmAgent(
    name="concierge",
    model="gemini-2.5-flash",
    instruction="Help {user_name} with anything.",
    disallow_transfer_to_parent=True,
    disallow_transfer_to_peers=True,
)
"""


def _project(tmp_path: Path, monkeypatch, config: str = 'state = "state.json"\n') -> Path:
    (tmp_path / "hotel").mkdir()
    (tmp_path / "hotel" / "agent.py").write_text(AGENT, encoding="utf-8")
    (tmp_path / "state.json").write_text('{"user_name": "Ada"}', encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(f"[tool.templating]\n{config}", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("GOOGLE_GENAI_USE_VERTEXAI", raising=False)
    monkeypatch.delenv("GOOGLE_GENAI_USE_ENTERPRISE", raising=False)
    return tmp_path / "request-snapshots" / "hotel" / "agent"


def _edit(tmp_path: Path, old: str, new: str) -> None:
    file = tmp_path / "hotel" / "agent.py"
    file.write_text(file.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")


def test_snapshots_are_written_once_then_up_to_date(tmp_path, monkeypatch, run_cli):
    folder = _project(tmp_path, monkeypatch)
    status, output, _ = run_cli("snapshot")
    assert status == 0
    assert output.splitlines() == [
        "wrote request-snapshots/hotel/agent/concierge.txt",
        "wrote request-snapshots/hotel/agent/greeter.txt",
    ]
    text = (folder / "greeter.txt").read_text(encoding="utf-8")
    assert text.splitlines()[:4] == [
        "# templating snapshot: the first model request of agent `greeter` (hotel/agent.py)",
        "# state: the initial-state and sample state of the project",
        "# cacheable prefix: 86 characters (sha256 " + text.splitlines()[2][-13:],
        "agent `greeter` (hotel/agent.py): first model call under google-adk 2.13.0, Gemini API backend",
    ]
    assert "--- [1] static_instruction: `static_instruction`, hotel/agent.py ---" in text
    assert "The guest is Ada." in text and text.endswith("# end\n")
    assert run_cli("snapshot", "--check") == (0, "", "2 snapshots up to date\n")


def test_check_fails_with_the_diff_and_names_a_changed_cacheable_prefix(tmp_path, monkeypatch, run_cli):
    _project(tmp_path, monkeypatch)
    run_cli("snapshot")
    _edit(tmp_path, "You greet the guests", "You welcome the guests")
    _edit(tmp_path, "Help {user_name} with anything.", "Help {user_name} with everything.")
    status, output, error = run_cli("snapshot", "--check")
    assert status == 1
    assert "-You greet the guests of the hotel.\n+You welcome the guests of the hotel.\n" in output
    assert "-Help Ada with anything.\n+Help Ada with everything.\n" in output
    prefix_lines = [line for line in output.splitlines() if line.startswith("cacheable prefix changed")]
    # The greeter's whole system instruction is its cacheable prefix (static text and identity);
    # the concierge's ends at `{user_name}`, before the changed word.
    assert len(prefix_lines) == 1 and prefix_lines[0].startswith(
        "cacheable prefix changed: agent `greeter` (hotel/agent.py): 86 characters (sha256 "
    )
    assert " -> 88 characters (sha256 " in prefix_lines[0]
    assert "2 stale, 0 missing, 0 without an agent; 1 cacheable prefixes changed" in error


def test_a_plain_run_reports_stale_snapshots_and_update_rewrites_them(tmp_path, monkeypatch, run_cli):
    folder = _project(tmp_path, monkeypatch)
    run_cli("snapshot")
    before = (folder / "greeter.txt").read_text(encoding="utf-8")
    _edit(tmp_path, "You greet", "You welcome")
    assert run_cli("snapshot")[0] == 1
    assert (folder / "greeter.txt").read_text(encoding="utf-8") == before  # reported, not overwritten
    status, output, _ = run_cli("snapshot", "--update")
    assert status == 0 and output.splitlines()[0] == "updated request-snapshots/hotel/agent/greeter.txt"
    assert run_cli("snapshot", "--check")[0] == 0


def test_moving_code_changes_no_snapshot(tmp_path, monkeypatch, run_cli):
    _project(tmp_path, monkeypatch)
    run_cli("snapshot")
    _edit(
        tmp_path,
        "from google.adk.agents import LlmAgent\n",
        '"""The hotel."""\n\nfrom google.adk.agents import LlmAgent\n',
    )
    assert run_cli("snapshot", "--check")[0] == 0


def test_a_gone_agent_is_reported_and_removed_only_by_update(tmp_path, monkeypatch, run_cli):
    folder = _project(tmp_path, monkeypatch)
    run_cli("snapshot")
    (folder / "notes.txt").write_text("my own notes\n", encoding="utf-8")
    _edit(tmp_path, 'name="concierge"', 'name="porter"')
    status, output, _ = run_cli("snapshot", "--check")
    assert status == 1
    assert "missing: request-snapshots/hotel/agent/porter.txt (agent `porter`)" in output
    assert "no agent: request-snapshots/hotel/agent/concierge.txt" in output and "notes.txt" not in output
    status, output, _ = run_cli("snapshot", "--update")
    assert status == 0 and "removed request-snapshots/hotel/agent/concierge.txt (its agent is gone)" in output
    assert not (folder / "concierge.txt").exists() and (folder / "notes.txt").exists()
    assert (folder / "porter.txt").exists()


def test_each_declared_sample_state_has_its_snapshot(tmp_path, monkeypatch, run_cli):
    config = 'snapshot-folder = "reviews"\nsnapshot-states = ["states/new.json", "states/back.json"]\n'
    _project(tmp_path, monkeypatch, config)
    (tmp_path / "states").mkdir()
    (tmp_path / "states" / "new.json").write_text('{"user_name": "New"}', encoding="utf-8")
    (tmp_path / "states" / "back.json").write_text('{"user_name": "Back"}', encoding="utf-8")
    assert run_cli("snapshot")[0] == 0
    folder = tmp_path / "reviews" / "hotel" / "agent"
    assert sorted(p.name for p in folder.iterdir()) == [
        "concierge.back.txt", "concierge.new.txt", "greeter.back.txt", "greeter.new.txt",
    ]  # fmt: skip
    assert "Help Back with anything." in (folder / "concierge.back.txt").read_text(encoding="utf-8")
    assert "# state: new" in (folder / "greeter.new.txt").read_text(encoding="utf-8")


def test_trailing_blanks_are_kept_visible(tmp_path, monkeypatch, run_cli):
    folder = _project(tmp_path, monkeypatch)
    _edit(tmp_path, "Help {user_name} with anything.", "Help {user_name} with anything.  ")
    run_cli("snapshot")
    text = (folder / "concierge.txt").read_text(encoding="utf-8")
    assert "Help Ada with anything.\u2420\u2420\n" in text
    assert not any(line != line.rstrip() for line in text.splitlines())


def test_a_snapshot_folder_outside_the_project_is_refused(tmp_path, monkeypatch, run_cli):
    project = tmp_path / "project"
    project.mkdir()
    _project(project, monkeypatch, 'snapshot-folder = "../elsewhere"\n')
    status, _, error = run_cli("snapshot")
    assert status == 2 and "`snapshot-folder` names" in error and "outside the project" in error
    assert not (tmp_path / "elsewhere").exists()


def test_without_the_state_a_snapshot_keeps_the_unfilled_pieces(tmp_path, monkeypatch, run_cli):
    """A run that raises sends nothing; its snapshot still holds the pieces as written, so a
    changed word shows, and the cacheable prefix (the same for every state) is kept."""
    folder = _project(tmp_path, monkeypatch, config="")
    assert run_cli("snapshot")[0] == 0
    text = (folder / "concierge.txt").read_text(encoding="utf-8")
    assert "error: Context variable not found: `user_name` in agent 'concierge'." in text
    assert "the pieces, before the state is filled in:\n--- [1] instruction: `instruction`, hotel/agent.py ---" in text
    assert "Help {user_name} with anything." in text and "# cacheable prefix: 5 characters" in text
    _edit(tmp_path, "with anything", "with everything")
    status, output, _ = run_cli("snapshot", "--check")
    assert status == 1 and "-Help {user_name} with anything.\n+Help {user_name} with everything.\n" in output


def test_the_documented_pre_commit_hook_fails_on_a_stale_snapshot(tmp_path, monkeypatch, run_cli):
    """docs/request.md's pre-commit recipe, run by pre-commit itself: it passes while the
    snapshots are up to date and fails, with the diff, once an instruction changed."""
    if shutil.which("git") is None:
        pytest.skip("pre-commit needs git")
    page = (Path(__file__).resolve().parents[2] / "docs" / "request.md").read_text(encoding="utf-8")
    (block,) = [b for b in re.findall(r"```yaml\n(.*?)```", page, re.DOTALL) if "entry: templating snapshot" in b]
    _project(tmp_path, monkeypatch)
    (tmp_path / ".pre-commit-config.yaml").write_text(yaml.safe_dump(yaml.safe_load(block)), encoding="utf-8")
    run_cli("snapshot")
    environment = {
        **os.environ, "PRE_COMMIT_HOME": str(tmp_path.parent / "pre-commit-home"),
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
    }  # fmt: skip
    for command in (["init", "-q"], ["add", "."]):
        subprocess.run(["git", *command], cwd=tmp_path, check=True, capture_output=True)

    def pre_commit() -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "pre_commit", "run", "--all-files", "--color", "never"]
        return subprocess.run(
            command, cwd=tmp_path, env=environment, capture_output=True, text=True, timeout=120, check=False
        )

    passed = pre_commit()
    assert passed.returncode == 0, passed.stdout
    _edit(tmp_path, "You greet", "You welcome")
    failed = pre_commit()
    assert failed.returncode == 1 and "+You welcome the guests of the hotel." in failed.stdout

"""`templating lint` pauses the cycle collector while it reads the project, and restores it."""

from __future__ import annotations

import gc

import pytest

import templating.cli.lint as lint_command
from templating.cli import main
from templating.cli.batch import batch_collections


def test_lint_runs_with_the_collector_paused_and_restores_it(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\na = LlmAgent(name="a", instruction="Hi")\n'
    )
    seen: list[bool] = []
    run = lint_command._lint
    monkeypatch.setattr(lint_command, "_lint", lambda *args: seen.append(gc.isenabled()) or run(*args))
    assert gc.isenabled()
    assert main(["lint", "agent.py", "--no-cache", "--isolated"]) == 0
    assert seen == [False] and gc.isenabled()


def test_the_collector_comes_back_after_an_error_and_stays_off_if_it_was():
    with pytest.raises(ValueError), batch_collections():
        raise ValueError("bad input")
    assert gc.isenabled()
    gc.disable()
    try:
        with batch_collections():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()

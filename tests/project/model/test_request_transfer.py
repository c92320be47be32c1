"""The transfer text's length, worked out without building the text, is the text's length;
and the lint rules never build it (a flat tree's texts grow as the square of its agents)."""

from __future__ import annotations

import shutil

import pytest

from templating.project.model.request import plan_request
from templating.project.model.request_transfer import Transfer
from templating.project.reading import read_project
from tests.request_oracle import FIXTURES, JS_FIXTURES


@pytest.mark.parametrize(("folder", "name"), [(FIXTURES, "tree"), (FIXTURES, "plugin"), (JS_FIXTURES, "tree")])
def test_the_length_is_the_length_of_the_text(tmp_path, folder, name):
    shutil.copytree(folder / name, tmp_path / name)
    model = read_project([tmp_path / name], root=tmp_path)
    checked = 0
    for agent in model.agents:
        if agent.kind != "llm":
            continue
        for piece in plan_request(model, agent).pieces:
            if piece.transfer is not None:
                assert piece.length == len(piece.transfer.text()), agent.name
                checked += 1
    assert checked >= 2


def test_a_lint_of_a_flat_tree_builds_no_transfer_text(tmp_path, monkeypatch):
    from templating.lint.linter import lint_paths
    from templating.lint.settings import Settings

    policy = "Be kind. " * 600
    children = "\n".join(
        f'a{i} = LlmAgent(name="a{i}", description="Case {i}.", instruction="At {{_time}}. {policy}", '
        "before_agent_callback=stamp)"
        for i in range(40)
    )
    source = (
        "from google.adk.agents import LlmAgent\n\n\ndef stamp(callback_context):\n"
        '    callback_context.state["_time"] = "now"\n\n\n' + children + "\n"
        f"root = LlmAgent(name='root', instruction='Route.', sub_agents=[{', '.join(f'a{i}' for i in range(40))}])\n"
    )
    (tmp_path / "agent.py").write_text(source, encoding="utf-8")

    def refuse(self: Transfer) -> str:
        raise AssertionError("a lint built a transfer text")

    monkeypatch.setattr(Transfer, "text", refuse)
    found = lint_paths([tmp_path], Settings(root=tmp_path)).findings
    assert sum(finding.code == "TPL024" for finding in found) == 40

"""Every root that can start a run is judged as a run starts it (issue 36): a key written only
in another app never silences a read, a folder's factory-built ``root_agent`` is its app's
root, and a TypeScript runner that starts one agent does not hide the other exported agents'
failures. Each project is judged through the root run and through a file named from its own
folder, which must agree."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from templating.cli import main
from templating.server.workspace import Workspace

PYTHON = {
    "pyproject.toml": '[project]\nname = "shop"\n',
    "orders/agent.py": (
        "from google.adk.agents import LlmAgent\n\n\n"
        "def count(tool_context) -> str:\n"
        '    tool_context.state["app:total_orders_processed"] = 1\n'
        '    return "ok"\n\n\n'
        'root_agent = LlmAgent(name="orders", model="m", instruction="Take orders.", tools=[count])\n'
    ),
    "reports/agent.py": (
        "from google.adk.agents import LlmAgent\n\n\n"
        "def build_agent() -> LlmAgent:\n"
        '    return LlmAgent(name="reports", model="m", instruction="Report {app:total_orders_processed} and {region}.")\n\n\n'
        "root_agent = build_agent()\n"
    ),
}
TYPESCRIPT = {
    "package.json": '{"name": "notes", "type": "module"}\n',
    "notes.ts": (
        'import {LlmAgent} from "@google/adk";\n\n'
        'export const notes = new LlmAgent({name: "notes", model: "m", instruction: "Summarise {topic}."});\n'
    ),
    "helper.ts": (
        'import {LlmAgent} from "@google/adk";\n\n'
        'export const helper = new LlmAgent({name: "helper", model: "m", instruction: "Help with {task}.", '
        'outputKey: "topic"});\n'
    ),
    "main.ts": (
        'import {InMemoryRunner} from "@google/adk";\nimport {helper} from "./helper.js";\n\n'
        'const runner = new InMemoryRunner({agent: helper, appName: "notes"});\n'
        'await runner.sessionService.createSession({appName: "notes", userId: "u", state: {task: "t"}});\n'
    ),
}


def _write(folder: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def _lint(folder: Path, args: list[str], capsys) -> list[tuple[str, str, str]]:
    """The findings of ``templating lint ARGS`` run in ``folder``: (path from the project's
    root, position, code and key)."""
    here = os.getcwd()
    os.chdir(folder)
    try:
        main(["lint", "--no-cache", "--output-format", "concise", *args])
    finally:
        os.chdir(here)
    found = []
    for line in capsys.readouterr().out.splitlines():
        if ": TPL" not in line:
            continue
        where, _, rest = line.partition(": ")
        code, _, message = rest.partition(" ")
        found.append((where, code, message.split("`")[1]))
    return found


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")


def test_a_key_written_only_by_another_app_does_not_silence_a_read(tmp_path, capsys):
    _write(tmp_path, PYTHON)
    expected = [
        ("reports/agent.py:5:69", "TPL014", "app:total_orders_processed"),
        ("reports/agent.py:5:102", "TPL014", "region"),
    ]
    assert _lint(tmp_path, ["."], capsys) == expected
    named = _lint(tmp_path / "reports", ["agent.py"], capsys)
    assert [("reports/" + where, code, key) for where, code, key in named] == expected


def test_the_other_app_s_writer_is_named_in_the_finding(tmp_path, capsys, monkeypatch):
    _write(tmp_path, PYTHON)
    monkeypatch.chdir(tmp_path)
    main(["lint", "--no-cache", "--output-format", "concise", "."])
    out = capsys.readouterr().out
    assert "only orders/agent.py:5, another app's state, does" in out


def test_a_factory_built_root_agent_is_its_folder_s_root(tmp_path, capsys):
    # Written in its own app, the key is quiet: the factory's agent is that app's root.
    files = dict(PYTHON)
    files["reports/agent.py"] = (
        files["reports/agent.py"]
        .replace('instruction="Report', 'tools=[note], instruction="Report')
        .replace(
            "def build_agent",
            'def note(tool_context) -> str:\n    tool_context.state["app:total_orders_processed"] = 2\n'
            '    return "ok"\n\n\ndef build_agent',
        )
    )
    _write(tmp_path, files)
    assert [key for _, _, key in _lint(tmp_path, ["."], capsys)] == ["region"]


def test_a_runner_starting_one_agent_does_not_hide_another_exported_agent(tmp_path, capsys):
    _write(tmp_path, TYPESCRIPT)
    # `notes` is started empty by devtools: `topic` is written only by `helper`, another run.
    # `helper` is started by main.ts's runner, which seeds `task`.
    expected = [("notes.ts:3:88", "TPL014", "topic")]
    assert _lint(tmp_path, ["."], capsys) == expected
    without_runner = {name: text for name, text in TYPESCRIPT.items() if name != "main.ts"}
    other = tmp_path / "without"
    other.mkdir()
    _write(other, without_runner)
    # Without the runner `helper` starts empty too: its `task` fails, and `notes` still does.
    assert _lint(other, ["."], capsys) == [("helper.ts:3:90", "TPL014", "task"), ("notes.ts:3:88", "TPL014", "topic")]


def test_a_config_elsewhere_picks_settings_never_the_project(tmp_path, capsys):
    # issue 41's regression: `templating lint . --config ci/x.toml` checked nothing of the project.
    _write(tmp_path, {**PYTHON, "ci/templating-ci.toml": "[tool.templating]\n"})
    expected = _lint(tmp_path, ["."], capsys)
    assert len(expected) == 2
    assert _lint(tmp_path, [".", "--config", "ci/templating-ci.toml"], capsys) == expected


@pytest.mark.parametrize(("files", "opened"), [(PYTHON, "reports/agent.py"), (TYPESCRIPT, "notes.ts")])
def test_the_language_server_answers_as_the_root_run(tmp_path, capsys, files, opened):
    _write(tmp_path, files)
    whole = [(where, code, key) for where, code, key in _lint(tmp_path, ["."], capsys) if where.startswith(opened)]
    assert whole
    for folders in ([tmp_path], [tmp_path.parent]):  # the project's folder, or a folder above it
        path = tmp_path / opened
        found = Workspace(folders).findings(path, path.read_text(encoding="utf-8"))
        shown = [(f"{opened}:{f.line}:{f.column}", f.code, f.message.split("`")[1]) for f in found]
        assert shown == whole, folders

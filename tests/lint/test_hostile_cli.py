"""Hostile or merely odd input to the command line: each is a clear message and exit 2 (or a
finding), never a traceback; valid odd input (a JSON Schema's type list, deeply nested state
that google-adk renders) works. Runs are bounded in time and memory (see ``bounded``)."""

import asyncio
import json
import os
from pathlib import Path

import pytest

import templating
from templating.cli import main
from tests.adk_oracle import adk_inject, make_adk_context
from tests.bounded import run_templating

AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Hi {user:profile.name}")\n'
HUGE = "1" + "0" * 5000
DEEP = "[" * 100_000 + "]" * 100_000


def _no_traceback(outcome) -> None:
    assert "Traceback" not in outcome.stderr, outcome.stderr


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": ["object", "null"], "properties": {"user:profile": {"type": ["object", "null"], "properties": {"title": {}}}}},
         "`user:profile` has no key `name`"),
        ({"$schema": "x", "properties": {"user:profile": 5}}, None),
        ({"$schema": "x", "properties": ["user:profile"]}, "is not in the state schema"),
        ({"$schema": "x", "properties": {"user:profile": {"type": 7, "properties": {"name": {}}}}}, None),
        ({"$schema": "x", "properties": {"user:profile": {"$ref": "#/nowhere/x"}}}, None),
    ],
)  # fmt: skip
def test_hostile_json_schema_oddities_in_lint_state(tmp_path, schema, expected):
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "schema.json").write_text(json.dumps(schema))
    outcome = run_templating(
        ["lint", "--no-cache", "--dialect", "strict", "--state", "schema.json", "--select", "TPL011", "agent.py"],
        tmp_path,
    )
    _no_traceback(outcome)
    if expected is None:
        assert outcome.returncode == 0, outcome.stdout
    else:
        assert outcome.returncode == 1 and expected in outcome.stdout, outcome.stdout


@pytest.mark.parametrize(("text", "reason"), [(f'{{"a": {HUGE}}}', "over 4,300 digits"), (DEEP, "nests too deeply")])
def test_hostile_state_files_that_python_cannot_hold(tmp_path, text, reason):
    (tmp_path / "agent.py").write_text(AGENT)
    (tmp_path / "state.json").write_text(text)
    (tmp_path / "t.prompt").write_text("Hi {a}\n")
    for args in (
        ["lint", "--no-cache", "--state", "state.json", "agent.py"],
        ["render", "t.prompt", "--state", "state.json"],
    ):
        outcome = run_templating(args, tmp_path)
        _no_traceback(outcome)
        assert outcome.returncode == 2 and outcome.stderr.startswith("templating: error: state.json: "), outcome.stderr
        assert reason in outcome.stderr or "Exceeds the limit" in outcome.stderr or "recursion" in outcome.stderr


@pytest.mark.parametrize(
    ("text", "message"),
    [(f'{{"state": {{"a": {HUGE}}}}}', "invalid JSON: a number too long to read (over 4,300 digits)"),
     ('{"state": ' + DEEP + "}", "cannot parse the file: it nests too deeply")],
)  # fmt: skip
def test_hostile_session_files_python_cannot_hold_are_tpl013(tmp_path, text, message):
    (tmp_path / "initial.session.json").write_text(text)
    outcome = run_templating(["lint", "--no-cache", "initial.session.json"], tmp_path)
    _no_traceback(outcome)
    assert outcome.stdout.splitlines()[0] == f"initial.session.json:1:1: TPL013 {message}"


def test_hostile_render_prints_a_lone_surrogate_escaped(tmp_path):
    (tmp_path / "t.prompt").write_text("Hi {a}\n")
    (tmp_path / "state.json").write_text('{"a": "x\\ud800y"}')
    outcome = run_templating(["render", "t.prompt", "--state", "state.json"], tmp_path)
    assert outcome.returncode == 0, outcome.stderr
    assert outcome.stdout == "Hi x\\ud800y\n"


def test_hostile_render_of_a_fifo_or_folder_never_blocks(tmp_path):
    os.mkfifo(tmp_path / "pipe.prompt")
    (tmp_path / "folder").mkdir()
    for name in ("pipe.prompt", "folder"):
        outcome = run_templating(["render", name], tmp_path, seconds=10)
        assert outcome.returncode == 2, outcome.stderr
        assert "not a regular file (a FIFO)" in outcome.stderr or "not a regular file (a folder)" in outcome.stderr


def test_hostile_config_file_is_read_and_an_invalid_one_is_an_error(tmp_path):
    (tmp_path / "agent.py").write_text(AGENT.replace("{user:profile.name}", "{{name}}"))
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nselect = ["TPL001"]\n')
    (tmp_path / "other.toml").write_text('[tool.templating]\nignore = ["TPL001"]\n')
    (tmp_path / "broken.toml").write_text("[tool.templating\n")
    (tmp_path / "deep.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    read = run_templating(["lint", "--no-cache", "--config", "other.toml", "agent.py"], tmp_path)
    assert "TPL001" not in read.stdout and "TPL014" in read.stdout, read.stdout
    for name in ("broken.toml", "deep.toml", "missing.toml"):
        outcome = run_templating(["lint", "--no-cache", "--config", name, "agent.py"], tmp_path)
        _no_traceback(outcome)
        assert outcome.returncode == 2 and outcome.stderr.startswith(f"templating: error: {name}"), outcome.stderr


def test_hostile_unreadable_folder_is_a_clear_error(tmp_path, monkeypatch, capsys):
    # As root every folder is readable, so the refusal is simulated where the walk asks.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "locked").mkdir()

    def refuse(self, *args, **kwargs):
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "is_file", refuse)
    assert main(["lint", "--no-cache", "locked"]) == 2
    error = capsys.readouterr().err
    assert error.startswith("templating: error: ") and error.endswith(": Permission denied\n"), error


def test_hostile_deeply_nested_state_renders_as_google_adk_does():
    deep: dict = {}
    value = deep
    for _ in range(400):  # 800 containers: google-adk's `str()` renders it, `copy.deepcopy` cannot
        value["a"] = [{}]
        value = value["a"][0]
    state = {"k": deep}

    async def both():
        ours = await templating.inject_session_state("{k}", templating.ReadonlyContext(state))
        theirs = await adk_inject("{k}", await make_adk_context(state, None))
        return ours, theirs

    ours, theirs = asyncio.run(both())
    assert ours == theirs and len(ours) > 3_000


@pytest.mark.parametrize("depth", [960, 975, 985, 990, 999])
@pytest.mark.parametrize("template", ["Hi {v}\n", "Hi {v|json}\n", "Hi {v|data}\n"])
def test_hostile_strict_render_of_a_state_nested_near_the_limit(tmp_path, depth, template):
    # The state reader refuses what Python's decoder cannot nest; a state just under that
    # ended in a RecursionError's traceback when the strict dialect wrote it as JSON.
    (tmp_path / "state.json").write_text('{"v": ' + '{"a": ' * depth + '"x"' + "}" * depth + "}")
    (tmp_path / "t.prompt").write_text(template)
    outcome = run_templating(["render", "--dialect", "strict", "t.prompt", "--state", "state.json"], tmp_path)
    _no_traceback(outcome)
    if outcome.returncode == 0:
        assert outcome.stdout.startswith("Hi ")
    else:
        assert outcome.returncode in (1, 2), outcome.stderr
        assert (
            "t.prompt:1:5: Value of `v` cannot be rendered: it nests deeper than Python's recursion limit allows"
            in outcome.stderr
            or "state.json: invalid JSON: it nests too deeply to read" in outcome.stderr
        ), outcome.stderr

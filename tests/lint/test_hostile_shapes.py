"""Config and state files of the wrong shape: a list, an integer or a bare value where a
table or an object belongs, and JSON Schema oddities under ``--target-ports``. Each is a
clear error naming the file and exit status 2 (or, for a schema the linter can still read,
its findings), never a traceback; each runs in a child process bounded in time and memory."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

CONFIGS = {
    "tool is a list": ("tool = [1]\n", "`tool` must be a table, got list"),
    "tool is an integer": ("tool = 3\n", "`tool` must be a table, got int"),
    "tool.templating is a bare value": ("[tool]\ntemplating = 5\n", "`tool.templating` must be a table, got int"),
    "tool.templating is a list": ("[tool]\ntemplating = [1]\n", "`tool.templating` must be a table, got list"),
    "per-file-ignores is a bare value": ("[tool.templating]\nper-file-ignores = 5\n", "per-file-ignores"),
    "per-file-ignores is a list": ('[tool.templating]\nper-file-ignores = ["a"]\n', "per-file-ignores"),
    "a per-file-ignores entry is an integer": ('[tool.templating.per-file-ignores]\n"a" = 5\n', "per-file-ignores"),
    "state is an integer": ("[tool.templating]\nstate = 5\n", "invalid value for `state`"),
    "state is a list": ("[tool.templating]\nstate = [1]\n", "invalid value for `state`"),
}

STATES = {
    "a list": ("[1]", "the state must be a JSON object, got list"),
    "an integer": ("5", "the state must be a JSON object, got int"),
    "a bare string": ('"x"', "the state must be a JSON object, got str"),
}

SCHEMAS = {
    "a list type": '{"type": ["object", "null"], "properties": {"a": {"type": ["object", "null"], '
    '"properties": {"b": {"type": ["string", "integer"]}}}}}',
    "a non-object property": '{"type": "object", "properties": {"a": 5, "c": [1], "d": "x"}}',
    "properties as a list": '{"type": "object", "properties": {"a": {"type": "object", "properties": [1]}}}',
    "a type of the wrong kind": '{"type": "object", "properties": {"a": {"type": 5}, "c": {"type": {"x": 1}}}}',
}


def _prompt(folder: Path) -> None:
    (folder / "p.prompt").write_text("Hi {a.b} {c[0]} {d}\n", encoding="utf-8")


@pytest.mark.parametrize("shape", list(CONFIGS))
def test_hostile_config_of_the_wrong_shape_is_a_clear_error(tmp_path: Path, shape: str) -> None:
    config, problem = CONFIGS[shape]
    (tmp_path / "pyproject.toml").write_text(config, encoding="utf-8")
    _prompt(tmp_path)
    outcome = run_templating(["lint", "--no-cache", "p.prompt"], tmp_path, seconds=20)
    assert outcome.returncode == 2, (outcome.stdout, outcome.stderr)
    assert "Traceback" not in outcome.stderr
    assert "pyproject.toml" in outcome.stderr and problem in outcome.stderr, outcome.stderr


@pytest.mark.parametrize("shape", list(STATES))
def test_hostile_state_of_the_wrong_shape_is_a_clear_error(tmp_path: Path, shape: str) -> None:
    state, problem = STATES[shape]
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "s.json").write_text(state, encoding="utf-8")
    _prompt(tmp_path)
    for command in (
        ["lint", "--no-cache", "--state", "s.json", "p.prompt"],
        ["render", "p.prompt", "--state", "s.json"],
    ):
        outcome = run_templating(command, tmp_path, seconds=20)
        assert outcome.returncode == 2, (command, outcome.stdout, outcome.stderr)
        assert f"s.json: {problem}" in outcome.stderr, outcome.stderr


@pytest.mark.parametrize("shape", list(SCHEMAS))
def test_hostile_schema_oddities_with_target_ports_never_trace_back(tmp_path: Path, shape: str) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / "s.json").write_text(SCHEMAS[shape], encoding="utf-8")
    _prompt(tmp_path)
    ports = "python,js,go,java,kotlin,adk-ts"
    outcome = run_templating(["lint", "--no-cache", "--state", "s.json", "--target-ports", ports, "p.prompt"], tmp_path)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    assert outcome.returncode in (1, 2), (outcome.stdout, outcome.stderr)
    assert "p.prompt:1:" in outcome.stdout or "s.json" in outcome.stderr

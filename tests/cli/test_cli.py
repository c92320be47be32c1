"""The command line: `templating render`."""

import json
import subprocess
import sys
from pathlib import Path

from templating.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _write(tmp_path, template, state=None):
    template_path = tmp_path / "instruction.txt"
    template_path.write_text(template, encoding="utf-8")
    arguments = [str(template_path)]
    if state is not None:
        state_path = tmp_path / "state.json"
        state_path.write_text(json.dumps(state), encoding="utf-8")
        arguments += ["--state", str(state_path)]
    return arguments


def test_cli_render_prints_the_instruction(tmp_path, capsys):
    assert main(["render", *_write(tmp_path, "Hi {name}", {"name": "Ada"})]) == 0
    assert capsys.readouterr().out == "Hi Ada\n"


def test_cli_render_missing_key_exits_1_with_position(tmp_path, capsys):
    arguments = _write(tmp_path, "ok\nHi {name}", {})
    assert main(["render", *arguments, "--agent-name", "helper"]) == 1
    assert capsys.readouterr().err == (f"{arguments[0]}:2:5: Context variable not found: `name` in agent 'helper'.\n")


def test_cli_render_bad_state_file_exits_2(tmp_path, capsys):
    arguments = _write(tmp_path, "Hi {name}")
    (tmp_path / "state.json").write_text("[1, 2]", encoding="utf-8")
    assert main(["render", *arguments, "--state", str(tmp_path / "state.json")]) == 2
    assert "the state must be a JSON object, got list" in capsys.readouterr().err


def test_cli_render_missing_file_exits_2(tmp_path, capsys):
    assert main(["render", str(tmp_path / "absent.txt")]) == 2
    assert "absent.txt: no such file" in capsys.readouterr().err


def test_cli_render_undecodable_file_exits_2(tmp_path, capsys):
    path = tmp_path / "binary.txt"
    path.write_bytes(b"\xff\xfe{a}")
    assert main(["render", str(path)]) == 2
    assert "not UTF-8 text" in capsys.readouterr().err


def test_cli_render_runs_as_a_module_on_the_bundled_example():
    example = ROOT / "examples" / "support_agent"
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "templating",
            "render",
            str(example / "instruction.txt"),
            "--state",
            str(example / "state.json"),
        ],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("You are Ada's support assistant for Acme Cloud.")

"""`templating lint`, `templating rule` and `templating render --explain` from the command line."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TREE = ROOT / "tests" / "data" / "lint" / "travel"


def test_cli_lint_concise_output_and_exit_code(run_cli):
    code, out, err = run_cli(
        "lint", str(TREE / "configs" / "root_agent.yaml"), "--output-format", "concise", "--ignore", "TPL014"
    )
    assert code == 1
    assert out.splitlines()[0].endswith(
        "root_agent.yaml:5:13: TPL001 `{{answer}}` is not an escape: ADK substitutes the state key `answer`"
    )  # no `[*]`: its fixes are unsafe (the value, or the braces), never applied by --fix
    # The summary is on stdout, as ruff prints it, and names the option that applies the fixes.
    assert out.splitlines()[-2:] == ["Found 3 findings in 1 file checked.", "[*] 1 fixable with the `--fix` option."]
    assert err == ""


def test_cli_lint_clean_file_exits_zero(tmp_path, run_cli):
    (tmp_path / "agent.py").write_text('a = Agent(instruction="Hi {name}")\n')
    assert run_cli("lint", str(tmp_path), "--ignore", "unwritten-key")[0] == 0


def test_cli_lint_exit_zero_and_fail_level(run_cli):
    path = str(TREE / "welcome.prompt")
    assert run_cli("lint", path, "--exit-zero")[0] == 0
    assert run_cli("lint", path, "--fail-level", "error")[0] == 0
    assert run_cli("lint", path)[0] == 1


def test_cli_lint_select_ignore_by_name(run_cli):
    code, out, _ = run_cli(
        "lint", str(TREE), "--select", "doubled-brace-placeholder", "--output-format", "json", "--isolated"
    )
    assert {item["code"] for item in json.loads(out)} == {"TPL001"}
    code, out, _ = run_cli("lint", str(TREE), "--ignore", "TPL0", "--output-format", "json", "--isolated")
    assert (code, json.loads(out)) == (0, [])


def test_cli_lint_config_exclude_applies_when_walking(run_cli):
    code, out, _ = run_cli("lint", str(TREE), "--output-format", "json")
    assert (code, json.loads(out)) == (0, [])  # the repository's config excludes tests/data/


def test_cli_lint_usage_errors_exit_two(tmp_path, run_cli):
    assert run_cli("lint", str(tmp_path / "missing"))[0] == 2
    assert run_cli("lint", str(TREE), "--select", "TPL999")[0] == 2
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\nbogus = 1\n")
    code, _, err = run_cli("lint", str(tmp_path))
    assert code == 2 and "unknown key `bogus`" in err


def test_cli_lint_stdin_with_filename(monkeypatch, run_cli):
    monkeypatch.setattr(sys, "stdin", io.StringIO('a = Agent(instruction="{{x}}")\n'))
    code, out, _ = run_cli("lint", "-", "--stdin-filename", "agent.py", "--output-format", "concise")
    assert (code, out.splitlines()[0]) == (
        1,
        "agent.py:1:24: TPL001 `{{x}}` is not an escape: ADK substitutes the state key `x`",
    )


def test_cli_lint_state_schema_finds_undefined_keys(tmp_path, run_cli):
    (tmp_path / "p.prompt").write_text("Hi {user_nme}")
    (tmp_path / "state.json").write_text('{"user_name": "Ada"}')
    _, out, _ = run_cli(
        "lint", str(tmp_path / "p.prompt"), "--state", str(tmp_path / "state.json"), "--output-format", "concise"
    )
    assert "TPL011 `user_nme` is not in the state schema" in out


def test_cli_rule_explains_a_rule(run_cli):
    code, out, _ = run_cli("rule", "greedy-brace-run")
    assert code == 0 and out.startswith("# TPL003 `greedy-brace-run`")
    assert run_cli("rule", "TPL999")[0] == 2


def test_cli_render_explain_maps_output_spans_to_keys(tmp_path, run_cli):
    (tmp_path / "i.txt").write_text("Hi {name}!\nPlan: {plan?}")
    (tmp_path / "s.json").write_text('{"name": "Ada"}')
    code, out, err = run_cli("render", str(tmp_path / "i.txt"), "--state", str(tmp_path / "s.json"), "--explain")
    assert (code, out) == (0, "Hi Ada!\nPlan: \n")
    assert err.splitlines() == [
        "output 1:4-1:7 <- key `name` ('{name}' at template 1:4) = 'Ada' [from the state]",
        "output 2:7-2:7 <- key `plan` ('{plan?}' at template 2:7) = '' [optional and missing: renders empty]",
    ]


def test_cli_lint_subprocess_github_format():
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-m", "templating", "lint", "welcome.prompt", "--output-format", "github"],
        cwd=TREE, env=environment, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert completed.returncode == 1
    assert completed.stdout.startswith("::warning title=templating (TPL005),file=welcome.prompt,line=2,col=13,")


_IMPORTS_AFTER_LINT = """
import sys
from templating.cli import main
code = main(["lint", "--isolated", *sys.argv[1:]])
print(code, sorted({name.split(".")[0] for name in sys.modules} & {"asyncio", "pathspec", "pydantic", "yaml"}))
"""


def _modules_after_lint(tmp_path, *arguments):
    environment = {**os.environ, "PYTHONPATH": str(ROOT)}
    completed = subprocess.run(
        [sys.executable, "-c", _IMPORTS_AFTER_LINT, *arguments],
        cwd=tmp_path, env=environment, capture_output=True, text=True, check=True,
    )  # fmt: skip
    return completed.stdout.splitlines()[-1]


def test_cli_lint_prompt_and_python_files_do_not_import_asyncio_pathspec_pydantic_or_yaml(tmp_path):
    (tmp_path / "welcome.prompt").write_text("Hello {user:name}\n")
    (tmp_path / "agent.py").write_text('Agent(instruction="Hi {name}")\n')
    assert _modules_after_lint(tmp_path, "welcome.prompt", "agent.py", "--ignore", "TPL014") == "0 []"


def test_cli_lint_json_output_and_yaml_files_import_what_they_need(tmp_path):
    (tmp_path / "agent.yaml").write_text("instruction: Hi {name}\n")
    assert _modules_after_lint(tmp_path, "agent.yaml", "--output-format", "json") == "0 ['pydantic', 'yaml']"


def test_cli_render_explain_positions_after_multiline_values_and_escapes():
    from templating.cli.render import explain_lines

    text = "{{literal}} {a}\nx {b} {c}\n\n  {d?}"
    state = {"a": "one\ntwo", "b": "", "c": "3\n\n45"}
    assert "".join(explain_lines(text, state, dialect="strict")).splitlines() == [
        "output 1:11-2:4 <- key `a` ('{a}' at template 1:13) = 'one\\ntwo' [from the state]",
        "output 3:3-3:3 <- key `b` ('{b}' at template 2:3) = '' [from the state]",
        "output 3:4-5:3 <- key `c` ('{c}' at template 2:7) = '3\\n\\n45' [from the state]",
        "output 7:3-7:3 <- key `d` ('{d?}' at template 4:3) = '' [optional and missing: renders empty]",
    ]

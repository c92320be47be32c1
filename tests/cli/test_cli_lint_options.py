"""`templating lint` options ruff users expect: --version, --quiet, --silent, --statistics,
--output-file, --show-fixes, FORCE_COLOR, "nothing to lint" and --force-exclude."""

import json
import subprocess
import sys

import pytest

from templating import __version__

# The initial state declares `name`, so the project rules stay quiet about it; `{ name }`
# (TPL004) has a safe fix, `{user :x}` (TPL005) none.
AGENT = (
    'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(instruction="Hi { name } {user :x}")\n'
    'service.create_session(app_name="app", user_id="user", state={"name": "Ada"})\n'
)


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A project with one agent file and a config of its own, as the working folder."""
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n")
    (tmp_path / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return tmp_path


def test_cli_version_prints_the_package_version():
    completed = subprocess.run(
        [sys.executable, "-m", "templating", "--version"], capture_output=True, text=True, check=False
    )
    assert (completed.returncode, completed.stdout) == (0, f"templating {__version__}\n")


def test_cli_lint_quiet_prints_findings_without_summary(project, run_cli):
    code, out, err = run_cli("lint", "agent.py", "--quiet", "--output-format", "concise")
    assert code == 1 and out.startswith("agent.py:3:") and err == ""


def test_cli_lint_silent_prints_nothing_but_still_fails(project, run_cli):
    assert run_cli("lint", "agent.py", "--silent") == (1, "", "")


def test_cli_lint_statistics_counts_per_rule(project, run_cli):
    code, out, err = run_cli("lint", "agent.py", "--statistics")
    assert code == 1
    assert out.splitlines()[:2] == ["1\tTPL004\t[*] whitespace-in-placeholder", "1\tTPL005\t[ ] silent-literal"]
    assert out.splitlines()[2].startswith("Found 2 findings")  # on stdout, after the table, as ruff does
    assert err == ""
    code, out, _ = run_cli("lint", "agent.py", "--statistics", "--output-format", "json")
    assert json.loads(out)[0] == {"code": "TPL004", "name": "whitespace-in-placeholder", "count": 1, "fixable": True}


@pytest.mark.parametrize("output_format", ["concise", "json", "sarif", "github"])
def test_cli_lint_output_file_takes_the_report(project, run_cli, output_format):
    target = project / "reports" / "lint.out"
    code, out, _ = run_cli("lint", "agent.py", "--output-format", output_format, "--output-file", str(target))
    assert (code, out) == (1, "")
    assert "TPL004" in target.read_text()


def test_cli_lint_output_file_that_cannot_be_written_is_a_usage_error(project, run_cli):
    (project / "taken").write_text("")
    code, _, err = run_cli("lint", "agent.py", "--output-file", str(project / "taken" / "lint.out"))
    assert code == 2 and "cannot write the output file" in err


def test_cli_lint_show_fixes_lists_offered_then_applied_fixes(project, run_cli):
    code, _, err = run_cli("lint", "agent.py", "--show-fixes")
    assert "Fixable with `--fix`:\n- agent.py:\n    1 x TPL004 (whitespace-in-placeholder)" in err
    code, out, err = run_cli("lint", "agent.py", "--fix", "--show-fixes")
    assert code == 1  # one finding remains that has no fix
    assert "Fixed:\n- agent.py:\n    1 x TPL004 (whitespace-in-placeholder)" in err
    assert "Fixed 1 finding (1 remaining)." in out


def test_cli_lint_force_color_colours_a_pipe_unless_no_color(project, run_cli, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    assert "\x1b[" in run_cli("lint", "agent.py", "--output-format", "concise")[1]
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_cli("lint", "agent.py", "--output-format", "concise")[1]
    monkeypatch.setenv("FORCE_COLOR", "")
    monkeypatch.delenv("NO_COLOR")
    assert "\x1b[" not in run_cli("lint", "agent.py", "--output-format", "concise")[1]


def test_cli_lint_path_with_nothing_to_lint_says_so(project, run_cli):
    (project / "empty").mkdir()
    (project / "empty" / "notes.txt").write_text("{{x}}")
    code, out, err = run_cli("lint", "empty", "agent.py")
    assert code == 1 and "warning: empty: nothing to lint" in err
    code, out, err = run_cli("lint", "empty")
    assert (code, out) == (0, "No files checked.\n") and "nothing to lint" in err
    assert run_cli("lint", "empty", "--quiet")[2] == ""


def _excluding(project):
    (project / "pyproject.toml").write_text('[tool.templating]\nexclude = ["generated/"]\n')
    (project / "generated").mkdir()
    (project / "generated" / "agent.py").write_text(AGENT)
    return project / "generated" / "agent.py"


def test_cli_lint_force_exclude_drops_excluded_files_named_explicitly(project, run_cli):
    excluded = _excluding(project)
    assert run_cli("lint", str(excluded), "--quiet")[0] == 1  # named: linted, as ruff does
    code, out, err = run_cli("lint", str(excluded), "--force-exclude")
    assert (code, out) == (0, "No files checked.\n") and "nothing to lint" not in err  # excluded on purpose: no warning


def test_cli_lint_force_exclude_from_config_and_its_negation(project, run_cli):
    excluded = _excluding(project)
    (project / "pyproject.toml").write_text('[tool.templating]\nexclude = ["generated/"]\nforce-exclude = true\n')
    assert run_cli("lint", str(excluded))[0] == 0
    assert run_cli("lint", str(excluded), "--no-force-exclude")[0] == 1


def test_cli_lint_fix_never_writes_an_excluded_file(project, run_cli):
    excluded = _excluding(project)
    code, out, _ = run_cli("lint", str(excluded), "agent.py", "--fix")
    assert code == 1  # the excluded file's finding is still reported
    assert excluded.read_text() == AGENT
    assert "{ name }" not in (project / "agent.py").read_text()
    assert "Fixed 1 finding" in out
    assert run_cli("lint", str(excluded), "--diff")[1] == ""

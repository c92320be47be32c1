"""`severity` in [tool.templating] and `--severity` set a rule's level in every output format
and in the exit status; an unknown rule or level is a configuration error (exit 2)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from templating.cli import main

AGENT = """\
from google.adk.agents import LlmAgent

root_agent = LlmAgent(name="helper", instruction="Answer {{question}} for {topic}.")
"""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "agent.py").write_text(AGENT, encoding="utf-8")
    return tmp_path


def _configure(project: Path, table: str) -> None:
    (project / "pyproject.toml").write_text(f"[tool.templating]\n{table}\n", encoding="utf-8")


def _levels(capsys: pytest.CaptureFixture[str], *options: str) -> tuple[int, dict[str, str]]:
    status = main(["lint", "--no-cache", "--output-format", "json", *options, "agent.py"])
    report = json.loads(capsys.readouterr().out)
    return status, {finding["code"]: finding["severity"] for finding in report}


def test_rules_keep_their_own_severity_by_default(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _levels(capsys) == (1, {"TPL001": "error", "TPL014": "error"})


def test_the_table_sets_severities_and_the_exit_status_follows(
    project: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _configure(project, 'severity = { TPL001 = "info", "unwritten-key" = "warning" }\nfail-level = "error"')
    assert _levels(capsys) == (0, {"TPL001": "info", "TPL014": "warning"})
    _configure(project, 'severity = { TPL001 = "info" }\nfail-level = "error"')
    assert _levels(capsys) == (1, {"TPL001": "info", "TPL014": "error"})
    _configure(project, 'severity = { TPL001 = "info", TPL014 = "info" }\nfail-level = "warning"')
    assert _levels(capsys) == (0, {"TPL001": "info", "TPL014": "info"})


def test_the_command_line_sets_severities_over_the_table(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _configure(project, 'severity = { TPL001 = "info" }')
    assert _levels(capsys, "--severity", "TPL001=warning,TPL014=info") == (1, {"TPL001": "warning", "TPL014": "info"})


@pytest.mark.parametrize(
    ("output_format", "expected"),
    [
        ("concise", "agent.py:3:58: TPL001"),
        ("github", "::notice title=templating (TPL001)"),
        ("sarif", '"level": "note"'),
    ],
)
def test_every_format_shows_the_configured_severity(
    project: Path, capsys: pytest.CaptureFixture[str], output_format: str, expected: str
) -> None:
    _configure(project, 'severity = { TPL001 = "info" }\nfail-level = "warning"\nselect = ["TPL001"]')
    status = main(["lint", "--no-cache", "--output-format", output_format, "agent.py"])
    out = capsys.readouterr().out
    assert expected in out and status == 0, out


@pytest.mark.parametrize(
    ("table", "options", "message"),
    [
        ('severity = { TPL999 = "error" }', (), "unknown rule `TPL999` in `severity`"),
        (
            'severity = { TPL001 = "fatal" }',
            (),
            "`severity` in [tool.templating]: expected one of `error`, `warning`, `info`, got `fatal`",
        ),
        ('severity = ["TPL001"]', (), "invalid value for `severity` in [tool.templating]: expected a table of rules"),
        ("", ("--severity", "TPL001"), "--severity: `TPL001` is not RULE=LEVEL"),
        ("", ("--severity", "nope=error"), "unknown rule `nope` in `severity`"),
    ],
)
def test_an_unknown_rule_or_severity_exits_2(
    project: Path, capsys: pytest.CaptureFixture[str], table: str, options: tuple[str, ...], message: str
) -> None:
    _configure(project, table)
    assert main(["lint", "--no-cache", *options, "agent.py"]) == 2
    assert message in capsys.readouterr().err

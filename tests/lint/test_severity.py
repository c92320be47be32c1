"""A rule's severity is what happens at run time when its finding is true: a required key that
is never written (TPL014) or read before its writer (TPL015) is a `KeyError`, so an error in
every report; text left as written (TPL005) is a warning."""

from __future__ import annotations

import json
from pathlib import Path

from templating.cli import main
from templating.lint.registry import find_rule
from templating.lint.rule import Severity


def test_rules_whose_true_finding_crashes_are_errors():
    for code in ("TPL001", "TPL003", "TPL014", "TPL015"):
        assert find_rule(code).severity is Severity.ERROR, code
    for code in ("TPL005", "TPL018", "TPL019", "TPL100"):
        assert find_rule(code).severity is Severity.WARNING, code


def test_reports_carry_the_severity(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TEMPLATING_NO_CACHE", "1")
    Path("pyproject.toml").write_text("[tool.templating]\n")
    Path("agent.py").write_text(
        'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name="a", instruction="Use {city} {a.b}")\n'
    )
    main(["lint", "--output-format", "github", "."])
    github = capsys.readouterr().out
    assert "::error " in github and "TPL014" in github.split("::error ")[1].split("\n")[0]
    assert "::warning " in github and "TPL005" in github.split("::warning ")[1].split("\n")[0]
    main(["lint", "--output-format", "sarif", "."])
    results = json.loads(capsys.readouterr().out)["runs"][0]["results"]
    assert {(result["ruleId"], result["level"]) for result in results} == {("TPL014", "error"), ("TPL005", "warning")}
    assert main(["lint", "--fail-level", "error", "--output-format", "concise", "."]) == 1

"""Output formats: concise, full, json (schema committed), github, sarif."""

import json
from pathlib import Path

from templating.lint.finding import Finding, Fix
from templating.lint.formats import format_findings, summarize
from templating.lint.report import report_schema
from templating.lint.rule import Severity

SCHEMA = Path(__file__).resolve().parents[2] / "schema" / "report.schema.json"
FINDING = Finding(
    "agent.py", "TPL001", "doubled-brace-placeholder", Severity.ERROR, "`{{x}}` is not an escape", "write `{x}`",
    3, 17, 3, 22, 'a = Agent(instruction="{{x}}")', Fix("Replace with `{x}`", "{x}"),
)  # fmt: skip


def test_formats_concise_line():
    assert format_findings([FINDING], "concise") == "agent.py:3:17: TPL001 [*] `{{x}}` is not an escape\n"


def test_formats_full_has_snippet_caret_and_help():
    lines = format_findings([FINDING], "full").splitlines()
    assert lines[0] == "agent.py:3:17: TPL001 [*] `{{x}}` is not an escape"
    assert lines[2] == '3 | a = Agent(instruction="{{x}}")'
    assert lines[3] == "  | " + " " * 16 + "^^^^^"
    assert lines[4] == "  = help: write `{x}`"


def test_formats_json_uses_ruff_field_names():
    (item,) = json.loads(format_findings([FINDING], "json"))
    assert item["location"] == {"row": 3, "column": 17} and item["end_location"] == {"row": 3, "column": 22}
    assert item["fix"]["edits"][0]["content"] == "{x}"
    assert {"code", "message", "filename", "url"} <= item.keys()


def test_formats_committed_schema_equals_generated():
    assert json.loads(SCHEMA.read_text()) == report_schema()


def test_formats_github_workflow_command():
    assert format_findings([FINDING], "github") == (
        "::error title=templating (TPL001),file=agent.py,line=3,col=17,endLine=3,endColumn=22"
        "::TPL001 `{{x}}` is not an escape\n"
    )


def test_formats_sarif_lists_rules_and_results():
    log = json.loads(format_findings([FINDING], "sarif"))
    run = log["runs"][0]
    assert log["version"] == "2.1.0"
    assert "TPL001" in [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    (result,) = run["results"]
    assert result["ruleId"] == "TPL001" and result["level"] == "error"
    assert result["locations"][0]["physicalLocation"]["region"]["startColumn"] == 17


def test_formats_summary():
    assert summarize([FINDING], 2) == "Found 1 finding in 2 files checked.\n[*] 1 fixable with the `--fix` option."
    assert summarize([], 1) == "All checks passed (1 file checked)."
    assert summarize([], 0) == "No files checked."


def test_format_full_cuts_a_long_source_line_around_the_finding(tmp_path, capsys):
    from templating.cli import main

    prompt = tmp_path / "long.prompt"
    prompt.write_text("a" * 5000 + "{{x}}" + "b" * 5000 + "\n", encoding="utf-8")
    assert main(["lint", "--isolated", "--output-format", "full", "--color", "never", str(prompt)]) == 1
    lines = capsys.readouterr().out.splitlines()
    source = next(line for line in lines if line.startswith("1 | "))
    caret = next(line for line in lines if line.lstrip().startswith("| ") and "^" in line)
    assert max(len(line) for line in lines) < 300
    assert source.startswith("1 | ...a") and source.endswith("b...")
    start = caret.index("^")
    assert source[start : start + 5] == "{{x}}"
    assert caret[start:].rstrip() == "^^^^^"

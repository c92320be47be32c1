"""SARIF and JSON reports for GitHub code scanning: schema-valid, with rule help, absolute
links under a configurable docs URL and distinct fingerprints."""

import json
from pathlib import Path

import jsonschema
import pytest

from templating.cli import main
from templating.lint.registry import DOCS_URL, RULES

SCHEMA = json.loads((Path(__file__).parents[1] / "data" / "sarif" / "sarif-schema-2.1.0.json").read_text())
# Two findings of one rule on one line, and a finding on another line.
AGENT = 'from google.adk.agents import LlmAgent\n\nagent = LlmAgent(instruction="{{a}} {{b}}")\nx = LlmAgent(instruction="{{c}}")\n'


@pytest.fixture
def project(tmp_path, monkeypatch):
    # The keys are written nowhere: TPL014 is not what these tests are about.
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nignore = ["unwritten-key"]\n')
    (tmp_path / "agent.py").write_text(AGENT)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _report(capsys, output_format: str) -> object:
    main(["lint", "agent.py", "--output-format", output_format])
    return json.loads(capsys.readouterr().out)


def test_sarif_log_is_valid_against_the_sarif_2_1_0_schema(project, capsys):
    log = _report(capsys, "sarif")
    jsonschema.validate(log, SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
    assert len(log["runs"][0]["results"]) == 3


def test_sarif_rules_have_help_text_and_absolute_help_uri(project, capsys):
    rules = _report(capsys, "sarif")["runs"][0]["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == [rule.code for rule in RULES]
    for rule in rules:
        assert rule["help"]["text"].strip() and rule["help"]["markdown"].startswith(f"# {rule['id']}")
        assert rule["helpUri"] == f"{DOCS_URL}rules/{rule['id']}/"


def test_sarif_two_findings_on_one_line_have_distinct_fingerprints(project, capsys):
    results = _report(capsys, "sarif")["runs"][0]["results"]
    fingerprints = [result["partialFingerprints"]["primaryLocationLineHash"] for result in results]
    assert len(set(fingerprints)) == 3
    first, second, _ = fingerprints
    assert first.split(":")[0] == second.split(":")[0] and (first[-2:], second[-2:]) == (":1", ":2")


def test_json_url_is_absolute(project, capsys):
    assert {item["url"] for item in _report(capsys, "json")} == {f"{DOCS_URL}rules/TPL001/"}


def test_docs_url_config_moves_every_link(project, capsys):
    (project / "pyproject.toml").write_text('[tool.templating]\ndocs-url = "https://docs.example.com/templating"\n')
    assert _report(capsys, "json")[0]["url"] == "https://docs.example.com/templating/rules/TPL001/"
    driver = _report(capsys, "sarif")["runs"][0]["tool"]["driver"]
    assert driver["informationUri"] == "https://docs.example.com/templating"
    assert driver["rules"][0]["helpUri"] == "https://docs.example.com/templating/rules/TPL001/"


def test_docs_url_must_be_absolute(project, capsys):
    (project / "pyproject.toml").write_text('[tool.templating]\ndocs-url = "docs/"\n')
    assert main(["lint", "agent.py"]) == 2
    assert "invalid value for `docs-url`" in capsys.readouterr().err

"""google-adk 2.13.0 decides what the state contract and its rules (TPL028 to TPL033) say.

The fixture project ``tests/data/contract/`` holds five apps, each with its hazards and a safe
twin of each (`contract_oracle` runs them):

- ``greeter``, a chat agent, and its eval set: cases without ``user_name`` (one with no
  ``session_input`` at all) beside cases that give it, in snake and camel case;
- ``trip``, a ``state_schema`` workflow that calls a model: undeclared writes by ``ctx.state``,
  a tool, a callback,
  ``Event(state=...)`` and ``output_key`` beside declared and prefixed ones, an undeclared read,
  a path into a field its model lacks, and an eval that ADK's own plugin breaks;
- ``checker``, a ``state_schema`` workflow whose build refuses parameters named ``context``,
  defaulted, or bound from the node's input, beside ``ctx`` and a declared field;
- ``reporter``, a workflow whose agent reads a model's dict, a list and a dict written in code
  (Python's repr), beside a text output and the strict dialect's JSON, and whose test folders'
  ``initial.session.json`` files give or lack its key;
- ``counter``, a ``state_schema`` workflow that calls no model: its evals run, if they give the
  key its first node binds.

What a run raises is what the linter must report, at the line the finding names; what runs
clean must stay quiet.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from contract_oracle import APPS, FIXTURE, builds, refused_parameters, run_app, run_eval

from templating.lint.finding import Finding
from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.contract import AppContract, state_contracts
from templating.project.reading import read_project

_EVAL_FILES = {
    "greeter/greet.evalset.json": "greeter",
    "trip/trip.evalset.json": "trip",
    "counter/counter.evalset.json": "counter",
    "reporter/tests/initial.session.json": "reporter",
    "reporter/tests/weekly/initial.session.json": "reporter",
}
_VALUES = {"string": "x", "integer": 1, "number": 1.5, "boolean": True}


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    """The fixture copied to a folder of its own (the tests' folder is not one project)."""
    root = tmp_path_factory.mktemp("contract") / "project"
    shutil.copytree(FIXTURE, root, ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.fixture(scope="module")
def findings(project) -> list[Finding]:
    return list(lint_paths([project], Settings(root=project), jobs=1).findings)


@pytest.fixture(scope="module")
def contracts(project) -> dict[str, AppContract]:
    return {c.name: c for c in state_contracts(read_project([project], root=project))}


def _relative(project: Path, finding: Finding) -> str:
    return Path(finding.path).resolve().relative_to(project.resolve()).as_posix()


def _at(project: Path, findings: list[Finding], code: str, file: str) -> list[Finding]:
    return [f for f in findings if f.code == code and _relative(project, f) == file]


def _spanned(finding: Finding) -> str:
    return finding.source_line[finding.column - 1 : finding.end_column - 1]


@pytest.mark.parametrize("app", APPS)
def test_contract_is_what_a_run_from_empty_state_fails_on(app, contracts):
    run = run_app(app)
    contract = contracts[app]
    assert set(contract.required) == {key for _, key in run.failures}
    assert set(contract.optional) == {key for _, key in run.optional}
    assert contract.complete


@pytest.mark.parametrize("app", APPS)
def test_a_run_from_the_contracts_keys_fails_nowhere(app, contracts):
    contract = contracts[app]
    state = {key: _VALUES.get(next(iter(contract.types.get(key, [{}]))).get("type"), "x") for key in contract.required}
    run = run_app(app, state)
    assert run.failures == set()


def test_contract_of_the_fixture_as_json(project, run_cli, monkeypatch):
    monkeypatch.chdir(project)
    status, output, _ = run_cli("contract")
    assert status == 0
    assert json.loads(output)["apps"] == [
        {"root": "checker", "file": "checker/agent.py", "line": 31, "required": ["count"], "optional": ["limit"],
         "complete": True},
        {"root": "counter", "file": "counter/agent.py", "line": 21, "required": ["start"], "optional": [],
         "complete": True},
        {"root": "greeter", "file": "greeter/agent.py", "line": 12, "required": ["user_name"], "optional": ["mood"],
         "complete": True},
        {"root": "reporter", "file": "reporter/agent.py", "line": 53, "required": ["topic"], "optional": [],
         "complete": True},
        {"root": "trip", "file": "trip/agent.py", "line": 68, "required": ["budget", "destination"],
         "optional": ["travellers"], "complete": True},
    ]  # fmt: skip


@pytest.mark.parametrize("file", _EVAL_FILES)
def test_eval_findings_are_the_cases_that_fail(file, project, findings):
    outcomes = run_eval(_EVAL_FILES[file], FIXTURE / file)
    reported = {}
    for finding in [*_at(project, findings, "TPL028", file), *_at(project, findings, "TPL033", file)]:
        case = "session" if finding.message.startswith("the session") else finding.message.split("`")[1]
        assert case not in reported, f"two findings for {case}"
        reported[case] = finding
    failed = {case for case, outcome in outcomes.items() if outcome != "ran"}
    assert set(reported) == failed, outcomes
    for case, finding in reported.items():
        outcome = outcomes[case]
        if finding.code == "TPL033":
            assert outcome.startswith("StateSchemaError: Key '__llm_request_key__' is not declared")
        else:
            assert outcome.startswith(('KeyError: "Context variable not found', "WorkflowDataError: Missing value"))
            missing = finding.message.split(" without ")[1].split(":")[0].strip("`")
            assert f"`{missing}`" in outcome or f'"{missing}"' in outcome
        assert _spanned(finding) in ('"state"', '"eval_id"', '"session_input"', '"sessionInput"')


def test_eval_fixture_has_a_safe_twin_of_each_failing_case():
    ran = {file: run_eval(app, FIXTURE / file) for file, app in _EVAL_FILES.items()}
    assert ran["greeter/greet.evalset.json"]["named"] == ran["greeter/greet.evalset.json"]["camel_case"] == "ran"
    assert ran["counter/counter.evalset.json"]["from_one"] == "ran"  # a schema without a model call evaluates
    assert ran["reporter/tests/weekly/initial.session.json"]["session"] == "ran"


def test_undeclared_writes_are_the_writes_the_schema_refuses(project, findings):
    refused = run_app("trip", {"destination": "Rome", "budget": 900}).refused
    reported = _at(project, findings, "TPL029", "trip/agent.py")
    assert {_spanned(f).strip("\"'") for f in reported} == refused
    assert refused == {
        "stamped_at",
        "summary",
        "scratch",
        "weather",
        "marked",
    }  # a node, an agent, its tool and callback
    assert {_spanned(f) for f in reported} == {'"stamped_at"', '"summary"', '"scratch"', '"weather"', '"marked"'}


def test_refused_parameters_are_the_parameters_the_build_refuses(project, findings):
    assert builds("checker").startswith("StateSchemaError: FunctionNode 'audit' parameter 'context' is not declared")
    reported = _at(project, findings, "TPL030", "checker/agent.py")
    pairs = [(f.message.split("`")[3], _spanned(f)) for f in reported]
    assert sorted(pairs) == sorted(refused_parameters("checker")) == [
        ("audit", "context"), ("echo", "text"), ("limits", "limit"),
    ]  # fmt: skip
    context = next(f for f in reported if "`context`" in f.message)
    assert "skips only `ctx`, `node_input` and `self`, by name" in context.message


def test_every_app_but_the_checker_builds():
    assert {app: builds(app) for app in APPS if app != "checker"} == dict.fromkeys(
        [app for app in APPS if app != "checker"], "built"
    )


def test_an_undeclared_read_only_the_initial_state_holds(project, findings):
    reported = _at(project, findings, "TPL031", "trip/agent.py")
    assert [(_spanned(f), f.message.split(": ")[-1] if "path" in f.message else "") for f in reported] == [
        ("budget", ""), ("{plan.nights?}", "`Plan` has no field `nights`"),
    ]  # fmt: skip
    assert ("planner", "budget") in run_app("trip").failures
    seeded = run_app("trip", {"destination": "Rome", "budget": 900, "not_a_field": 1})
    # ADK checks no initial state against the schema: both undeclared keys start the run.
    assert seeded.failures == set() and {"budget", "not_a_field"}.isdisjoint(seeded.refused)
    assert seeded.state["budget"] == 900
    assert "nights" not in seeded.state["plan"]  # the model's dict never has the field


def test_repr_rendered_values_are_what_the_model_reads(project, findings):
    run = run_app("reporter", {"topic": "sales"})
    sent = dict(run.requests)
    report, tags, prefs = run.state["report"], run.state["tags"], run.state["prefs"]
    assert str(report) in sent["writer"] and str(tags) in sent["writer"] and str(prefs) in sent["writer"]
    assert json.dumps(report) in sent["json_writer"] and json.dumps(prefs) in sent["json_writer"]
    assert "as Quarterly sales," in sent["writer"]  # `output_schema=str`: the text itself
    reported = _at(project, findings, "TPL032", "reporter/agent.py")
    assert {_spanned(f) for f in reported} == {"report", "tags", "prefs"}
    shown = next(f.message for f in reported if _spanned(f) == "report").split("reads `")[1].split("`")[0]
    assert shown == "{" + ", ".join(f"'{field}': ..." for field in report) + "}"


def test_every_finding_of_the_fixture_is_one_a_run_proved(project, findings):
    codes = {"TPL028", "TPL029", "TPL030", "TPL031", "TPL032", "TPL033"}
    assert sorted((_relative(project, f), f.line, f.code) for f in findings if f.code in codes) == [
        ("checker/agent.py", 18, "TPL030"), ("checker/agent.py", 22, "TPL030"), ("checker/agent.py", 27, "TPL030"),
        ("counter/counter.evalset.json", 12, "TPL028"),
        ("greeter/greet.evalset.json", 12, "TPL028"), ("greeter/greet.evalset.json", 20, "TPL028"),
        ("reporter/agent.py", 45, "TPL032"), ("reporter/agent.py", 45, "TPL032"), ("reporter/agent.py", 45, "TPL032"),
        ("reporter/tests/initial.session.json", 5, "TPL028"),
        ("trip/agent.py", 29, "TPL029"), ("trip/agent.py", 35, "TPL031"), ("trip/agent.py", 41, "TPL029"),
        ("trip/agent.py", 47, "TPL029"), ("trip/agent.py", 57, "TPL031"), ("trip/agent.py", 59, "TPL029"),
        ("trip/agent.py", 64, "TPL029"),
        ("trip/trip.evalset.json", 7, "TPL033"),
    ]  # fmt: skip

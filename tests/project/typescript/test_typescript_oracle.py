"""The runtime decides: TS programs run under the real adk-js 2.0.0 and ADK-TS 0.5.9, and
TPL014/TPL015 are exactly the placeholders that fail there."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.registry import select_rules
from templating.lint.settings import Settings
from tests.ts_flow_oracle import FIXTURES, find_port, find_tsx, run_fixture, run_fixture_runs

#: Each fixture and the port it is written for.
FIXTURE_PORTS = {
    "adk_js_pipeline": "adk-js",
    "adk_ts_research": "adk-ts",
    "adk_ts_builder": "adk-ts",
    "adk_ts_factories": "adk-ts",
    "adk_js_workflow": "adk-js",
    "adk_js_graph": "adk-js",
    "adk_js_dynamic": "adk-js",
    "adk_js_joins": "adk-js",
    "adk_js_custom": "adk-js",
    "adk_js_rebound": "adk-js",
    "adk_ts_rebound": "adk-ts",
}
_AGENT_KEY = {
    "TPL014": re.compile(r"^`(?P<key>[^`]+)` is read by agent `(?P<agent>[^`]+)`"),
    "TPL015": re.compile(r"^agent `(?P<agent>[^`]+)` (?:in workflow `[^`]+` )?(?:may )?reads? `(?P<key>[^`]+)`"),
}


def _required(what: str) -> None:
    if os.environ.get("TEMPLATING_REQUIRE_ADK_JS") == "1" and os.environ.get("TEMPLATING_REQUIRE_ADK_TS") == "1":
        pytest.fail(f"{what} is required here: see .ci/run")
    pytest.skip(f"{what} is not installed (see .ci/run)")


def _linted(name: str, tmp_path: Path) -> set[tuple[str, str]]:
    shutil.copytree(FIXTURES / name, tmp_path / name)  # tests/data is excluded by the project's config
    settings = Settings(root=tmp_path, enabled=select_rules(["TPL014", "TPL015"], ()))
    found = set()
    for finding in lint_paths([tmp_path / name], settings).findings:
        match = _AGENT_KEY[finding.code].match(finding.message)
        assert match is not None, finding.message
        found.add((match["agent"], match["key"]))
    return found


@pytest.mark.parametrize(("name", "port"), FIXTURE_PORTS.items())
def test_oracle_tpl014_and_tpl015_are_exactly_the_placeholders_that_fail(name, port, tmp_path):
    tsx = find_tsx()
    if tsx is None:
        _required("tsx")
    if find_port(port) is None:
        _required(port)
    failing = run_fixture(tsx, port, name)
    assert failing, "a fixture without a failure checks nothing"
    assert _linted(name, tmp_path) == failing


_NODE = re.compile(r"^(?:node|join) `(?P<node>[^`]+)` in workflow")


def test_oracle_workflow_rules_match_what_adk_js_runs(tmp_path):
    """TPL018 names exactly the agents adk-js runs more than once in one run (a fan-in without
    a `JoinNode`); TPL019 names the join after which an agent never ran on some route plan."""
    tsx = find_tsx()
    if tsx is None:
        _required("tsx")
    if find_port("adk-js") is None:
        _required("adk-js")
    _, repeated, plans = run_fixture_runs(tsx, "adk-js", "adk_js_joins")
    shutil.copytree(FIXTURES / "adk_js_joins", tmp_path / "joins")
    settings = Settings(root=tmp_path, enabled=select_rules(["TPL018", "TPL019"], ()))
    found: dict[str, set[str]] = {"TPL018": set(), "TPL019": set()}
    for finding in lint_paths([tmp_path / "joins"], settings).findings:
        match = _NODE.match(finding.message)
        assert match is not None, finding.message
        found[finding.code].add(match["node"])
    assert repeated, "a fixture without a repeated node checks nothing"
    assert found["TPL018"] == repeated
    skipped = set().union(*plans) - set.intersection(*plans)
    # `report` is the one agent after the join `done` (tests/data/ts_flow/adk_js_joins/src/main.ts).
    assert skipped == {"report"}
    assert found["TPL019"] == {"done"}

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
from tests.ts_flow_oracle import FIXTURES, find_port, find_tsx, run_fixture

#: Each fixture and the port it is written for.
FIXTURE_PORTS = {
    "adk_js_pipeline": "adk-js",
    "adk_ts_research": "adk-ts",
    "adk_ts_builder": "adk-ts",
    "adk_js_workflow": "adk-js",
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

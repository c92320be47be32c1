"""The judged test bed: findings on public ADK 2.x repositories, each judged true or false
(tests/data/testbed/adk2_judgments.json, docs/test-bed.md).

The repositories' code is not in this repository. The data and the figures the docs page
states are checked always; with ``TEMPLATING_TESTBED`` naming a folder that holds the
repositories at their commits (one ``owner+name`` folder each), every true finding must
still be reported, every false one must not come back, and no unjudged one may appear.
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

REPOSITORY = Path(__file__).resolve().parents[2]
DATA = json.loads((REPOSITORY / "tests/data/testbed/adk2_judgments.json").read_text(encoding="utf-8"))
PROJECT_RULES = ("TPL014", "TPL015", "TPL018", "TPL019")


def _precision(version: str, project: bool, round_: int | None = None) -> tuple[int, int]:
    """(true, reported) over the judged findings ``version`` reports, for a rule family (and
    the repositories of one round of the bed, or all)."""
    rounds = {r["repo"]: r.get("round", 1) for r in DATA["repositories"]}
    found = [j for j in DATA["judgments"] if j[version] and (j["code"] in PROJECT_RULES) == project
             and round_ in (None, rounds[j["repo"]])]  # fmt: skip
    return sum(j["verdict"] for j in found), len(found)


def test_every_judgment_names_a_listed_repository_and_says_why() -> None:
    listed = {r["repo"]: r["commit"] for r in DATA["repositories"]}
    assert len(listed) == len(DATA["repositories"])  # each repository once
    assert all(re.fullmatch(r"[0-9a-f]{40}", commit) for commit in listed.values())
    for judgment in DATA["judgments"]:
        assert judgment["repo"] in listed and judgment["why"] and re.fullmatch(r"TPL\d{3}", judgment["code"])
        assert isinstance(judgment["verdict"], bool) and isinstance(judgment["after"], bool)


def test_the_docs_page_states_the_precision_the_data_gives() -> None:
    page = (REPOSITORY / "docs/test-bed.md").read_text(encoding="utf-8")
    for round_, label in ((1, "first"), (2, "second"), (None, "both")):
        repositories = [r for r in DATA["repositories"] if round_ in (None, r.get("round", 1))]
        for project, rules in ((True, "TPL014/TPL015/TPL018/TPL019"), (False, "other rules")):
            before, after = _precision("before", project, round_), _precision("after", project, round_)
            row = f"| {label} ({len(repositories)}) | {rules} | {before[0]} of {before[1]} | {after[0]} of {after[1]} |"
            assert row in page, row
    assert f"{len(DATA['repositories'])} public ADK 2.x repositories" in page


@pytest.mark.skipif("TEMPLATING_TESTBED" not in os.environ, reason="the repositories are not here")
@pytest.mark.parametrize("repository", [r["repo"] for r in DATA["repositories"]])
def test_the_findings_on_each_repository_are_the_judged_ones(repository: str) -> None:
    folder = Path(os.environ["TEMPLATING_TESTBED"]) / repository.replace("/", "+")
    if not folder.is_dir():
        pytest.skip(f"{folder} is not here")
    findings = lint_paths([folder], Settings(root=folder)).findings
    reported = {(Path(f.path).resolve().relative_to(folder.resolve()).as_posix(), f.line, f.code) for f in findings}
    judged = [j for j in DATA["judgments"] if j["repo"] == repository]
    for judgment in judged:
        where = (judgment["path"], judgment["line"], judgment["code"])
        assert (where in reported) == judgment["after"], judgment
    # Nothing unjudged either: a new finding on the bed is judged before it lands.
    assert reported <= {(j["path"], j["line"], j["code"]) for j in judged}

"""The Go and JVM test bed: findings on public adk-go and adk-java repositories, each judged
true or false (tests/data/testbed/go_jvm_judgments.json, docs/test-bed.md).

The repositories' code is not in this repository. The data and the figures the docs page
states are checked always; with a git mirror of a repository (``TEMPLATING_MIRROR``, default
``/work/.mirror``, see `tests.mirror`), its agent files are written out at the judged commit
and linted from their root: every finding judged true is reported, none judged false comes
back, nothing unjudged appears, and the project model sees every judged placeholder.
"""

from __future__ import annotations

import io
import json
import re
import subprocess
import tarfile
from collections import Counter
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project
from tests.mirror import git_directory

REPOSITORY = Path(__file__).resolve().parents[2]
DATA = json.loads((REPOSITORY / "tests/data/testbed/go_jvm_judgments.json").read_text(encoding="utf-8"))
LANGUAGES = {r["repo"]: r["language"] for r in DATA["repositories"]}
#: The files a Go or JVM agent program is read from (its YAML agents and skills too).
_READ = (".go", ".java", ".kt", ".kts", ".yaml", ".yml", "SKILL.md")


def _precision(language: str, version: str) -> tuple[int, int]:
    """(true, reported) over the judged findings ``version`` reports in ``language``."""
    found = [j for j in DATA["judgments"] if j[version] and LANGUAGES[j["repo"]] == language]
    return sum(j["verdict"] for j in found), len(found)


def test_every_judgment_names_a_listed_repository_and_says_why() -> None:
    assert len(LANGUAGES) == len(DATA["repositories"])  # each repository once
    assert all(re.fullmatch(r"[0-9a-f]{40}", r["commit"]) for r in DATA["repositories"])
    for judgment in [*DATA["judgments"], *DATA["reads"]]:
        assert judgment["repo"] in LANGUAGES and judgment["why"]
    for judgment in DATA["judgments"]:
        assert re.fullmatch(r"TPL\d{3}", judgment["code"]) and isinstance(judgment["verdict"], bool)
        assert judgment["before"] or judgment["after"]
    # The target: every finding this version reports is true, and no placeholder that fails is silent.
    assert all(j["verdict"] for j in DATA["judgments"] if j["after"])
    assert all(r["verdict"] == "safe" for r in DATA["reads"])
    assert Counter(LANGUAGES.values()) >= Counter({"go": 8, "java": 8})


def test_the_docs_page_states_the_precision_the_data_gives() -> None:
    page = (REPOSITORY / "docs/test-bed.md").read_text(encoding="utf-8")
    for language, label in (("go", "Go"), ("java", "Java")):
        count = sum(1 for value in LANGUAGES.values() if value == language)
        before, after = _precision(language, "before"), _precision(language, "after")
        misses = sum(
            1 for j in DATA["judgments"] if LANGUAGES[j["repo"]] == language and j["verdict"] and not j["before"]
        )
        row = f"| {label} | {count} | {before[0]} of {before[1]} | {after[0]} of {after[1]} | {misses} |"
        assert row in page, row
    assert f"{len(DATA['reads'])} placeholders" in page


def _checkout(repository: str, commit: str, into: Path) -> Path:
    """The agent files of ``repository`` at ``commit``, written under ``into``."""
    directory = git_directory(repository)
    if not directory.is_dir():
        pytest.skip(f"no mirror of {repository} (set TEMPLATING_MIRROR)")
    listing = subprocess.run(["git", "--git-dir", str(directory), "ls-tree", "-r", "--name-only", commit],
                             capture_output=True, text=True, check=False)  # fmt: skip
    if listing.returncode != 0:
        pytest.skip(f"the mirror of {repository} lacks commit {commit}")
    names = [name for name in listing.stdout.splitlines() if name.endswith(_READ)]
    archive = subprocess.run(["git", "--git-dir", str(directory), "archive", "--format=tar", commit, "--", *names],
                             capture_output=True, check=True)  # fmt: skip
    root = into / repository.replace("/", "+")
    root.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(root, filter="data")
    return root


@pytest.mark.parametrize("source", DATA["repositories"], ids=lambda r: r["repo"])
def test_the_findings_on_each_repository_are_the_judged_ones(source: dict, tmp_path: Path) -> None:
    root = _checkout(source["repo"], source["commit"], tmp_path)
    findings = lint_paths([root], Settings(root=root)).findings
    reported = {(Path(f.path).resolve().relative_to(root.resolve()).as_posix(), f.line, f.code) for f in findings}
    judged = [j for j in DATA["judgments"] if j["repo"] == source["repo"]]
    for judgment in judged:
        assert ((judgment["path"], judgment["line"], judgment["code"]) in reported) == judgment["after"], judgment
    assert reported <= {(j["path"], j["line"], j["code"]) for j in judged}  # nothing unjudged
    reads = {(r["path"], r["line"], r["column"], r["key"]) for r in DATA["reads"] if r["repo"] == source["repo"]}
    model = read_project([root], root=root)
    seen = {(Path(r.path).resolve().relative_to(root.resolve()).as_posix(), r.line, r.column, r.key)
            for agent in model.agents for r in agent.reads}  # fmt: skip
    assert reads <= seen

"""Real adk-java and adk-kotlin programs, judged by hand: the linter's findings on them are
exactly the judged true ones (none of those judged false since, ``retired``), every read that fails has a finding at it, and the project model
sees every judged read (`tests/data/ports/jvm-judged.json`).

The programs are not in this repository: each is read from a git mirror of its repository
at the judged commit (``TEMPLATING_MIRROR``, default ``/work/.mirror``); without one the test
skips and says so.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import tarfile
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.reading import read_project

JUDGED = json.loads((Path(__file__).resolve().parents[2] / "data" / "ports" / "jvm-judged.json").read_text())
MIRROR = Path(os.environ.get("TEMPLATING_MIRROR", "/work/.mirror"))


def _checkout(source: dict, into: Path) -> Path:
    """The source's Java and Kotlin files at the judged commit, under ``into``."""
    repository = MIRROR / source["repo"].replace("/", "+") / "repo"
    if not repository.is_dir():
        pytest.skip(f"no mirror of {source['repo']} in {MIRROR} (set TEMPLATING_MIRROR)")
    listing = subprocess.run(
        ["git", "-C", str(repository), "ls-tree", "-r", "--name-only", source["commit"]],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    if listing.returncode != 0:
        pytest.skip(f"the mirror of {source['repo']} lacks commit {source['commit']}")
    prefix = f"{source['folder']}/" if source["folder"] else ""
    names = [n for n in listing.stdout.splitlines() if n.startswith(prefix) and n.endswith((".java", ".kt", ".kts"))]
    archive = subprocess.run(
        ["git", "-C", str(repository), "archive", "--format=tar", source["commit"], *names],
        capture_output=True, check=True,
    )  # fmt: skip
    root = into / source["repo"].replace("/", "+")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(root, filter="data")
    return root


@pytest.mark.parametrize("source", JUDGED["sources"], ids=lambda s: f"{s['repo']}/{s['folder']}".rstrip("/"))
def test_jvm_real_code_findings_are_the_judged_ones(source: dict, tmp_path: Path) -> None:
    root = _checkout(source, tmp_path)
    folder = root / source["folder"] if source["folder"] else root
    found = sorted(
        (str(Path(f.path).resolve().relative_to(root.resolve())), f.line, f.column, f.code)
        for f in lint_paths([folder], Settings(root=folder)).findings
    )
    judged = [f for f in JUDGED["findings"] if f["repo"] == source["repo"] and f["path"].startswith(source["folder"])]
    assert found == sorted((f["path"], f["line"], f["column"], f["code"]) for f in judged)
    assert all(f["verdict"].startswith("true") for f in judged)
    # A finding judged false since (issue 37: no evidence) must not come back.
    retired = [f for f in JUDGED["retired"] if f["repo"] == source["repo"] and f["path"].startswith(source["folder"])]
    assert all(f["verdict"] == "false" and f["why"] for f in retired)
    assert not {(f["path"], f["line"], f["column"], f["code"]) for f in retired} & set(found)
    reads = [r for r in JUDGED["reads"] if r["repo"] == source["repo"] and r["path"].startswith(source["folder"])]
    failing = {(r["path"], r["line"]) for r in reads if r["verdict"] == "fails"}
    assert failing <= {(path, line) for path, line, _, code in found if code in ("TPL014", "TPL015")}
    model = read_project([folder], root=folder)
    seen = {(str(Path(r.path).resolve().relative_to(root.resolve())), r.line, r.column, r.key)
            for agent in model.agents for r in agent.reads}  # fmt: skip
    assert {(r["path"], r["line"], r["column"], r["key"]) for r in reads} <= seen

"""Real adk-go programs: every judged placeholder is seen, every true finding reported, no other.

Only the judgments are kept (``tests/data/go/real/judged.json``, see its README): per source
its repository, commit, licence and the paths that were linted; per file every placeholder
judged against adk-go's source and every finding judged true or false. The files are
re-created from a git mirror of each repository at its judged commit (``tests/mirror.py``,
``TEMPLATING_MIRROR``); without one those tests skip and say so. The data is checked always.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from templating.project.reading import read_files
from tests.project.go.real import JUDGED, REAL, real_file

_FINDING = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<code>TPL\d+)", re.MULTILINE)


def test_go_real_code_judgments_name_their_source() -> None:
    for folder, source in JUDGED["sources"].items():
        assert folder == source["repository"].replace("/", "+")
        assert re.fullmatch(r"[0-9a-f]{40}", source["commit"]) and source["licence"], folder
        assert source["paths"] == sorted(set(source["paths"])), folder
    readme = (REAL / "README.md").read_text(encoding="utf-8")
    for source in JUDGED["sources"].values():
        assert f"`{source['commit'][:8]}` ({len(source['paths'])} files)" in readme, source["repository"]
    for path, judged in JUDGED["files"].items():
        folder, _, inside = path.partition("/")
        assert inside in JUDGED["sources"][folder]["paths"], path
        assert all(verdict in ("safe", "fails") and why for _, _, _, verdict, why in judged["reads"]), path
        assert all(verdict in ("true", "false") and why for _, _, _, verdict, why in judged["findings"]), path


@pytest.mark.parametrize("path", sorted(JUDGED["files"]))
def test_go_real_code_reports_the_true_findings_only(path: str, run_cli, monkeypatch, tmp_path: Path) -> None:
    judged = JUDGED["files"][path]
    monkeypatch.chdir(real_file(path, tmp_path).parent)
    run_cli("lint", "--isolated", "--output-format", "concise", ".")
    _, out, _ = run_cli("lint", "--isolated", "--output-format", "concise", ".")
    name = Path(path).name
    found = [(m["code"], int(m["line"]), int(m["column"])) for m in _FINDING.finditer(out) if m["file"] == name]
    expected = [(code, line, column) for code, line, column, verdict, _ in judged["findings"] if verdict == "true"]
    assert found == expected, out


@pytest.mark.parametrize("path", sorted(JUDGED["files"]))
def test_go_real_code_sees_every_judged_placeholder(path: str, tmp_path: Path) -> None:
    [reading] = read_files([real_file(path, tmp_path)], "adk")
    seen = {
        (read.line, read.column, read.key) for facts in reading.facts for a in facts.agents for read in a.reads or ()
    }
    judged = {(line, column, key) for line, column, key, _, _ in JUDGED["files"][path]["reads"]}
    assert seen == judged


def test_the_docs_state_the_figures_of_the_judged_code() -> None:
    page = (REAL.parents[3] / "docs" / "go.md").read_text(encoding="utf-8")
    files = JUDGED["files"].values()
    reads = [read for judged in files for read in judged["reads"]]
    findings = [finding for judged in files for finding in judged["findings"]]
    linted = sum(len(source["paths"]) for source in JUDGED["sources"].values())
    assert f"{linted} files" in page and f"({len(reads)}, of which {sum(r[3] == 'fails' for r in reads)} fail" in page
    true = sum(f[3] == "true" for f in findings)
    assert f"({true} true, {len(findings) - true} false)" in page
    assert all(f"commit `{source['commit'][:8]}`" in page for source in JUDGED["sources"].values())


def test_go_real_code_every_fails_is_reported() -> None:
    for path, judged in JUDGED["files"].items():
        failing = {line for line, _, _, verdict, _ in judged["reads"] if verdict == "fails"}
        reported = {line for _, line, _, verdict, _ in judged["findings"] if verdict == "true"}
        assert failing <= reported, path

"""Real adk-go programs: every judged placeholder is seen, every true finding reported, no other.

The files and their judgments are in ``tests/data/go/real`` (see its README): Apache-2.0 code
from google/adk-go and google/adk-docs, each placeholder judged against adk-go's source.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from templating.project.reading import read_files

REAL = Path(__file__).resolve().parents[2] / "data" / "go" / "real"
JUDGED = json.loads((REAL / "judged.json").read_text(encoding="utf-8"))
_FINDING = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<code>TPL\d+)", re.MULTILINE)


@pytest.mark.parametrize("path", sorted(JUDGED["files"]))
def test_go_real_code_reports_the_true_findings_only(path: str, run_cli, monkeypatch) -> None:
    judged = JUDGED["files"][path]
    folder = (REAL / path).parent
    monkeypatch.chdir(folder)
    run_cli("lint", "--isolated", "--output-format", "concise", ".")
    _, out, _ = run_cli("lint", "--isolated", "--output-format", "concise", ".")
    name = Path(path).name
    found = [(m["code"], int(m["line"]), int(m["column"])) for m in _FINDING.finditer(out) if m["file"] == name]
    expected = [(code, line, column) for code, line, column, verdict, _ in judged["findings"] if verdict == "true"]
    assert found == expected, out


@pytest.mark.parametrize("path", sorted(JUDGED["files"]))
def test_go_real_code_sees_every_judged_placeholder(path: str) -> None:
    [reading] = read_files([REAL / path], "adk")
    seen = {
        (read.line, read.column, read.key) for facts in reading.facts for a in facts.agents for read in a.reads or ()
    }
    judged = {(line, column, key) for line, column, key, _, _ in JUDGED["files"][path]["reads"]}
    assert seen == judged


def test_go_real_code_every_fails_is_reported() -> None:
    for path, judged in JUDGED["files"].items():
        failing = {line for line, _, _, verdict, _ in judged["reads"] if verdict == "fails"}
        reported = {line for _, line, _, verdict, _ in judged["findings"] if verdict == "true"}
        assert failing <= reported, path

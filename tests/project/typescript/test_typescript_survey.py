"""Real code: files of public adk-js and ADK-TS repositories, each finding judged by reading."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

SURVEY = Path(__file__).resolve().parents[2] / "data" / "ts_survey"
JUDGMENTS = json.loads((SURVEY / "judgments.json").read_text(encoding="utf-8"))


def _findings(folder: str, tmp_path: Path) -> set[tuple[str, int, int, str]]:
    shutil.copytree(SURVEY / folder, tmp_path / folder)  # tests/data is excluded by the project's config
    result = lint_paths([tmp_path / folder], Settings(root=tmp_path / folder))
    return {(Path(f.path).relative_to(folder).as_posix(), f.line, f.column, f.code) for f in result.findings}


@pytest.mark.parametrize("folder", sorted(JUDGMENTS))
def test_survey_findings_are_exactly_the_ones_judged_true(folder, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # findings show paths relative to the working folder
    judged = JUDGMENTS[folder]
    found = _findings(folder, tmp_path)
    assert found == {(path, line, column, code) for path, line, column, code, true, _ in judged["findings"] if true}
    for path, line, column, code, _ in judged["silent"]:
        assert (path, line, column, code) not in found

"""Real code: agent files of public adk-js and ADK-TS repositories, each finding judged by reading.

Only the judgments are kept (``tests/data/ts_survey/judgments.json``: repository, commit, the
paths that were linted, each finding and each place that must stay silent, with why). The
files are re-created from a git mirror of each repository at its judged commit
(``tests/mirror.py``, ``TEMPLATING_MIRROR``); without one those tests skip and say so. The
data and the figures the docs state are checked always.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from tests.mirror import checkout

REPOSITORY = Path(__file__).resolve().parents[3]
SURVEY = REPOSITORY / "tests" / "data" / "ts_survey"
JUDGMENTS = json.loads((SURVEY / "judgments.json").read_text(encoding="utf-8"))
PAGE = REPOSITORY / "docs" / "typescript.md"


def _checkout(folder: str, into: Path) -> Path:
    """The folder's linted files at its judged commit, under ``into / folder``."""
    judged = JUDGMENTS[folder]
    return checkout(judged["repo"], judged["commit"], judged["paths"], into / folder)


def _findings(folder: str, tmp_path: Path) -> set[tuple[str, int, int, str]]:
    root = _checkout(folder, tmp_path)
    result = lint_paths([root], Settings(root=root))
    return {(Path(f.path).relative_to(folder).as_posix(), f.line, f.column, f.code) for f in result.findings}


def test_survey_judgments_name_their_source_and_linted_files() -> None:
    for folder, judged in JUDGMENTS.items():
        assert folder == judged["repo"].replace("/", "+")
        assert re.fullmatch(r"[0-9a-f]{40}", judged["commit"]), folder
        assert judged["licence"] and judged["port"] in ("adk-js", "adk-ts"), folder
        paths = judged["paths"]
        assert paths == sorted(set(paths)) and all(not p.startswith("/") and ".." not in p for p in paths), folder
        assert any(p.endswith((".ts", ".js", ".mts", ".mjs")) for p in paths), folder
        for path, line, column, code, true, why in judged["findings"]:
            assert path in paths and line > 0 and column > 0 and re.fullmatch(r"TPL\d{3}", code), folder
            assert isinstance(true, bool) and why, folder
        for path, line, column, code, why in judged["silent"]:
            assert path in paths and line > 0 and column > 0 and re.fullmatch(r"TPL\d{3}", code) and why, folder


def test_the_docs_state_the_surveys_figures() -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert f"{len(JUDGMENTS)} public adk-js and ADK-TS repositories" in page
    assert f"{sum(len(j['paths']) for j in JUDGMENTS.values())} files" in page


@pytest.mark.parametrize("folder", sorted(JUDGMENTS))
def test_survey_findings_are_exactly_the_ones_judged_true(folder, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # findings show paths relative to the working folder
    judged = JUDGMENTS[folder]
    found = _findings(folder, tmp_path)
    assert found == {(path, line, column, code) for path, line, column, code, true, _ in judged["findings"] if true}
    for path, line, column, code, _ in judged["silent"]:
        assert (path, line, column, code) not in found


def _placeholders(instruction) -> set[tuple[int, int, str]]:
    from templating.errors import TemplateSyntaxError
    from templating.nodes import Placeholder
    from templating.project.model.instruction import parse_instruction_text

    try:
        template = parse_instruction_text(instruction.text, instruction.dialect or "adk")
    except TemplateSyntaxError:
        return set()
    return {(*instruction.position(node.span.start), node.key) for node in template.nodes
            if isinstance(node, Placeholder) and not node.artifact}  # fmt: skip


def _where(path: str, root: Path) -> str:
    """A file as shown (relative to the run's folder or to its project's) as one absolute path."""
    found = Path(path)
    return str(found if found.is_absolute() else root / found if (root / found).exists() else found.resolve())


def test_survey_the_graph_sees_every_judged_read(tmp_path, monkeypatch):
    """Every placeholder of the surveyed instructions is a read of an agent in the project
    model (what TPL014/TPL015 and the graph judge): at least 90%, and as many as the docs say."""
    from templating.project.reading import read_file, read_project
    from templating.project.sources import SourceCache
    from templating.project.typescript.vocabulary import is_script

    monkeypatch.chdir(tmp_path)
    judged, seen = set(), set()
    for folder in sorted(JUDGMENTS):
        root = _checkout(folder, tmp_path).resolve()
        model = read_project([root], root=root)
        seen |= {(_where(r.path, root), r.line, r.column, r.key) for agent in model.agents for r in agent.reads or ()}
        cache = SourceCache(root)
        for path in sorted(p for p in root.rglob("*") if p.is_file() and is_script(p.name)):
            for instruction in read_file(path, "adk", cache).instructions:
                judged |= {(_where(instruction.source.path, root), *where) for where in _placeholders(instruction)}
    assert len(judged) >= 20, "the survey holds the placeholders it judged"
    assert len(judged & seen) / len(judged) >= 0.9, sorted(judged - seen)
    assert f"Every placeholder of their instructions ({len(judged)})" in PAGE.read_text(encoding="utf-8")

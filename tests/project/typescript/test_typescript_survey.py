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
    model (what TPL014/TPL015 and the graph judge): at least 90% (26 of 26 when written)."""
    from templating.project.reading import read_file, read_project
    from templating.project.sources import SourceCache
    from templating.project.typescript.vocabulary import is_script

    monkeypatch.chdir(tmp_path)
    judged, seen = set(), set()
    for folder in sorted(JUDGMENTS):
        root = (tmp_path / folder).resolve()
        shutil.copytree(SURVEY / folder, root)
        model = read_project([root], root=root)
        seen |= {(_where(r.path, root), r.line, r.column, r.key) for agent in model.agents for r in agent.reads or ()}
        cache = SourceCache(root)
        for path in sorted(p for p in root.rglob("*") if p.is_file() and is_script(p.name)):
            for instruction in read_file(path, "adk", cache).instructions:
                judged |= {(_where(instruction.source.path, root), *where) for where in _placeholders(instruction)}
    assert len(judged) >= 20, "the survey holds the placeholders it judged"
    assert len(judged & seen) / len(judged) >= 0.9, sorted(judged - seen)

"""The bundled multi-agent example: it lints clean, its docs page shows its current graph,
and the loop's classic slip (a required `{critique}`) is caught."""

from __future__ import annotations

import shutil
from pathlib import Path

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings
from templating.project.model.graph import format_graph
from templating.project.reading import read_project

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "research_pipeline"


def test_flow_example_lints_clean_and_has_every_writer_form(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    assert lint_paths([Path(".")], Settings(root=EXAMPLE)).findings == ()
    model = read_project([Path(".")], root=EXAMPLE)
    assert {(w.key, w.via, w.agent) for w in model.writers} == {
        ("topic", "output_key", "intake"), ("findings", "output_key", "researcher"),
        ("sources", "tool", "researcher"), ("critique", "output_key", "critic"), ("findings", "output_key", "reviser"),
    }  # fmt: skip
    assert [root.name for root in model.roots] == ["research_app"]


def test_flow_example_docs_page_shows_the_current_graph(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    mermaid = format_graph(read_project([Path(".")], root=EXAMPLE), "mermaid")
    page = (ROOT / "docs" / "state-flow.md").read_text(encoding="utf-8")
    assert f"```mermaid\n{mermaid}```" in page


def test_flow_example_required_critique_is_read_before_write(tmp_path, monkeypatch):
    copy = tmp_path / "research_pipeline"
    shutil.copytree(EXAMPLE, copy)
    agent = copy / "research" / "agent.py"
    agent.write_text(agent.read_text().replace("{critique?}", "{critique}"))
    monkeypatch.chdir(copy)
    (finding,) = lint_paths([Path(".")], Settings(root=copy)).findings
    assert (finding.code, finding.path, finding.line) == ("TPL015", "research/agent.py", 19)
    assert "by its own `output_key`" in finding.message


def test_flow_example_docs_home_shows_the_current_graph(monkeypatch):
    monkeypatch.chdir(EXAMPLE)
    mermaid = format_graph(read_project([Path(".")], root=EXAMPLE), "mermaid")
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    assert f"```mermaid\n{mermaid}```" in home

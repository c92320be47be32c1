"""The docs' state-flow pictures: Graphviz's drawing of ``templating graph --format dot``.

The site build (``hooks/diagrams.py``) draws each marked graph; these tests check that the
picture holds exactly the nodes and edges the command prints, and that the mermaid source
beside it is the command's current output. Graphviz must be installed where
``TEMPLATING_REQUIRE_GRAPHVIZ`` is set (CI); elsewhere the picture tests are skipped and say why.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"


def _hook():
    specification = importlib.util.spec_from_file_location("diagrams_hook", ROOT / "hooks" / "diagrams.py")
    module = importlib.util.module_from_spec(specification)
    specification.loader.exec_module(module)
    return module


diagrams = _hook()
MARKED = sorted(
    {
        (page.name, match["folder"], match["mermaid"])
        for page in DOCS.rglob("*.md")
        for match in diagrams.GRAPH.finditer(page.read_text("utf-8"))
    }
)
needs_graphviz = pytest.mark.skipif(
    shutil.which("dot") is None and not os.environ.get("TEMPLATING_REQUIRE_GRAPHVIZ"),
    reason="Graphviz's `dot` is not installed (apt-get install graphviz); CI requires it",
)
_SVG = "{http://www.w3.org/2000/svg}"


def test_the_docs_mark_the_example_graphs_on_the_home_page_and_the_state_flow_page():
    assert {(page, folder) for page, folder, _ in MARKED} == {
        ("index.md", "examples/research_pipeline"),
        ("state-flow.md", "examples/research_pipeline"),
        ("state-flow.md", "examples/trip_workflow"),
    }


@pytest.mark.parametrize(("page", "folder", "mermaid"), MARKED)
def test_mermaid_source_is_the_commands_current_output(page, folder, mermaid):
    assert mermaid == diagrams.graph_text(folder, "mermaid", ROOT), f"{page}: run `templating graph {folder}`"


@needs_graphviz
@pytest.mark.parametrize("folder", sorted({folder for _, folder, _ in MARKED}))
def test_picture_holds_exactly_the_nodes_and_edges_of_the_dot_output(folder):
    dot = diagrams.graph_text(folder, "dot", ROOT)
    svg = ElementTree.fromstring(diagrams.render_svg(dot))
    titles = {kind: set() for kind in ("node", "edge")}
    for group in svg.iter(f"{_SVG}g"):
        kind = group.get("class")
        if kind in titles:
            titles[kind].add(group.find(f"{_SVG}title").text.replace("&#45;", "-"))
    nodes = set(re.findall(r"^ +(\w+) \[", dot, flags=re.MULTILINE)) - {"node", "edge", "graph"}
    edges = {f"{source}->{target}" for source, target in re.findall(r"^ +(\w+) -> (\w+)", dot, flags=re.MULTILINE)}
    assert nodes and edges
    assert titles == {"node": nodes, "edge": edges}
    # A node declared twice (an agent, then again inside its workflow's box) shows its last label.
    node_labels = dict(re.findall(r'^ +(\w+) \[[^\n]*?label="([^"]*)"', dot, flags=re.MULTILINE))
    edge_labels = re.findall(r'^ +\w+ -> \w+ \[[^\n]*?label="([^"]*)"', dot, flags=re.MULTILINE)
    box_labels = re.findall(r'^ +label="([^"]*)"', dot, flags=re.MULTILINE)
    written = [*node_labels.values(), *edge_labels, *box_labels]
    drawn = {text.text for text in svg.iter(f"{_SVG}text")}
    assert {line for label in written for line in label.split("\\n") if line} <= drawn


@needs_graphviz
def test_picture_draws_an_optional_read_apart_from_a_required_one():
    svg = diagrams.render_svg(diagrams.graph_text("examples/research_pipeline", "dot", ROOT))
    assert "may read" in svg and 'stroke-dasharray="1,5"' in svg and 'stroke-dasharray="5,2"' in svg


def test_picture_path_is_one_file_per_folder():
    assert diagrams.picture_path("examples/research_pipeline") == "diagrams/examples-research_pipeline.svg"
    assert diagrams.picture_path("examples/research_pipeline/") == diagrams.picture_path("examples/research_pipeline")

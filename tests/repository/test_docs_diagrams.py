"""The docs' state-flow pictures: the mermaid output of ``templating graph``, drawn in the browser.

The site build (``hooks/diagrams.py``) checks each marked block against the command; these
tests check the same without a build, that the block holds exactly the nodes and edges the
command's dot and JSON outputs hold, and that the site's markdown turns it into the element
Material for MkDocs draws (no system package such as Graphviz is needed to build the docs).
"""

from __future__ import annotations

import html
import importlib.util
import json
import re
from pathlib import Path

import markdown
import pytest
from mkdocs.config import load_config

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
FOLDERS = sorted({folder for _, folder, _ in MARKED})


def test_the_docs_mark_the_example_graphs_on_the_home_page_and_the_state_flow_page():
    assert {(page, folder) for page, folder, _ in MARKED} == {
        ("index.md", "examples/research_pipeline"),
        ("state-flow.md", "examples/research_pipeline"),
        ("state-flow.md", "examples/trip_workflow"),
    }


@pytest.mark.parametrize(("page", "folder", "mermaid"), MARKED)
def test_mermaid_source_is_the_commands_current_output(page, folder, mermaid):
    assert mermaid == diagrams.graph_text(folder, "mermaid", ROOT), f"{page}: run `templating graph {folder}`"


@pytest.mark.parametrize("folder", FOLDERS)
def test_mermaid_picture_holds_exactly_the_nodes_and_edges_of_the_dot_output(folder):
    mermaid = diagrams.graph_text(folder, "mermaid", ROOT)
    dot = diagrams.graph_text(folder, "dot", ROOT)
    dot_edges = sorted(re.findall(r"^ +(\w+) -> (\w+)", dot, flags=re.MULTILINE))
    mermaid_edges = sorted(re.findall(r"^ +(\w+) [-=.]+[>o](?:\|[^|\n]*\|)? (\w+)$", mermaid, flags=re.MULTILINE))
    assert dot_edges and dot_edges == mermaid_edges
    nodes = set(re.findall(r"^ +(\w+) \[", dot, flags=re.MULTILINE)) - {"node", "edge", "graph"}
    declared = set(re.findall(r"^ +(\w+)[\[({]", mermaid, flags=re.MULTILINE))
    assert nodes and nodes == declared


@pytest.mark.parametrize("folder", FOLDERS)
def test_mermaid_picture_names_every_agent_and_key_of_the_json_output(folder):
    graph = json.loads(diagrams.graph_text(folder, "json", ROOT))
    mermaid = diagrams.graph_text(folder, "mermaid", ROOT)
    agents = {agent["name"] for agent in graph["agents"]}
    keys = {read["key"] for agent in graph["agents"] for read in agent["reads"]}
    assert agents and keys
    for name in agents:
        assert f'["{name}<br/>' in mermaid, name
    for key in keys:
        assert f'[("{key}")]' in mermaid, key


def test_mermaid_picture_draws_an_optional_read_apart_from_a_required_one():
    mermaid = diagrams.graph_text("examples/research_pipeline", "mermaid", ROOT)
    assert "key0_critique -.-o|may read| agent3_critic" in mermaid
    assert "key1_findings -.->|reads| agent3_critic" in mermaid


def test_the_site_draws_each_marked_block_in_the_browser():
    """The site's own markdown settings make a marked block the ``<pre class="mermaid">`` that
    Material for MkDocs hands to mermaid, its text unchanged."""
    config = load_config(str(ROOT / "mkdocs.yml"))
    page, folder, mermaid = MARKED[0]
    text = (DOCS / page).read_text("utf-8")
    marked = next(match[0] for match in diagrams.GRAPH.finditer(text) if match["folder"] == folder)
    block = marked[marked.index("```") :]
    rendered = markdown.markdown(
        block, extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"]
    )
    assert rendered.startswith('<pre class="mermaid"><code>'), rendered[:80]
    assert html.unescape(rendered.removeprefix('<pre class="mermaid"><code>').split("</code>")[0]) == mermaid.rstrip(
        "\n"
    )

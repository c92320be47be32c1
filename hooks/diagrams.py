"""MkDocs hook: draw the agent graphs of the docs as SVG pictures, with Graphviz, at build time.

A page marks a graph with a comment naming the folder to draw, followed by that folder's
mermaid source (which GitHub draws, and which `tests/repository/test_docs_diagrams.py` keeps equal to
what ``templating graph FOLDER`` prints)::

    <!-- templating graph examples/research_pipeline -->

    ```mermaid
    flowchart TB
    ...
    ```

On the site the picture replaces them: the output of ``templating graph FOLDER --format dot``
rendered by Graphviz's ``dot`` into ``diagrams/FOLDER.svg``, then the mermaid source in a
folded block for those who want it. Nothing is fetched when the page is read: no script from
a CDN is needed to see the picture. A stale mermaid block fails the (strict) build.
"""

from __future__ import annotations

import logging
import posixpath
import re
import shutil
import subprocess
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.diagrams")

#: The marker and the mermaid block that follows it.
GRAPH = re.compile(
    r"^<!-- templating graph (?P<folder>[\w./-]+) -->\n\n```mermaid\n(?P<mermaid>.*?)^```\n", re.MULTILINE | re.DOTALL
)
#: Typography only: the graph itself is exactly what `templating graph --format dot` prints.
_DOT_OPTIONS = ["-Gfontname=DejaVu Sans", "-Nfontname=DejaVu Sans", "-Efontname=DejaVu Sans", "-Gbgcolor=transparent"]


def graph_text(folder: str, output_format: str, root: Path) -> str:
    """What ``templating graph FOLDER --format FORMAT`` prints, run from ``root``."""
    command = [sys.executable, "-m", "templating", "graph", folder, "--format", output_format]
    completed = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, timeout=120)
    if completed.returncode != 0:
        raise PluginError(f"`templating graph {folder}` failed: {completed.stderr.strip()}")
    return completed.stdout


def render_svg(dot_source: str) -> str:
    """``dot_source`` drawn by Graphviz as an SVG document."""
    dot = shutil.which("dot")
    if dot is None:
        raise PluginError("building the docs needs Graphviz's `dot` (Debian: apt-get install graphviz)")
    completed = subprocess.run(
        [dot, "-Tsvg", *_DOT_OPTIONS], input=dot_source, capture_output=True, text=True, check=False, timeout=120
    )
    if completed.returncode != 0:
        raise PluginError(f"Graphviz could not draw the graph: {completed.stderr.strip()}")
    return completed.stdout


def picture_path(folder: str) -> str:
    """Where the site keeps the picture of ``folder``."""
    return f"diagrams/{folder.strip('/').replace('/', '-')}.svg"


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Draw each marked graph once and add the pictures to the site's files."""
    root = Path(config.config_file_path).parent
    folders = sorted(
        {
            match["folder"]
            for page in Path(config.docs_dir).rglob("*.md")
            for match in GRAPH.finditer(page.read_text("utf-8"))
        }
    )
    for folder in folders:
        svg = render_svg(graph_text(folder, "dot", root))
        files.append(File.generated(config, picture_path(folder), content=svg))
    return files


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put the picture where the marker is, and fold the mermaid source under it."""
    root = Path(config.config_file_path).parent
    here = posixpath.dirname(page.file.src_uri) or "."

    def replace(match: re.Match[str]) -> str:
        folder, mermaid = match["folder"], match["mermaid"]
        if mermaid != graph_text(folder, "mermaid", root):
            log.warning(
                "%s: the mermaid block of %s differs from `templating graph %s`", page.file.src_uri, folder, folder
            )
        link = posixpath.relpath(picture_path(folder), here)
        source = "".join(f"    {line}\n" for line in ["```mermaid", *mermaid.splitlines(), "```"])
        return (
            f"[![The agents and state keys of {folder}, drawn by templating graph]({link})]({link})\n\n"
            f'??? note "The same graph in mermaid: `templating graph {folder}`"\n\n{source}'
        )

    return GRAPH.sub(replace, markdown)

"""MkDocs hook: keep the docs' agent graphs equal to what ``templating graph`` prints.

A page marks a graph with a comment naming the folder to draw, followed by that folder's
mermaid source (which GitHub draws, and which `tests/repository/test_docs_diagrams.py` keeps equal to
what ``templating graph FOLDER`` prints)::

    <!-- templating graph examples/research_pipeline -->

    ```mermaid
    flowchart TB
    ...
    ```

On the site, Material for MkDocs draws the block in the browser (the ``mermaid`` fence of
``pymdownx.superfences`` in ``mkdocs.yml``): building the docs needs no system package, only the
``docs`` extra. A block that differs from the command's current output is a warning, so the
(strict) build fails on a stale picture.
"""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import Files
from mkdocs.structure.pages import Page

log = logging.getLogger("mkdocs.hooks.diagrams")

#: The marker and the mermaid block that follows it.
GRAPH = re.compile(
    r"^<!-- templating graph (?P<folder>[\w./-]+) -->\n\n```mermaid\n(?P<mermaid>.*?)^```\n", re.MULTILINE | re.DOTALL
)


def graph_text(folder: str, output_format: str, root: Path) -> str:
    """What ``templating graph FOLDER --format FORMAT`` prints, run from ``root``."""
    command = [sys.executable, "-m", "templating", "graph", folder, "--format", output_format]
    completed = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, timeout=120)
    if completed.returncode != 0:
        raise PluginError(f"`templating graph {folder}` failed: {completed.stderr.strip()}")
    return completed.stdout


def on_page_markdown(markdown: str, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Warn of each marked mermaid block that is not the command's current output."""
    root = Path(config.config_file_path).parent
    for match in GRAPH.finditer(markdown):
        folder = match["folder"]
        if match["mermaid"] != graph_text(folder, "mermaid", root):
            log.warning(
                "%s: the mermaid block of %s differs from `templating graph %s`", page.file.src_uri, folder, folder
            )
    return markdown

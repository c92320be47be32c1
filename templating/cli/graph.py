"""``templating graph [PATH ...] --format mermaid|dot|json``: the agents and their state flow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from templating.cli.common import EXIT_OK, project_model
from templating.project.model.graph import GRAPH_FORMATS, format_graph
from templating.project.surfaces import spelling_of

__all__ = ["add_arguments"]


def add_arguments(graph: argparse.ArgumentParser) -> None:
    """Declare the ``graph`` options."""
    graph.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    graph.add_argument("--format", choices=GRAPH_FORMATS, default="mermaid", help="output format (default: mermaid)")
    graph.set_defaults(handler=_run_graph)


def _run_graph(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    model = project_model(paths)
    sys.stdout.write(format_graph(model, arguments.format, lambda path, word: spelling_of(path)(word)))
    return EXIT_OK

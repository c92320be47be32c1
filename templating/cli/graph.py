"""``templating graph [PATH ...] --format mermaid|dot|json``: the agents and their state flow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from templating.cli.common import EXIT_OK, UsageError, project_settings
from templating.project.model.graph import GRAPH_FORMATS, format_graph
from templating.project.reading import read_project

__all__ = ["add_arguments"]


def add_arguments(graph: argparse.ArgumentParser) -> None:
    """Declare the ``graph`` options."""
    graph.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    graph.add_argument("--format", choices=GRAPH_FORMATS, default="mermaid", help="output format (default: mermaid)")
    graph.set_defaults(handler=_run_graph)


def _run_graph(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    try:
        settings = project_settings(paths[0])
        model = read_project(
            paths, root=settings.root, include=settings.include, exclude=settings.exclude, dialect=settings.dialect
        )
    except FileNotFoundError as error:
        raise UsageError(str(error)) from None
    sys.stdout.write(format_graph(model, arguments.format))
    return EXIT_OK

"""``templating graph [PATH ...] --format mermaid|dot|json``: the agents and their state flow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from templating.cli.common import EXIT_OK, UsageError
from templating.project.graph import GRAPH_FORMATS, format_graph
from templating.project.reading import read_project

__all__ = ["add_graph_command"]


def add_graph_command(commands: argparse._SubParsersAction) -> None:
    """Register the ``graph`` subcommand."""
    graph = commands.add_parser("graph", help="draw the agent tree and which agent reads and writes which state key")
    graph.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    graph.add_argument("--format", choices=GRAPH_FORMATS, default="mermaid", help="output format (default: mermaid)")
    graph.set_defaults(handler=_run_graph)


def _run_graph(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    try:
        model = read_project(paths, root=Path.cwd())
    except FileNotFoundError as error:
        raise UsageError(str(error)) from None
    sys.stdout.write(format_graph(model, arguments.format))
    return EXIT_OK

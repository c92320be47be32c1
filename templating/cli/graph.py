"""``templating graph [PATH ...] --format mermaid|dot|json``: the agents and their state flow."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from templating.cli.common import EXIT_OK, is_shown, project_model
from templating.project.model.assembly import ProjectModel
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
    model = _shown(project_model(paths), paths)
    sys.stdout.write(format_graph(model, arguments.format, lambda path, word: spelling_of(path)(word)))
    return EXIT_OK


def _shown(model: ProjectModel, paths: list[Path]) -> ProjectModel:
    """What the graph draws of the project read whole: the agents and workflows defined under
    ``paths`` (with every agent they run, wherever it is defined) and the initial state there."""
    drawn: set[int] = set()
    # One walk over the agents below the shown ones: a walk from each shown agent would walk a
    # chain of agents nested 10,000 deep 10,000 times.
    stack = [agent for agent in model.agents if is_shown(agent.path, paths)]
    while stack:
        current = stack.pop()
        if id(current) not in drawn:
            drawn.add(id(current))
            stack.extend([*current.sub_agents, *current.agent_tools])
    workflows = tuple(workflow for workflow in model.workflows if is_shown(workflow.path, paths))
    initial = tuple(writer for writer in model.writers if writer.via == "initial" and is_shown(writer.path, paths))
    kept = tuple(agent for agent in model.agents if id(agent) in drawn)
    if len(kept) == len(model.agents) and len(workflows) == len(model.workflows):
        return model
    return ProjectModel(kept, initial, workflows=workflows)

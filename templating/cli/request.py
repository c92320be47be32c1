"""``templating request [PATH ...] --agent NAME [--state FILE] [--format text|json]``: what
google-adk 2.13.0 (or ``@google/adk`` 2.0.0 for an adk-js agent) sends on agent NAME's first
model call, without running anything.

The state is FILE's JSON object, by default the project's ``initial-state`` with its sample
``state`` over it (see `project_state`). The backend is the Gemini API unless the environment
selects Vertex AI as ADK reads it (``GOOGLE_GENAI_USE_ENTERPRISE``, else
``GOOGLE_GENAI_USE_VERTEXAI``). Exit codes: 0, 1 when ADK would raise before sending (a missing
key, named), 2 for usage errors.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError, project_model, project_settings, read_state
from templating.cli.request_output import request_json, request_lines
from templating.project.model.request import NotModeledError, agents_named, request_for
from templating.state_shape import is_schema, run_state

__all__ = ["add_arguments", "project_state", "read_state_file"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the ``request`` options."""
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders of the project (default: .)")
    parser.add_argument("--agent", required=True, metavar="NAME", help="the agent whose first model call to show")
    parser.add_argument(
        "--state", type=Path, metavar="FILE",
        help="a JSON object: the session state (default: the project's initial-state and sample state)",
    )  # fmt: skip
    parser.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")
    parser.set_defaults(handler=_run)


def _run(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    model = project_model(paths)
    found = agents_named(model, arguments.agent)
    if not found:
        names = sorted({agent.name for agent in model.agents if agent.kind == "llm"})
        known = f": the project's are {', '.join(f'`{name}`' for name in names[:20])}" if names else ""
        raise UsageError(f"no model-calling agent named `{arguments.agent}`{known}")
    if len(found) > 1:
        places = ", ".join(f"{agent.path}:{agent.line}" for agent in found)
        raise UsageError(f"{len(found)} agents are named `{arguments.agent}` ({places}): name a path that holds one")
    state = read_state_file(arguments.state) if arguments.state else project_state(paths[0])
    try:
        request = request_for(model, found[0], state)
    except NotModeledError as error:
        raise UsageError(str(error)) from None
    if arguments.format == "json":
        sys.stdout.write(request_json(request))
    else:
        sys.stdout.write("\n".join(request_lines(request)) + "\n")
    return EXIT_FAILURE if request.error is not None else EXIT_OK


def project_state(start: Path) -> dict[str, Any]:
    """The state a run of the project starts from, as far as its config says: its
    ``initial-state``, with its sample ``state`` over it (a JSON Schema holds no values)."""
    settings = project_settings([start])
    return run_state(settings.seeds, settings.state)


def read_state_file(file: Path) -> dict[str, Any]:
    """The session state in ``file``: a JSON object of values, not a JSON Schema."""
    state = read_state(file)
    if is_schema(state):
        raise UsageError(f"{file}: a JSON Schema, not a state: give the values a session starts with")
    return state

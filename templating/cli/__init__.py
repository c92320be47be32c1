"""The ``templating`` command line.

- ``templating lint [PATH ...]`` finds instruction hazards in Python, YAML and prompt files;
- ``templating graph [PATH ...] [--format mermaid|dot|json]`` draws agents and state flow;
- ``templating render FILE --state STATE.json [--explain]`` previews an instruction;
- ``templating rule TPLxxx`` explains a lint rule;
- ``templating server`` runs the language server over stdio (the ``server`` extra).

Exit codes: 0 success (no findings at or above the fail level), 1 findings or a template
that cannot be rendered, 2 usage, configuration or input/output errors.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from templating import __version__
from templating.cli.common import EXIT_FAILURE, EXIT_USAGE, UsageError
from templating.cli.graph import add_graph_command
from templating.cli.lint import add_lint_command
from templating.cli.render import add_render_command
from templating.cli.rule import add_rule_command
from templating.cli.server import add_server_command
from templating.printable import printable

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = _build_parser()
    arguments = parser.parse_args(argv)
    try:
        return arguments.handler(arguments)
    except UsageError as error:
        print(f"templating: error: {printable(str(error))}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        return _closed_output()
    except OSError as error:  # an input no command foresaw: an unreadable folder, a vanished file
        print(f"templating: error: {printable(_describe(error))}", file=sys.stderr)
        return EXIT_USAGE


def _describe(error: OSError) -> str:
    where = f"{error.filename}: " if error.filename else ""
    return f"{where}{error.strerror or error}"


def _closed_output() -> int:
    # The reader left (`| head`): stop quietly, and keep Python from failing to flush at exit.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())
    return EXIT_FAILURE


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="templating", description="Write, check and render the instructions of LLM agents."
    )
    parser.add_argument("--version", action="version", version=f"templating {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    add_lint_command(commands)
    add_graph_command(commands)
    add_render_command(commands)
    add_rule_command(commands)
    add_server_command(commands)
    return parser

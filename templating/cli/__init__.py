"""The ``templating`` command line.

- ``templating lint [PATH ...]`` finds instruction hazards in every language it reads (`LANGUAGES`);
- ``templating graph [PATH ...] [--format mermaid|dot|json]`` draws agents and state flow;
- ``templating cache-report [PATH ...]`` shows what keeps each agent's prompt from being cached;
- ``templating request [PATH ...] --agent NAME`` shows what ADK sends on an agent's first call;
- ``templating snapshot [PATH ...] [--check]`` keeps every agent's request as committed text;
- ``templating render FILE --state STATE.json [--explain]`` previews an instruction;
- ``templating rule TPLxxx`` explains a lint rule;
- ``templating server`` runs the language server over stdio (the ``server`` extra).

Exit codes: 0 success (no findings at or above the fail level), 1 findings or a template
that cannot be rendered, 2 usage, configuration or input/output errors.

Start-up is paid by every pre-commit run and editor save, so nothing heavy is imported here:
each command's module (and the compiler and linter behind it) is imported only when that
command runs, and only its own options are declared.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence

from templating import __version__
from templating.cli.common import EXIT_FAILURE, EXIT_USAGE, CommandParser, UsageError
from templating.printable import printable

__all__ = ["main"]

#: Every kind of file the linter reads (one per surface of `templating.project.surfaces`, which a
#: test holds this to; the registry itself is not imported here: start-up stays light).
LANGUAGES = (
    "Python, TypeScript/JavaScript (adk-js, ADK-TS), Go, Java and Kotlin agent code, "
    "ADK Agent Config YAML, SKILL.md skills, evaluation session files and prompt files"
)

#: Each command: the module that declares its options (``add_arguments``) and runs it, and the
#: line ``templating --help`` shows for it.
COMMANDS = {
    "lint": ("templating.cli.lint", f"find instruction hazards in {LANGUAGES}"),
    "graph": ("templating.cli.graph", "draw the agent tree and which agent reads and writes which state key"),
    "cache-report": (
        "templating.cli.cache_report",
        "show per agent the system instruction's stable prefix, what breaks it, and (--simulate) cache hits in a replay",
    ),
    "request": (
        "templating.cli.request",
        "show what ADK sends on an agent's first model call: the system instruction, piece by piece",
    ),
    "snapshot": (
        "templating.cli.snapshot",
        "keep every agent's request as committed text; --check fails when one is stale",
    ),
    "render": (
        "templating.cli.render",
        "render an instruction (a file, FILE.py:CONSTANT or --agent NAME) against a state file",
    ),
    "rule": ("templating.cli.rule", "explain a lint rule (a code such as TPL001, or its name)"),
    "server": ("templating.cli.server", "run the language server over stdio (for editors)"),
}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    words = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser(_command_named(words))
    if not words:
        # As ruff does: a bare command prints the help, as a usage error.
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    arguments = parser.parse_args(words)
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


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; only ``command``'s options are declared (its module imported), the others
    are listed by name and help line."""
    parser = CommandParser(
        prog="templating",
        description="Write, check and render the instructions of LLM agents.",
        epilog="For help with a command, see: `templating COMMAND --help`.",
    )
    parser.add_argument("-V", "--version", action="version", version=f"templating {__version__}")
    commands = parser.add_subparsers(
        dest="command", metavar="COMMAND", title="commands", required=True, parser_class=CommandParser
    )
    for name, (module, help_line) in COMMANDS.items():
        subparser = commands.add_parser(name, help=help_line, description=help_line[0].upper() + help_line[1:] + ".")
        if name == command:
            importlib.import_module(module).add_arguments(subparser)
    return parser


def _command_named(words: list[str]) -> str | None:
    """The command in ``words``: the first word not an option (the top-level options take no
    value, so nothing before it can be an option's value)."""
    for word in words:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None

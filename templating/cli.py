"""The ``templating`` command line.

``templating render FILE --state STATE.json`` previews an instruction as an agent would get
it. Exit codes: 0 success, 1 the template could not be rendered (a missing key, a syntax
error), 2 usage, configuration or input/output errors.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from templating.compiler import compile_template
from templating.context import ReadonlyContext
from templating.errors import TemplateError
from templating.syntax import DIALECT_NAMES

__all__ = ["main"]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A problem with the command line or its input files; exits with status 2."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with ``argv`` (default: ``sys.argv[1:]``); return the exit code."""
    parser = _build_parser()
    arguments = parser.parse_args(argv)
    try:
        return arguments.handler(arguments)
    except UsageError as error:
        print(f"templating: error: {error}", file=sys.stderr)
        return EXIT_USAGE


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="templating", description="Write, check and render the instructions of LLM agents."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    render = commands.add_parser("render", help="render an instruction file against a state file")
    render.add_argument("file", type=Path, help="the instruction template (a text file, '-' for stdin)")
    render.add_argument("--state", type=Path, help="a JSON file holding the session state (an object)")
    render.add_argument("--dialect", choices=DIALECT_NAMES, default="adk", help="template dialect (default: adk)")
    render.add_argument("--agent-name", default="", help="the agent name used in error messages")
    render.set_defaults(handler=_run_render)
    return parser


def _run_render(arguments: argparse.Namespace) -> int:
    text = _read_text(arguments.file)
    state = _read_state(arguments.state) if arguments.state else {}
    try:
        compiled = compile_template(text, dialect=arguments.dialect)
        context = ReadonlyContext(state, agent_name=arguments.agent_name)
        output = asyncio.run(compiled.render_async(context))
    except (TemplateError, NotImplementedError) as error:
        print(f"{arguments.file}: {_describe(error)}", file=sys.stderr)
        return EXIT_FAILURE
    sys.stdout.write(output)
    if output and not output.endswith("\n"):
        sys.stdout.write("\n")
    return EXIT_OK


def _describe(error: Exception) -> str:
    message = error.args[0] if error.args else str(error)
    line = getattr(error, "line", None)
    if line is None:
        return str(message)
    return f"{line}:{error.column}: {message}"


def _read_text(path: Path) -> str:
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read ({error.strerror})") from None


def _read_state(path: Path) -> dict[str, Any]:
    try:
        state = json.loads(_read_text(path))
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}: invalid JSON: {error.msg} (at line {error.lineno}, column {error.colno})") from None
    if not isinstance(state, dict):
        raise UsageError(f"{path}: the state must be a JSON object, got {type(state).__name__}")
    return state

"""``templating render FILE --state STATE.json [--explain]``: preview an instruction.

With ``--explain``, standard error lists which span of the output came from which key.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError, read_text
from templating.compiler import compile_template
from templating.context import ReadonlyContext
from templating.errors import TemplateError
from templating.nodes import Escape, Placeholder
from templating.parser import parse
from templating.render import state_value
from templating.source import line_and_column
from templating.syntax import DIALECT_NAMES, get_dialect

__all__ = ["add_render_command", "explain"]


def add_render_command(commands: argparse._SubParsersAction) -> None:
    """Register the ``render`` subcommand."""
    render = commands.add_parser("render", help="render an instruction file against a state file")
    render.add_argument("file", type=Path, help="the instruction template (a text file, '-' for stdin)")
    render.add_argument("--state", type=Path, help="a JSON file holding the session state (an object)")
    render.add_argument("--dialect", choices=DIALECT_NAMES, default="adk", help="template dialect (default: adk)")
    render.add_argument("--agent-name", default="", help="the agent name used in error messages")
    render.add_argument("--explain", action="store_true", help="list on stderr which output span came from which key")
    render.set_defaults(handler=_run_render)


def _run_render(arguments: argparse.Namespace) -> int:
    import asyncio  # here, not at the top: every `templating lint` run imports this module

    text = read_text(arguments.file)
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
    if arguments.explain:
        sys.stderr.write(explain(text, state, dialect=arguments.dialect))
    return EXIT_OK


def explain(text: str, state: dict[str, Any], *, dialect: str = "adk") -> str:
    """One line per placeholder: its output span, the key, its template position and value."""
    rules = get_dialect(dialect)
    output: list[str] = []
    lines = []
    for node in parse(text, dialect=dialect).nodes:
        if isinstance(node, Placeholder):
            value = state_value(state, node, rules, text, "") if not node.artifact else ""
            start = "".join(output)
            output.append(value)
            lines.append(_explain_line("".join(output), len(start), node, text, value))
        else:
            output.append(node.text if isinstance(node, Escape) else node.source)
    if not lines:
        return "explain: no placeholders; the output is the template text\n"
    return "".join(lines)


def _explain_line(rendered: str, start: int, node: Placeholder, text: str, value: str) -> str:
    out_line, out_column = line_and_column(rendered, start)
    end_line, end_column = line_and_column(rendered, len(rendered))
    in_line, in_column = line_and_column(text, node.span.start)
    kind = "artifact" if node.artifact else "key"
    preview = value if len(value) <= 40 else value[:37] + "..."
    return (
        f"output {out_line}:{out_column}-{end_line}:{end_column} <- {kind} `{node.key}` "
        f"({node.source!r} at template {in_line}:{in_column}) = {preview!r}\n"
    )


def _describe(error: Exception) -> str:
    message = error.args[0] if error.args else str(error)
    line = getattr(error, "line", None)
    if line is None:
        return str(message)
    return f"{line}:{error.column}: {message}"


def _read_state(path: Path) -> dict[str, Any]:
    try:
        state = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}: invalid JSON: {error.msg} (at line {error.lineno}, column {error.colno})") from None
    if not isinstance(state, dict):
        raise UsageError(f"{path}: the state must be a JSON object, got {type(state).__name__}")
    return state

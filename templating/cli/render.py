"""``templating render FILE --state STATE.json [--explain]``: preview an instruction.

FILE is a template file, or a Python agent's instruction named as ``FILE.py:CONSTANT`` or
``package.module:CONSTANT``; ``--agent NAME`` renders the instruction of the agent of that
name in the project. With ``--explain``, standard error lists every placeholder (the missing
ones too): which span of the output came from which key, where its value comes from, and what
in the agent code (``--project``, default the file's folder) writes each key.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError, project_model, read_state
from templating.cli.render_stream import render_to
from templating.cli.render_target import Target, resolve_target
from templating.dialects import DIALECT_NAMES, PORT_NAMES, get_dialect
from templating.dialects.dialect import Dialect
from templating.dialects.ports import group_ports, port_texts
from templating.errors import TemplateError
from templating.nodes import Escape, Placeholder
from templating.parser import iter_nodes
from templating.printable import escape_surrogates, printable
from templating.project.reading import SKILL_FILES, SkillError, skill_body
from templating.project.words import describe_writer
from templating.render import preview_value

__all__ = ["add_arguments", "explain_lines"]


def add_arguments(render: argparse.ArgumentParser) -> None:
    """Declare the ``render`` options."""
    render.add_argument(
        "file", type=Path, nargs="?",
        help="a template file ('-' for stdin), or a Python agent's instruction: FILE.py:CONSTANT or package.module:CONSTANT",
    )  # fmt: skip
    render.add_argument(
        "--agent",
        metavar="NAME",
        help="render the instruction of the agent of this name (found in --project, default .)",
    )
    render.add_argument("--state", type=Path, help="a JSON file holding the session state (an object)")
    render.add_argument("--dialect", choices=DIALECT_NAMES, default="adk", help="template dialect (default: adk)")
    render.add_argument("--agent-name", default="", help="the agent name used in error messages")
    render.add_argument("--explain", action="store_true", help="list on stderr which output span came from which key")
    render.add_argument(
        "--target-ports",
        help=f"with --explain, show each placeholder's text in these ADK ports where it differs ({','.join(PORT_NAMES)})",
    )
    render.add_argument(
        "--project", type=Path, action="append",
        help="the agent code to find --agent in, and whose writers --explain names (default: the file's folder)",
    )  # fmt: skip
    render.set_defaults(handler=_run_render)


def _run_render(arguments: argparse.Namespace) -> int:
    target = resolve_target(arguments.file, arguments.agent, arguments.project, arguments.dialect)
    arguments.file, text = target.name, target.text
    arguments.project = arguments.project or [target.folder]
    arguments.agent_name = arguments.agent_name or target.agent
    if Path(arguments.file).name in SKILL_FILES:
        text, inject = _skill_text(arguments.file, text)
        if not inject:  # google-adk sends the body as written
            sys.stdout.write(text + "\n")
            return EXIT_OK
    state = read_state(arguments.state) if arguments.state else {}
    output = _Output(sys.stdout)
    try:
        # Streamed, not `compile_template(...).render_async`: memory bounded by the input
        # whatever the template's size and the output's (`templating.stream`).
        render_to(text, state, output.write, dialect=arguments.dialect, agent_name=arguments.agent_name)
    except (TemplateError, NotImplementedError) as error:
        print(_describe(target, text, error), file=sys.stderr)
        if arguments.explain:  # every placeholder, the missing ones included: what to add to the state
            _explain(arguments, text, state, rendered=False)
        return EXIT_FAILURE
    output.finish()
    if arguments.explain:
        _explain(arguments, text, state, rendered=True)
    return EXIT_OK


class _Output:
    """Standard output, piece by piece. On a terminal, control characters from state values
    are shown escaped, never obeyed; in a pipe the text is what the model sees. A lone
    surrogate, which no encoding can write, is always escaped (each is one character, so
    escaping piece by piece is escaping the whole)."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.escape = (lambda text: printable(text, keep_newlines=True)) if stream.isatty() else escape_surrogates
        self.last = ""

    def write(self, text: str) -> None:
        """Print one piece of the output."""
        if text:
            self.stream.write(self.escape(text))
            self.last = text[-1]

    def finish(self) -> None:
        """End the output with a line break if it has text and lacks one."""
        if self.last and self.last != "\n":
            self.stream.write("\n")


def _explain(arguments: argparse.Namespace, text: str, state: dict[str, Any], *, rendered: bool) -> None:
    ports = _ports(arguments.target_ports)
    writers = _project_writers(arguments)
    for line in explain_lines(
        text, state, dialect=arguments.dialect, ports=ports, writers=writers, agent_name=arguments.agent_name or "",
        rendered=rendered,
    ):  # fmt: skip
        sys.stderr.write(printable(line, keep_newlines=True))


def _skill_text(file: str, text: str) -> tuple[str, bool]:
    """A skill file's body, as google-adk loads it, and whether it fills its placeholders."""
    try:
        return skill_body(text)
    except SkillError as error:
        raise UsageError(f"{file}:{error.line}:{error.column}: {error.message}") from None


def _ports(option: str | None) -> tuple[str, ...]:
    if option is None:
        return ()
    ports = tuple(dict.fromkeys(port.strip() for port in option.split(",") if port.strip()))
    unknown = [port for port in ports if port not in PORT_NAMES]
    if unknown:
        raise UsageError(f"unknown ADK port `{unknown[0]}` in --target-ports: expected one of {', '.join(PORT_NAMES)}")
    return ports


def explain_lines(
    text: str,
    state: dict[str, Any],
    *,
    dialect: str = "adk",
    ports: tuple[str, ...] = (),
    writers: Callable[[str], str] | None = None,
    agent_name: str = "",
    rendered: bool = True,
) -> Iterator[str]:
    """One line per placeholder: its output span, the key, its template position and value;
    with ``ports``, one more line with each port's text where the ports render it differently;
    when ``writers`` is given, what in the project writes the key. A missing key's error names
    ``agent_name``, as the render's does. When the render failed (``rendered`` false) nothing
    was printed, so no line names a span of the output. The template is read node by node and
    the lines come one at a time: a large template's explanation is printed as it is made,
    never held."""
    chosen = get_dialect(dialect)
    # Positions are kept running, never recomputed from the start: 20,000 placeholders stay linear.
    output, template = _Cursor(), _Cursor()
    template_offset = 0
    placeholders = 0
    for node in iter_nodes(text, chosen):
        if isinstance(node, Placeholder):
            value, source = _value_and_source(state, node, chosen, agent_name)
            template.advance(text[template_offset : node.span.start])
            template_offset = node.span.start
            start = output.position
            output.advance(value)
            span = f"output {start[0]}:{start[1]}-{output.line}:{output.column} <- " if rendered else ""
            line = span + _explain_line(template.position, node, value, source)
            if writers is not None and not node.artifact:
                line += f"    written by: {writers(node.key)}\n"
            placeholders += 1
            yield line
            if ports and not node.artifact and node.key in state:
                yield from _port_line(port_texts(state[node.key], ports))
        else:
            output.advance(node.text if isinstance(node, Escape) else node.source)
    if not placeholders:
        yield "explain: no placeholders; the output is the template text\n"


@dataclass(slots=True)
class _Cursor:
    """The 1-based line and column just after the text advanced over so far."""

    line: int = 1
    column: int = 1

    @property
    def position(self) -> tuple[int, int]:
        """The current line and column."""
        return self.line, self.column

    def advance(self, text: str) -> None:
        """Move past ``text``: lines are split on ``\\n`` only, columns count code points."""
        breaks = text.count("\n")
        if breaks:
            self.line += breaks
            self.column = len(text) - text.rfind("\n")
        else:
            self.column += len(text)


def _value_and_source(state: dict[str, Any], node: Placeholder, dialect: Dialect, agent_name: str) -> tuple[str, str]:
    """What a placeholder renders to and where that comes from; a missing key is said so (and
    rendered empty) rather than raised: the explanation lists every placeholder."""
    value, outcome, error = preview_value(state, node, dialect, agent_name)
    return value, _SOURCES[outcome].format(error=error)


_SOURCES = {
    "artifact": "an artifact: loaded at run time, not previewed",
    "missing": "missing: the render fails ({error})",
    "state": "from the state",
    "adk": "filled by ADK itself",
    "empty": "optional and missing: renders empty",
}


def _explain_line(where: tuple[int, int], node: Placeholder, value: str, source: str) -> str:
    kind = "artifact" if node.artifact else "key"
    preview = value if len(value) <= 40 else value[:37] + "..."
    return f"{kind} `{node.key}` ({node.source!r} at template {where[0]}:{where[1]}) = {preview!r} [{source}]\n"


def _port_line(texts: dict[str, str]) -> list[str]:
    """Each port's text, ports with the same text together, the odd ones out first."""
    if len(set(texts.values())) < 2:
        return []
    groups = group_ports(texts)
    return ["    ports differ: " + "  ".join(f"{', '.join(ports)}: {text!r}" for ports, text in groups) + "\n"]


def _project_writers(arguments: argparse.Namespace) -> Callable[[str], str] | None:
    """Names the writers of a key in the project ``--project`` (or the file's folder) holds;
    ``None`` when it holds no agent code, as beside a lone prompt file."""
    folders = arguments.project or [Path(".") if str(arguments.file) == "-" else arguments.file.parent]
    model = project_model(folders, dialect=arguments.dialect)
    if not model.agents and not model.writers:
        return None

    def writers(key: str) -> str:
        found = model.writers_of(key)
        return "; ".join(describe_writer(w) for w in found) if found else "nothing in the project"

    return writers


def _describe(target: Target, text: str, error: Exception) -> str:
    """``file:line:column: message`` as lint prints a position (in the file the text is
    written in: a Python constant's line in its module), or ``file: message`` without one. A
    missing key is placed at the key, where lint reports the same key (TPL011, TPL014)."""
    message = error.args[0] if error.args else str(error)
    span = getattr(error, "span", None)
    if span is None:
        return f"{target.name}: {message}"
    key = getattr(error, "key", None)
    found = text.find(key, span.start, span.end) if key else -1
    return f"{target.where(span.start if found < 0 else found)}: {message}"

"""``templating cache-report [PATH ...]``: per agent, how much of its system instruction a
prompt cache can reuse, what breaks it, and (with google-adk installed) a replay through ADK's
own context-cache manager before and after `split_static`.

The system instruction is what google-adk 2.13.0 assembles: a ``GlobalInstructionPlugin``'s
text first, then ``global_instruction``, ``static_instruction``, and ``instruction`` unless a
``static_instruction`` moves it into ``contents``. Its *stable prefix* is the text before the
first placeholder whose key changes during a run (as TPL023 judges it). Tokens are counted with
OpenAI's o200k encoding where the ``tokens`` extra (``bpe-openai``) is installed, else with
google-adk's own estimate, characters / 4.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
import warnings
from pathlib import Path
from typing import Any

from templating.cli.common import EXIT_OK, is_shown, project_model
from templating.lint.cache_rules import changing_writer
from templating.lint.project_rules import describe_writer
from templating.project.model.assembly import Agent, ProjectModel
from templating.project.model.facts import Writer
from templating.project.model.instruction import Instruction

__all__ = ["add_arguments", "count_tokens", "report_agent"]

# The order google-adk puts instructions into the system instruction.
# A `GlobalInstructionPlugin`'s text is read as a `global_instruction` too: both go first.
_ORDER = {"global_instruction": 0, "static_instruction": 1, "instruction": 2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the ``cache-report`` options."""
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    parser.add_argument(
        "--no-simulation", action="store_true", help="do not replay sessions through google-adk's cache manager"
    )
    parser.set_defaults(handler=_run)


def _run(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    model = project_model(paths)
    simulate = not arguments.no_simulation and importlib.util.find_spec("google.adk") is not None
    agents = [
        agent for agent in model.agents if agent.kind == "llm" and _system_parts(agent) and is_shown(agent.path, paths)
    ]
    if not agents:
        sys.stdout.write("No agent with an instruction found.\n")
    for agent in agents:
        sys.stdout.write(report_agent(model, agent, simulate=simulate) + "\n")
    return EXIT_OK


def count_tokens(text: str) -> tuple[int, str]:
    """``text``'s tokens and how they were counted: o200k with ``bpe-openai``, else characters / 4."""
    encoding = _o200k()
    if encoding is not None:
        return len(encoding.encode(text)), "o200k tokens"
    return len(text) // 4, "tokens by google-adk's estimate (characters / 4)"


@functools.cache
def _o200k() -> Any:
    """OpenAI's o200k encoding from the ``tokens`` extra, loaded once; ``None`` without it."""
    if importlib.util.find_spec("bpe_openai") is None:
        return None
    with warnings.catch_warnings():
        # bpe-openai 0.1.4 reads its vocabulary with a deprecated importlib.resources call.
        warnings.simplefilter("ignore", DeprecationWarning)
        import bpe_openai  # type: ignore[import-untyped, import-not-found, unused-ignore]

        return bpe_openai.get_encoding("o200k_base")


def report_agent(model: ProjectModel, agent: Agent, *, simulate: bool) -> str:
    """The report of one agent, as lines of text."""
    parts = _system_parts(agent)
    system = "".join(instruction.text for instruction in parts)
    changing, constant, prefix = _keys_and_prefix(model, agent, parts)
    total, unit = count_tokens(system)
    stable, _ = count_tokens(prefix)
    lines = [
        f"agent `{agent.name}` ({agent.path}:{agent.line}:{agent.column})",
        f"  system instruction: {total:,} {unit}; stable prefix: {stable:,}",
    ]
    for key, writer in changing.items():
        lines.append(f"  breaks it: `{key}`, changes during a run (written by {describe_writer(writer)})")
    if constant:
        lines.append(f"  session constants: {', '.join(f'`{key}`' for key in constant)} (same all session)")
    if simulate:
        # The replay needs a value for every key the agent reads, in `contents` too.
        every = dict.fromkeys(read.key for read in agent.reads)
        moving = tuple(key for key in every if key.startswith("temp:") or changing_writer(model, key) is not None)
        steady = tuple(key for key in every if key not in moving)
        lines.extend(f"  {line}" for line in _simulation_lines(agent, parts, moving, steady))
    return "\n".join(lines)


def _system_parts(agent: Agent) -> list[Instruction]:
    """The instructions that make up the agent's system instruction, in ADK's order."""
    parts = [
        instruction
        for instruction in agent.instructions
        if instruction.field in _ORDER and not (agent.static and instruction.field == "instruction")
    ]
    return sorted(parts, key=lambda instruction: _ORDER.get(instruction.field, 0))


def _keys_and_prefix(
    model: ProjectModel, agent: Agent, parts: list[Instruction]
) -> tuple[dict[str, Writer], list[str], str]:
    """The changing keys (with a writer), the session constants, and the stable prefix."""
    changing: dict[str, Writer] = {}
    constant: list[str] = []
    prefix: str | None = None
    done = ""
    for instruction in parts:
        reads = sorted((read for read in agent.reads if read.instruction is instruction), key=lambda r: r.group_start)
        for read in reads:
            writer = changing_writer(model, read.key)
            if writer is not None:
                changing.setdefault(read.key, writer)
                if prefix is None:
                    prefix = done + instruction.text[: read.group_start]
            elif read.key not in constant:
                constant.append(read.key)
        done += instruction.text
    return changing, constant, done if prefix is None else prefix


def _simulation_lines(
    agent: Agent, parts: list[Instruction], changing: tuple[str, ...], constant: tuple[str, ...]
) -> list[str]:
    from templating.cache_simulation import Layout, simulate
    from templating.split import SplitError, split_static

    text = {field: "".join(i.text for i in parts if i.field == field) for field in _ORDER}
    if agent.static and not text["static_instruction"]:
        return ["simulation: skipped (its `static_instruction` is not a text the linter can read)"]
    own = text["instruction"] if not agent.static else _own_instruction(agent)
    layout = Layout(agent.name, own, text["static_instruction"] or None, text["global_instruction"] or None)
    try:
        before = simulate(layout, changing_keys=changing, session_keys=constant)
    except Exception as error:  # noqa: BLE001 - the replay runs the user's text through google-adk
        return [f"simulation: could not run ({type(error).__name__}: {error})"]
    lines = [
        f"simulation (3 sessions x 8 turns, google-adk's cache manager): {before.hits}/{before.requests} cache hits"
    ]
    if layout.static_instruction is None and changing:
        try:
            split = split_static(own)
        except SplitError as error:
            return [*lines, f"split_static refuses: {error}"]
        split_layout = Layout(agent.name, split.dynamic, split.static, layout.global_instruction)
        after = simulate(split_layout, changing_keys=changing, session_keys=constant)
        lines.append(f"after split_static: {after.hits}/{after.requests} cache hits")
    return lines


def _own_instruction(agent: Agent) -> str:
    return "".join(instruction.text for instruction in agent.instructions if instruction.field == "instruction")

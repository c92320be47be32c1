"""``templating cache-report [PATH ...] [--simulate]``: per agent, how much of its system
instruction a prompt cache can reuse, what breaks it, and (``--simulate``, with google-adk
installed) a replay through ADK's own context-cache manager before and after `split_static`.

The system instruction is the one the request assembly builds (`templating.project.model.request`,
as `templating request` shows it): a ``GlobalInstructionPlugin``'s text first, the root's
``global_instruction``, ``static_instruction``, ``instruction`` unless a ``static_instruction``
moves it into ``contents``, then ADK's identity and transfer texts. Its *stable prefix* is the
text before the first placeholder whose key changes during a run (as TPL023 judges it), or
before a piece the code does not show. Tokens are counted with OpenAI's o200k encoding where the
``tokens`` extra (``bpe-openai``) is installed, else with google-adk's own estimate, characters / 4;
piece by piece, and ADK's transfer text target by target (where one agent has many sub-agents,
each lists all the others: counted whole, the report would grow as the square of the agents).
An agent of a port whose request is not modeled is read from its instructions alone.
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
from templating.project.model.assembly import Agent, ProjectModel
from templating.project.model.facts import Read, Writer
from templating.project.model.request import Layout, system_layout
from templating.project.words import describe_writer

__all__ = ["add_arguments", "count_tokens", "report_agent"]

# The order google-adk puts instructions into the system instruction, for an agent whose
# request is not modeled (another port).
_ORDER = {"global_instruction": 0, "static_instruction": 1, "instruction": 2}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Declare the ``cache-report`` options."""
    parser.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .)")
    parser.add_argument(
        "--simulate", action="store_true",
        help="replay 3 sessions x 8 turns of each agent through google-adk's cache manager (about 0.3 s an agent)",
    )  # fmt: skip
    # Before the replay was asked for, it ran unless this was given: still accepted.
    parser.add_argument("--no-simulation", action="store_true", help=argparse.SUPPRESS)
    parser.set_defaults(handler=_run)


def _run(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    model = project_model(paths)
    simulate = arguments.simulate and importlib.util.find_spec("google.adk") is not None
    agents = [
        agent for agent in model.agents if agent.kind == "llm" and agent.instructions and is_shown(agent.path, paths)
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


def _tokens(text: str) -> int:
    """`count_tokens` without the unit: how the report measures a text, piece by piece."""
    return count_tokens(text)[0]


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
    layout = system_layout(model, agent)
    unit = count_tokens("")[1]
    if layout is not None:
        reads, note = layout.reads, ""
        total, stable = layout.measure(_tokens, lambda read: model.changing_writer(read.key) is not None)
    else:
        system, prefix, reads = _instructions_only(model, agent)
        note = " (its instructions only: the request of its port is not modeled)"
        total, stable = _tokens(system), _tokens(prefix)
    changing, constant, unwritten = _keys(model, reads)
    lines = [
        f"agent `{agent.name}` ({agent.path}:{agent.line}:{agent.column})",
        f"  system instruction{note}: {total:,} {unit}; stable prefix: {stable:,}",
    ]
    for key, writer in changing.items():
        lines.append(f"  breaks it: `{key}`, changes during a run (written by {describe_writer(writer)})")
    if constant:
        lines.append(f"  session constants: {', '.join(f'`{key}`' for key in constant)} (same all session)")
    if unwritten:
        lines.append(
            f"  written by nothing in the project: {', '.join(f'`{key}`' for key in unwritten)} "
            "(constant if every session starts with it; the run fails without it)"
        )
    if simulate:
        # The replay needs a value for every key the agent reads, in `contents` too.
        every = dict.fromkeys(read.key for read in agent.reads)
        moving = tuple(key for key in every if key.startswith("temp:") or model.changing_writer(key) is not None)
        steady = tuple(key for key in every if key not in moving)
        texts = _texts(layout) if layout is not None else _texts_of_instructions(agent)
        lines.extend(f"  {line}" for line in _simulation_lines(agent, texts, moving, steady))
    return "\n".join(lines)


def _keys(model: ProjectModel, reads: list[Read]) -> tuple[dict[str, Writer], list[str], list[str]]:
    """The changing keys of the system instruction (with a writer), the session constants, and
    the keys nothing writes (no constant to count on: the run fails without them)."""
    changing: dict[str, Writer] = {}
    read_only: list[str] = []
    for read in reads:
        writer = model.changing_writer(read.key)
        if writer is not None:
            changing.setdefault(read.key, writer)
        elif read.key not in read_only:
            read_only.append(read.key)
    # A key only the initial state writes is constant; one nothing writes is no constant to count on.
    constant = [key for key in read_only if model.writers_of(key)]
    unwritten = [key for key in read_only if not model.writers_of(key)]
    return changing, constant, unwritten


def _instructions_only(model: ProjectModel, agent: Agent) -> tuple[str, str, list[Read]]:
    """The system text, stable prefix and reads of an agent of a port whose request is not
    modeled: its instructions in google-adk's order."""
    parts = sorted(
        (i for i in agent.instructions if i.field in _ORDER and not (agent.static and i.field == "instruction")),
        key=lambda instruction: _ORDER[instruction.field],
    )
    reads, prefix, done = [], None, ""
    for instruction in parts:
        own = sorted((read for read in agent.reads if read.instruction is instruction), key=lambda r: r.group_start)
        reads.extend(own)
        first = next((read for read in own if model.changing_writer(read.key) is not None), None)
        if prefix is None and first is not None:
            prefix = done + instruction.text[: first.group_start]
        done += instruction.text
    return done, done if prefix is None else prefix, reads


def _texts(layout: Layout) -> dict[str, str]:
    """The texts of the replayed agent's fields: its plugins', its static and its own instruction
    (ADK adds the identity line itself)."""
    texts: dict[str, list[str]] = {"global_instruction": [], "static_instruction": [], "instruction": []}
    for piece, _ in layout:
        field = "global_instruction" if piece.kind in ("plugin", "global_instruction") else piece.kind
        if field in texts and piece.template is not None:
            texts[field].append(piece.template)
    own = [i.text for i in layout.agent.own_instructions if i.field == "instruction"]
    return {"global_instruction": "\n\n".join(texts["global_instruction"]),
            "static_instruction": "\n\n".join(texts["static_instruction"]), "instruction": "".join(own)}  # fmt: skip


def _texts_of_instructions(agent: Agent) -> dict[str, str]:
    return {field: "".join(i.text for i in agent.instructions if i.field == field) for field in _ORDER}


def _simulation_lines(
    agent: Agent, text: dict[str, str], changing: tuple[str, ...], constant: tuple[str, ...]
) -> list[str]:
    from templating.cache_simulation import Layout as Replayed
    from templating.cache_simulation import simulate
    from templating.split import SplitError, split_static

    if agent.static and not text["static_instruction"]:
        return ["simulation: skipped (its `static_instruction` is not a text the linter can read)"]
    own = text["instruction"]
    layout = Replayed(agent.name, own, text["static_instruction"] or None, text["global_instruction"] or None)
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
        split_layout = Replayed(agent.name, split.dynamic, split.static, layout.global_instruction)
        after = simulate(split_layout, changing_keys=changing, session_keys=constant)
        lines.append(f"after split_static: {after.hits}/{after.requests} cache hits")
    return lines

"""TPL023 and TPL024: values that change during a run, where a cache needs stable text.

A key *changes during a run* when something writes it after the session starts: an
``output_key``, a tool, a callback, an event's ``state_delta``, a custom agent; or when no
writer of it is known but the project has an unknown writer (a non-literal key) that may write
it. A key written only as initial state is a session constant. A key nothing writes is left
alone: the model cannot know.

Both rules read the system instruction as the request assembly builds it
(`templating.project.model.request`): a ``GlobalInstructionPlugin``'s text and the root's
``global_instruction`` are in every agent's, an ``instruction`` next to a ``static_instruction``
is not (ADK sends it in ``contents``), and ADK's identity and transfer texts follow the
agent's own. An agent of a port whose request is not modeled is read from its instructions.
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.lint.hazard import Hazard, shorten
from templating.project.model.facts import Read, Writer
from templating.project.model.instruction import Instruction
from templating.project.model.project_model import Agent, ProjectModel
from templating.project.model.request import system_layout
from templating.project.words import describe_writer

__all__ = ["find_cache_hazards", "find_static_after_changing"]

#: Tokens of fixed text after a changing value from which TPL024 speaks: the lowest floor of
#: the providers' prefix caches.
STATIC_TOKENS = 1024
# google-adk's own estimate of tokens (gemini_context_cache_manager.py): characters / 4.
_CHARACTERS_PER_TOKEN = 4
_SPLIT_HELP = (
    "put the fixed text in `static_instruction` and the changing lines in `instruction` "
    "(`templating.split_static` makes the two parts), or write the value into the user's message"
)


def find_cache_hazards(model: ProjectModel) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL023: a changing value in a system instruction of an app with a context cache."""
    reported: set[tuple[str, int, int]] = set()
    for app, agents in model.cached_apps:
        where = f"{app.path}:{app.line}:{app.column}"
        for agent in agents:
            for read in _system_reads(model, agent):
                writer = model.changing_writer(read.key)
                if writer is None or (read.path, read.line, read.column) in reported:
                    continue
                reported.add((read.path, read.line, read.column))
                yield read.instruction, Hazard(
                    "TPL023", read.start, read.end,
                    f"`{shorten(read.key)}` changes during a run ({_writer_text(writer)}) and is in the system "
                    f"instruction of agent `{agent.name}`, whose app ({where}) has a context cache: google-adk "
                    "fingerprints the whole system instruction, so the cache is never used",
                    _SPLIT_HELP,
                )  # fmt: skip


def find_static_after_changing(model: ProjectModel) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL024: ~1,024 tokens or more of fixed text after the first changing placeholder of an
    agent's system instruction (its own text, then what ADK puts after it)."""
    reported: set[tuple[str, int, int]] = set()
    for agent in model.agents:
        for read, fixed in _fixed_after_changing(model, agent):
            tokens = fixed // _CHARACTERS_PER_TOKEN
            if tokens < STATIC_TOKENS or (read.path, read.line, read.column) in reported:
                continue
            reported.add((read.path, read.line, read.column))
            yield read.instruction, Hazard(
                "TPL024", read.start, read.end,
                f"about {tokens:,} tokens of fixed text follow `{shorten(read.key)}`, which changes during a "
                "run: a provider's prefix cache cannot reuse them",
                _SPLIT_HELP.replace("write the value into the user's message", "move the changing line to the end"),
            )  # fmt: skip


def _fixed_after_changing(model: ProjectModel, agent: Agent) -> Iterator[tuple[Read, int]]:
    """The first changing read of the agent's system instruction and the fixed characters after
    it; for an agent whose request is not modeled, that of each of its instructions."""
    layout = system_layout(model, agent) if agent.kind == "llm" else None
    if layout is not None:
        if layout.length // _CHARACTERS_PER_TOKEN >= STATIC_TOKENS:  # else no read can be followed by enough
            first = next((read for read in layout.reads if model.changing_writer(read.key) is not None), None)
            if first is not None:
                yield first, layout.fixed_after(first)
        return
    by_instruction: dict[int, list[Read]] = {}
    for read in agent.reads:
        by_instruction.setdefault(id(read.instruction), []).append(read)
    for reads in by_instruction.values():
        text = reads[0].instruction.text
        if len(text) // _CHARACTERS_PER_TOKEN < STATIC_TOKENS:
            continue
        first = next((read for read in reads if model.changing_writer(read.key) is not None), None)
        if first is not None:
            later = sum(read.group_end - read.group_start for read in reads if read.group_start >= first.group_end)
            yield first, len(text) - first.group_end - later


def _system_reads(model: ProjectModel, agent: Agent) -> Iterator[Read]:
    """The reads of ``agent`` that land in its system instruction."""
    layout = system_layout(model, agent)
    if layout is not None:
        yield from layout.reads
        return
    for read in agent.reads:  # not modeled: all of them, but an instruction a static one moves
        if not (agent.static and read.instruction.field == "instruction"):
            yield read


def _writer_text(writer: Writer) -> str:
    if writer.key is None:
        return f"nothing is known to write it, and {describe_writer(writer)} may write any key"
    return f"written by {describe_writer(writer)}"

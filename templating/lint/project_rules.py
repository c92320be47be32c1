"""The rules that need the whole project: TPL014, TPL015 and TPL016.

They run once per lint run, on the model assembled from every file's facts
(`templating.project.model.assembly.assemble`), never per file: a write in one file answers a
read in another. TPL014 and TPL015 report at a placeholder's key, as TPL011 does (``(instruction, hazard)`` pairs
the linter turns into findings like any other); TPL016 at the statement that writes.
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.lint.hazard import Hazard, shorten
from templating.lint.port_words import words_for
from templating.lint.remedies import code_reason, literal_braces
from templating.lint.suggestions import COMPARISONS, suggest_key
from templating.project.model.apps import AppScopes
from templating.project.model.assembly import Agent, ProjectModel, iter_tree
from templating.project.model.facts import Read, SessionWrite
from templating.project.model.instruction import Instruction
from templating.project.model.order import find_late_reads
from templating.project.surfaces import spelling_of
from templating.project.words import describe_writer

__all__ = [
    "DECLARE_HELP", "describe_writer", "find_late_read_hazards", "find_session_writes", "find_unwritten_keys",
    "session_write_message", "unwritten_help", "weakened_agents",
]  # fmt: skip

DECLARE_HELP = "if sessions start with it, declare it with `--initial-state` or `initial-state` in `[tool.templating]`"
_SESSION_HELP = "write state from a tool or callback (`{state_write}`), an event's `{state_delta}`, or `{session_seed}`"


def find_unwritten_keys(
    model: ProjectModel, known_keys: frozenset[str] | None, seed_keys: frozenset[str] = frozenset()
) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL014: required placeholders of an agent whose key nothing in the project writes and
    the initial state (``seed_keys``) does not hold. A sample state (``known_keys``) writes
    nothing: a key it lacks is TPL011's to report, one it holds is still unwritten."""
    apps = AppScopes(model)
    has_prefixes = bool(model.written_prefixes())
    weakened = weakened_agents(model)
    # Both are asked once per path and per key: a module with 1,000 agents reading the same
    # keys would otherwise compare every read with every written key.
    unknown_initial_state: dict[str, bool] = {}
    suggestions: dict[tuple[str, frozenset[int]], str | None] = {}
    comparisons = COMPARISONS
    # An instruction several agents read (a plugin's, a skill's) is reported once, for the
    # first of them to run: roots before the agents they run.
    reported: set[tuple[str, int, int]] = set()
    for agent in sorted(model.agents, key=lambda agent: agent.is_sub_agent):
        if agent.workflow_node or id(agent) in weakened:
            continue  # a workflow node's reads are judged over the workflow's order
        for starts in apps.groups(agent):  # each app that runs it, one at a time
            if starts:
                any_key = apps.seeds_any_key(starts)
            else:  # in no known app: a seed that is not a literal near it may hold the key
                if agent.path not in unknown_initial_state:
                    unknown_initial_state[agent.path] = model.seeds_any_key(agent.path)
                any_key = unknown_initial_state[agent.path]
            if any_key:
                continue
            written = apps.written_keys(starts)  # its own app's state
            prefixes = apps.written_prefixes(starts) if has_prefixes else ()
            for read in agent.reads:
                if (
                    read.optional
                    or read.key in written
                    or read.key in seed_keys
                    or (read.path, read.line, read.column) in reported
                ):
                    continue
                if any(read.key.startswith(prefix) for prefix in prefixes):
                    continue  # an f-string key with this prefix may be it
                if known_keys is not None and read.key not in known_keys:
                    continue  # TPL011 reports it against the sample
                reported.add((read.path, read.line, read.column))
                if (read.key, starts) not in suggestions:
                    # A did-you-mean compares the key with every written key: bounded per run.
                    affordable = comparisons >= len(written)
                    comparisons -= len(written) if affordable else 0
                    suggestions[read.key, starts] = suggest_key(read.key, written) if affordable else None
                suggestion = suggestions[read.key, starts]
                hint = f"did you mean `{suggestion}`? " if suggestion else ""
                yield read.instruction, Hazard(
                    "TPL014", read.start, read.end, _unwritten_message(read, agent, model, starts, apps),
                    unwritten_help(read) or hint + DECLARE_HELP,
                )  # fmt: skip


def _unwritten_message(read: Read, agent: Agent, model: ProjectModel, starts: frozenset[int], apps: AppScopes) -> str:
    """TPL014's words: nothing in the project writes the key, or nothing in the app that runs
    the agent does (another app's writer names where it is)."""
    outcome = words_for(read.instruction.dialect).missing
    message = f"`{shorten(read.key)}` is read by agent `{agent.name}`, but nothing in the project writes it"
    elsewhere = next(iter(model.writers_of(read.key)), None) if starts else None
    if elsewhere is not None:
        start = apps.starts[min(starts)]
        how = "the runner" if not start.loader else "`adk web`, `adk run` or devtools"
        message = (
            f"`{shorten(read.key)}` is read by agent `{agent.name}`, but nothing in its app (started by {how} "
            f"at {start.path}:{start.line}) writes it; only {elsewhere.path}:{elsewhere.line}, another app's state, does"
        )
    return message + (f": {outcome}" if outcome else "")


def unwritten_help(read: Read) -> str | None:
    """The help of a read nothing writes that is probably code (``print(f"{total}")``): no
    initial state makes code a key, so its braces are to be kept as text; ``None`` otherwise."""
    reason = code_reason(read.instruction.text, read.group_start, read.key)
    if reason is None:
        return None
    group = shorten(read.instruction.text[read.group_start : read.group_end])
    return f"`{group}` is probably code, not a key ({reason}): to keep its braces, {literal_braces(read.instruction)}"


def weakened_agents(model: ProjectModel) -> set[int]:
    """Agents (by id) that run in a tree where some agent's tools, callbacks or code write a key
    that is not a literal: such a writer may have written any key the agent reads."""
    weakened: set[int] = {id(agent) for agent in model.agents if agent.unknown}
    for root in model.roots:
        members = list(iter_tree(root))
        if any(agent.unknown for agent in members):
            weakened.update(id(agent) for agent in members)
    return weakened


def find_late_read_hazards(model: ProjectModel) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL015: a read whose key is written only after the agent runs."""
    for late in find_late_reads(model):
        first = late.writers[0]
        own = first.agent == late.agent.name
        if not first.carried:
            when = (f"by {describe_writer(first)}, but this port drops `temp:` keys from the events it "
                    "appends, so no later agent sees it")  # fmt: skip
        elif own and first.via == "output_key":
            when = f"by its own `{spelling_of(first.path)('output_key')}`, after it answers"
        elif own and first.function:
            when = f"by its own {first.via} `{first.function}`, only after its first model call"
        else:
            when = f"only later, by {describe_writer(first)}"
        optional = f"make the placeholder optional (`{{{shorten(late.read.key)}?}}`)"
        if own and first.carried:  # no writer to move: the agent writes it only after its first model call
            callback = spelling_of(late.read.instruction.source.path)("before_agent_callback")
            help_line = (f"give it a value before the agent's first model call (the initial state, an agent that "
                         f"runs earlier, or its `{callback}`), or {optional}")  # fmt: skip
        else:
            help_line = f"run the writer earlier, write an initial value, or {optional}"
        yield late.read.instruction, Hazard(
            "TPL015", late.read.start, late.read.end,
            f"agent `{late.agent.name}` reads `{shorten(late.read.key)}` before it is written: it is written {when}",
            help_line,
        )  # fmt: skip


def find_session_writes(model: ProjectModel) -> list[SessionWrite]:
    """TPL016: writes to the state of a session from a session service, in write order."""
    return sorted(model.session_writes, key=lambda w: (w.path, w.line, w.column))


def session_write_message(write: SessionWrite) -> tuple[str, str]:
    """The message and help line of a TPL016 finding."""
    key = f"`{shorten(write.key)}`" if write.key else "a key"
    spell = spelling_of(write.path)
    return (
        f"{key} is written to a session's state directly: no event records it and persistent services lose it",
        _SESSION_HELP.format(
            state_write=spell("tool_context.state[...]"),
            state_delta=spell("state_delta"),
            session_seed=spell("create_session(state=...)"),
        ),
    )

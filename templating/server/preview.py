"""The preview of an instruction: the text the model gets at the project's sample state.

The ``templating/preview`` request answers with the agent, the state it was rendered at, and
a list of **sections**, each a titled piece of the request with its source and its text as
**parts**: plain text, a placeholder (what it rendered to, where that came from, whether
anything in the project writes its key, and the codes of the findings on it), or a value only
known at run time. The state is the one a run starts from: the ``initial-state`` with the
sample ``state`` over it. A key is *missing* when that state lacks it (the render fails) and
*unwritten* where rule TPL014 would report it with no sample state configured (the sample
writes nothing: TPL011 reports a key it lacks in TPL014's place).

The first section is the instruction under the cursor; `preview_request` appends the rest of
the request the agent's model call gets (plugin text, static instruction, identity, transfer)
as more sections of the same shape, so a client that shows sections shows it unchanged.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from templating.dialects import get_dialect
from templating.errors import TemplateError
from templating.lint.finding import Finding
from templating.lint.project_rules import find_unwritten_keys
from templating.lint.settings import Settings
from templating.nodes import Escape, Placeholder
from templating.parser import iter_nodes
from templating.project.model.assembly import ProjectModel
from templating.project.model.instruction import RUNTIME_VALUE, Instruction
from templating.render import preview_value
from templating.state_shape import is_schema, run_state

__all__ = ["instruction_preview", "sample_state", "unwritten_reads"]


def sample_state(settings: Settings) -> tuple[Mapping[str, Any], str]:
    """The state a preview renders at (a run's: the ``initial-state`` with the sample ``state``
    over it, as `templating request` renders), and how to say where it came from."""
    sample, seeds = settings.state, settings.seeds
    state = run_state(seeds, sample)
    if sample is None or is_schema(sample):
        if seeds is not None:
            return state, f"the initial-state ({len(state)} keys)"
        if sample is None:
            return {}, "no sample state (set `state` in [tool.templating]): every key is missing"
        return {}, "the `state` file is a JSON Schema, which holds no values: every key is missing"
    if seeds is not None:
        return state, f"the initial-state and sample state ({len(state)} keys)"
    return state, f"the sample state ({len(state)} keys)"


def unwritten_reads(model: ProjectModel, instruction: Instruction, settings: Settings) -> frozenset[int]:
    """The offsets in ``instruction``'s text of the keys nothing in the project writes (TPL014's
    reads, judged without the sample state)."""
    place = (instruction.source.path, instruction.offsets[0] if instruction.offsets else 0, instruction.field)
    return frozenset(
        hazard.start
        for read, hazard in find_unwritten_keys(model, None, settings.seed_keys)
        if (read.source.path, read.offsets[0] if read.offsets else 0, read.field) == place
    )


def instruction_preview(
    instruction: Instruction,
    uri: str,
    settings: Settings,
    agent: str | None,
    findings: Sequence[Finding],
    unwritten: Collection[int] = (),
) -> dict[str, Any]:
    """The preview of ``instruction`` (of the file at ``uri``) at the sample state of
    ``settings``, for the agent named ``agent``; ``findings`` are its file's, marked on the
    placeholders they lie on, and ``unwritten`` the offsets of the reads nothing writes."""
    state, described = sample_state(settings)
    dialect = instruction.dialect or settings.dialect
    line, character = instruction.position(0)
    section: dict[str, Any] = {
        "title": instruction.field,
        "uri": uri,
        "line": line - 1,
        "character": character - 1,
    }
    if not instruction.injected:
        section["note"] = "ADK sends it as written: no placeholder is filled"
        section["parts"] = _merged(_text_parts(instruction.text, instruction, 0))
    else:
        try:
            marks = _Marks(_by_line(findings), sorted(unwritten))
            section["parts"] = _merged(_parts(instruction, state, dialect, agent or "", marks))
        except TemplateError as error:
            section["note"] = f"cannot be parsed: {error}"
            section["parts"] = _merged(_text_parts(instruction.text, instruction, 0))
    placeholders = [part for part in section["parts"] if part["kind"] == "placeholder"]
    return {
        "agent": agent,
        "dialect": dialect,
        "state": described,
        "sections": [section],
        "missing": _keys(part for part in placeholders if part["outcome"] == "missing"),
        "unwritten": _keys(part for part in placeholders if part["unwritten"]),
    }


@dataclass(frozen=True, slots=True)
class _Marks:
    """What is marked on placeholders: the file's findings by line, the unwritten reads."""

    findings: Mapping[int, list[Finding]]
    #: Sorted: each placeholder looks its own span up (never every read for every placeholder).
    unwritten: list[int]

    def is_unwritten(self, node: Placeholder) -> bool:
        """Whether a read nothing writes lies in ``node``'s characters."""
        index = bisect.bisect_left(self.unwritten, node.span.start)
        return index < len(self.unwritten) and self.unwritten[index] < node.span.end


def _parts(
    instruction: Instruction, state: Mapping[str, Any], dialect_name: str, agent: str, marks: _Marks
) -> Iterator[dict[str, Any]]:
    dialect = get_dialect(dialect_name)
    for node in iter_nodes(instruction.text, dialect):
        if isinstance(node, Placeholder):
            value, outcome, error = preview_value(state, node, dialect, agent)
            part = {
                "kind": "placeholder",
                "text": value,
                "key": node.key,
                "source": node.source,
                "outcome": outcome,
                "unwritten": marks.is_unwritten(node),
                "codes": _codes_on(instruction, node, marks.findings),
            }
            if error is not None:
                part["error"] = error
            yield part
        else:
            text = node.text if isinstance(node, Escape) else node.source
            yield from _text_parts(text, instruction, node.span.start)


def _text_parts(text: str, instruction: Instruction, start: int) -> Iterator[dict[str, Any]]:
    """``text`` (at ``start`` of the instruction) as plain parts, with each value an f-string
    inserts at run time as a part of its own."""
    if RUNTIME_VALUE not in text or not instruction.interpolations:
        yield {"kind": "text", "text": text}
        return
    expressions = {item.offset: item.expression for item in instruction.interpolations}
    last = 0
    for index, character in enumerate(text):
        if character == RUNTIME_VALUE and start + index in expressions:
            yield {"kind": "text", "text": text[last:index]}
            yield {"kind": "runtime", "text": expressions[start + index]}
            last = index + 1
    yield {"kind": "text", "text": text[last:]}


def _merged(parts: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The parts with neighbouring plain texts joined (once, not piece by piece: a long
    instruction has many) and empty ones left out."""
    merged: list[dict[str, Any]] = []
    texts: list[str] = []

    def flush() -> None:
        text = "".join(texts)
        texts.clear()
        if text:
            merged.append({"kind": "text", "text": text})

    for part in parts:
        if part["kind"] == "text":
            texts.append(part["text"])
        else:
            flush()
            merged.append(part)
    flush()
    return merged


def _by_line(findings: Sequence[Finding]) -> dict[int, list[Finding]]:
    lines: dict[int, list[Finding]] = defaultdict(list)
    for finding in findings:
        lines[finding.line].append(finding)
    return lines


def _codes_on(instruction: Instruction, node: Placeholder, findings: Mapping[int, list[Finding]]) -> list[str]:
    """The codes of the findings that start on ``node``'s characters in the source."""
    start = instruction.position(node.span.start)
    end = instruction.end_position(node.span.end)
    found = {
        finding.code
        for line in range(start[0], end[0] + 1)
        for finding in findings.get(line, ())
        if start <= (finding.line, finding.column) < end
    }
    return sorted(found)


def _keys(parts: Iterable[dict[str, Any]]) -> list[str]:
    return sorted({part["key"] for part in parts})

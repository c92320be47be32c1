"""The project rules on the state a run needs: TPL028 (a run's state lacks a key its app
requires), TPL029 to TPL031 (ADK 2.x typed state), TPL032 (a value the model reads as Python's
repr) and TPL033 (an eval of a ``state_schema`` workflow that calls a model).

The facts come from the model (`templating.project.model.contract`,
`templating.project.model.typed_state`, `templating.project.model.value_reads`); this module
words them. A finding about a read points at the placeholder's key, one about a write at the
write, one about a run's state at that state in its file.
"""

from __future__ import annotations

from collections.abc import Iterator

from templating.lint.finding import Finding
from templating.lint.hazard import Hazard, shorten
from templating.lint.registry import find_rule
from templating.project.model.assembly import ProjectModel
from templating.project.model.contract import AppContract, run_targets, state_contracts
from templating.project.model.facts import RunStart, Writer
from templating.project.model.instruction import Instruction
from templating.project.model.typed_state import SchemaMiss
from templating.project.model.value_reads import ValueRead, find_value_reads, repr_preview
from templating.project.surfaces import spelling_of

__all__ = ["run_state_findings", "schema_findings", "schema_read_hazards", "value_read_hazards"]

#: The most keys one message lists.
_LISTED = 6
_JSON_HELP = (
    'render JSON instead: the strict dialect\'s `{{{key}|json}}` (`compile_template(..., dialect="strict")`), '
    "an instruction provider that writes `json.dumps(...)`, or a string-typed output "
    "(no `output_schema`, or `output_schema=str`)"
)


def run_state_findings(model: ProjectModel, enabled) -> Iterator[tuple[Finding, frozenset[str]]]:
    """TPL028 and TPL033 at each state a run starts with (an eval case's, a session file's)."""
    if not model.run_starts:
        return
    contracts = state_contracts(model)
    for start in model.run_starts:
        targets = run_targets(contracts, start)
        if not targets:
            continue
        if enabled("TPL033"):
            typed = [c for c in targets if c.state_schema is not None and c.calls_model]
            if typed and len(typed) == len(targets):
                yield _at_start("TPL033", start, *_schema_eval_words(start, typed[0])), frozenset()
        if enabled("TPL028"):
            # A new session drops `temp:` keys from the state it is created with.
            kept = {key for key in start.keys if not key.startswith("temp:")}
            missing = sorted(set.intersection(*(set(c.required) for c in targets)) - kept)
            if missing:
                yield _at_start("TPL028", start, *_missing_words(start, targets, missing)), frozenset()


def _missing_words(start: RunStart, targets: list[AppContract], missing: list[str]) -> tuple[str, str]:
    first = targets[0]
    reader = first.required[missing[0]]
    names = ", ".join(f"`{shorten(key)}`" for key in missing[:_LISTED]) + (", ..." if len(missing) > _LISTED else "")
    app = f"app `{first.name}`" if len(targets) == 1 else f"apps `{first.name}` and others"
    message = (f"{start.label} starts a run of {app} without {names}: the run fails when "
               f"`{reader.name}` reads `{shorten(missing[0])}` ({reader.path}:{reader.line})")  # fmt: skip
    return message, "add the keys to its state (`templating contract` lists what each app needs)"


def _schema_eval_words(start: RunStart, contract: AppContract) -> tuple[str, str]:
    message = (f"{start.label} runs workflow `{contract.name}`, whose `state_schema` `{contract.state_schema}` "
               "refuses the key `__llm_request_key__` that ADK's eval plugin writes before each model call: "
               "it fails with `StateSchemaError` whatever its state (google/adk-python#6346)")  # fmt: skip
    return message, "evaluate the workflow built without `state_schema` until the ADK issue is fixed"


def _at_start(code: str, start: RunStart, message: str, help_line: str) -> Finding:
    rule = find_rule(code)
    assert rule is not None
    return Finding(start.path, code, rule.name, rule.severity, message, help_line, start.line, start.column,
                   start.line, start.end_column, start.source_line)  # fmt: skip


def schema_findings(model: ProjectModel, misses: list[SchemaMiss]) -> Iterator[tuple[Finding, frozenset[str]]]:
    """TPL029 at each undeclared write, TPL030 at each refused function-node parameter."""
    for miss in misses:
        if miss.kind == "write" and miss.writer is not None:
            yield _write_finding(miss, miss.writer), miss.writer.suppressed
        elif miss.kind == "parameter" and miss.parameter is not None:
            parameter = miss.parameter
            rule = find_rule("TPL030")
            assert rule is not None
            note = " (ADK's check skips only `ctx`, `node_input` and `self`, by name)" if parameter.name in (
                "context", "tool_context", "callback_context") else ""  # fmt: skip
            message = (f"parameter `{parameter.name}` of function node `{miss.node.name if miss.node else '?'}` is "
                       f"not a field of `state_schema` `{miss.schema}`{note}: building workflow "
                       f"`{miss.workflow.name}` raises `StateSchemaError`")  # fmt: skip
            end = parameter.column + len(parameter.name)
            yield Finding(parameter.path, rule.code, rule.name, rule.severity, message, _declare_help(miss),
                          parameter.line, parameter.column, parameter.line, end, parameter.source_line), \
                parameter.suppressed  # fmt: skip


def _write_finding(miss: SchemaMiss, writer: Writer) -> Finding:
    rule = find_rule("TPL029")
    assert rule is not None
    how = f"`{spelling_of(writer.path)('output_key')}`" if writer.via == "output_key" else "this write"
    message = (f"`{shorten(miss.key)}` is not a field of `state_schema` `{miss.schema}` of workflow "
               f"`{miss.workflow.name}`: {how} raises `StateSchemaError` when it runs")  # fmt: skip
    line = writer.source_line
    start, end = _key_span(line, miss.key, writer.column)
    return Finding(writer.path, rule.code, rule.name, rule.severity, message,
                   _declare_help(miss) + f", or use a prefixed key (`temp:{shorten(miss.key)}`)",
                   writer.line, start, writer.line, end, line)  # fmt: skip


def _key_span(line: str, key: str, column: int) -> tuple[int, int]:
    """Where the quoted ``key`` is on ``line`` from ``column`` on (1-based, end exclusive); the
    rest of the line when it is not written there."""
    for quote in ('"', "'"):
        found = line.find(f"{quote}{key}{quote}", column - 1)
        if found >= 0:
            return found + 1, found + len(key) + 3
    return column, max(column + 1, len(line.rstrip()) + 1)


def _declare_help(miss: SchemaMiss) -> str:
    fields = ", ".join(f"`{name}`" for name in miss.fields[:_LISTED]) + (", ..." if len(miss.fields) > _LISTED else "")
    return f"declare `{shorten(miss.key)}` in `{miss.schema}` (its fields: {fields or 'none'})"


def schema_read_hazards(misses: list[SchemaMiss]) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL031 at each placeholder of an undeclared key, or of a path into a field that cannot exist."""
    for miss in misses:
        read = miss.read
        if read is None or miss.kind not in ("read", "step"):
            continue
        who = f"agent `{miss.node.name}`" if miss.node is not None else "an agent"
        if miss.kind == "read":
            message = (f"`{shorten(miss.key)}` is read by {who} but is not a field of `state_schema` "
                       f"`{miss.schema}`: no node of workflow `{miss.workflow.name}` can write it (the write raises "
                       "`StateSchemaError`), so only the initial state can hold it")  # fmt: skip
            yield read.instruction, Hazard("TPL031", read.start, read.end, message, _declare_help(miss))
        else:
            message = f"{who} reads a path into `{shorten(miss.key)}` that cannot exist: {miss.detail}"
            yield read.instruction, Hazard("TPL031", read.group_start, read.group_end, message,
                                           f"read a field `{miss.schema}` declares")  # fmt: skip


def value_read_hazards(model: ProjectModel, dialect: str) -> Iterator[tuple[Instruction, Hazard]]:
    """TPL032 at each placeholder whose value is a dict or a list."""
    for found in find_value_reads(model, dialect):
        read = found.read
        yield read.instruction, Hazard("TPL032", read.start, read.end, _value_message(found, model),
                                       _JSON_HELP.format(key=shorten(read.key)))  # fmt: skip


def _value_message(found: ValueRead, model: ProjectModel) -> str:
    writer, key = found.writer, shorten(found.read.key)
    kind = "dict" if writer.value == "object" else "list"
    if found.producer is not None:
        spell = spelling_of(writer.path)
        source = (f"the `{spell('output_key')}` of agent `{found.producer.name}`, whose `output_schema` is "
                  f"`{found.producer.output_schema}`")  # fmt: skip
    else:
        source = f"a {kind} written at {writer.path}:{writer.line}"
    return (
        f"`{{{key}}}` in agent `{found.agent.name}` renders {source}, with Python's `str()`: the model "
        f"reads `{repr_preview(found, model.models)}`, not JSON"
    )

"""Placeholders whose value is not text: a dict or a list that google-adk writes with ``str()``.

google-adk 2.13.0 fills ``{key}`` with ``str(value)``: a dict reaches the model as Python's repr
(``{'title': 'Rome', 'days': 3}``, single quotes, ``True``, ``None``), not JSON. Such values come
from an agent's ``output_key`` when its ``output_schema`` is a model (stored as its
``model_dump()`` dict) or a list or dict type, and from code that writes a dict or list literal
(``ctx.state["prefs"] = {...}``, ``Event(state={...})``, a seed). Only templates in the ``adk``
dialect render this way: ``strict`` writes dicts and lists as JSON, and the other ports have their
own layouts (adk-js writes JSON).
"""

from __future__ import annotations

from dataclasses import dataclass

from templating.project.model.apps import AppScopes, apps_of
from templating.project.model.facts import Read, Writer
from templating.project.model.project_model import Agent, ProjectModel

__all__ = ["NON_TEXT", "ValueRead", "find_value_reads", "repr_preview"]

#: The JSON types whose values google-adk's ``str()`` does not write as JSON.
NON_TEXT = frozenset({"object", "array"})


@dataclass(frozen=True, slots=True)
class ValueRead:
    """A read of ``agent`` whose key ``writer`` fills with a dict or a list; ``producer`` is the
    agent whose ``output_key`` it is, if it is one."""

    agent: Agent
    read: Read
    writer: Writer
    producer: Agent | None = None


def find_value_reads(model: ProjectModel, dialect: str) -> list[ValueRead]:
    """Every placeholder of an agent in the ``adk`` dialect (``dialect`` is the configured one)
    whose key a writer serving the agent's app fills with a dict or a list (any writer, for an
    agent no known app runs)."""
    if not any(w.value in NON_TEXT for w in model.writers):
        return []
    scopes = AppScopes(model)
    judged = [(agent, app.scope) for app in apps_of(model) for agent in app.agents]
    in_apps = {id(agent) for agent, _ in judged}
    judged += [(agent, frozenset()) for agent in model.agents if id(agent) not in in_apps]
    producers = {
        (w.path, w.line, w.column): a for a in model.agents for w in a.writes if w.via == "output_key" and a.output_schema
    }  # fmt: skip
    found: list[ValueRead] = []
    seen: set[tuple[str, int, int]] = set()
    for agent, scope in judged:
        for read in agent.reads:
            where = (read.path, read.line, read.column)
            if read.marked or (read.instruction.dialect or dialect) != "adk" or where in seen:
                continue
            writers = model.writers_of(read.key)
            writer = next((w for w in writers if w.value in NON_TEXT and scopes.serves(w, scope)), None)
            if writer is not None:
                seen.add(where)
                found.append(ValueRead(agent, read, writer, producers.get((writer.path, writer.line, writer.column))))
    return found


def repr_preview(found: ValueRead, models: dict[str, dict[str, dict]]) -> str:
    """What the model reads for ``found``, as far as the program shows it: the fields of an
    ``output_schema`` model in Python's repr (``{'title': ..., 'days': ...}``)."""
    schema = found.producer.output_schema if found.producer is not None else None
    listed = schema is not None and schema.startswith(("list[", "List["))
    name = schema[5:-1] if listed and schema is not None else schema
    fields = models.get(name or "")
    if not fields:
        return "{'key': 'value', ...}" if found.writer.value == "object" else "['item', ...]"
    shown = ", ".join(f"'{field}': ..." for field in list(fields)[:4]) + (", ..." if len(fields) > 4 else "")
    return f"[{{{shown}}}, ...]" if listed else f"{{{shown}}}"

"""Hover, go to definition and completion for placeholders, as plain lsprotocol values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types

from templating.compiler import compile_template
from templating.errors import TemplateError
from templating.lint.settings import Settings
from templating.lint.state_shape import is_schema
from templating.nodes import Placeholder
from templating.project.model.facts import Writer

__all__ = ["complete_keys", "describe", "writer_locations"]

_SCOPES = (("app:", "app (shared by every user and session of the app)"),
           ("user:", "user (shared by every session of one user)"),
           ("temp:", "temp (this invocation only, never persisted)"))  # fmt: skip
_SESSION = "session (this session only)"
_NOT_KNOWN = "writers: not known yet (the project model is not available to the server)"


def describe(placeholder: Placeholder, settings: Settings, writers: Sequence[Writer] | None) -> str:
    """The hover text (Markdown) of ``placeholder``."""
    if placeholder.artifact:
        kind = "optional" if placeholder.optional else "required"
        return f"**artifact** `{placeholder.key}` ({kind})\n\nloaded from the artifact service at run time"
    lines = [
        f"**state key** `{placeholder.key}`",
        "",
        f"- scope: {scope_label(placeholder.key)}",
        f"- {'optional: renders empty when missing' if placeholder.optional else 'required: a missing key raises `KeyError`'}",
    ]
    preview = _preview(placeholder, settings)
    if preview is not None:
        lines.append(f"- with the sample state: {preview}")
    lines.append(f"- {_writers_text(writers, settings.root)}")
    return "\n".join(lines)


def scope_label(key: str) -> str:
    """Who shares ``key``, read from its prefix."""
    for prefix, label in _SCOPES:
        if key.startswith(prefix):
            return label
    return _SESSION


def writer_locations(writers: Iterable[Writer]) -> list[types.Location]:
    """Where each writer is, as locations (a writer's column points at the write)."""
    locations = []
    for writer in writers:
        position = types.Position(line=writer.line - 1, character=writer.column - 1)
        uri = Path(writer.path).resolve().as_uri()
        locations.append(types.Location(uri=uri, range=types.Range(start=position, end=position)))
    return locations


def complete_keys(keys: Iterable[tuple[str, str]], typed: str, replace: types.Range) -> list[types.CompletionItem]:
    """Completion items for ``(key, detail)`` pairs that start with what was typed after
    ``{``, one per key (a key the project writes and the sample state holds is one row, both
    details on it); choosing one replaces ``replace`` (the typed part) with the key."""
    details: dict[str, list[str]] = {}
    for key, detail in keys:
        if key.startswith(typed.rstrip("?")) and detail not in details.setdefault(key, []):
            details[key].append(detail)
    return [
        types.CompletionItem(
            label=key,
            detail="; ".join(details[key]),
            kind=types.CompletionItemKind.Variable,
            text_edit=types.TextEdit(range=replace, new_text=key),
        )
        for key in sorted(details)
    ]


def _preview(placeholder: Placeholder, settings: Settings) -> str | None:
    state: Mapping[str, Any] | None = settings.state
    if state is None or is_schema(state):
        return None
    try:
        rendered = compile_template(placeholder.source, dialect=settings.dialect).render(state)
    except KeyError:
        return "missing, so rendering raises `KeyError`"
    except TemplateError as error:
        return f"cannot render ({error})"
    return f"`{_shorten(rendered)}`" if rendered else "an empty string"


def _writers_text(writers: Sequence[Writer] | None, root: Path) -> str:
    if writers is None:
        return _NOT_KNOWN
    if not writers:
        return "written nowhere in this project"
    shown = [f"{writer.via}{_owner(writer)} at {_link(writer, root)}" for writer in writers]
    return "writers: " + "; ".join(shown)


def _link(writer: Writer, root: Path) -> str:
    """A Markdown link to the writer's line (``#L5``, which VS Code opens at that line), shown
    as its path from the config's folder when it is inside it."""
    path = Path(writer.path).resolve()
    folder = root.resolve()
    shown = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.as_posix()
    text = f"{shown}:{writer.line}".replace("`", "'")
    return f"[`{text}`]({path.as_uri()}#L{writer.line})"


def _owner(writer: Writer) -> str:
    """Whose write it is: an agent's, or a function's (a workflow's function node)."""
    if writer.agent:
        return f" of agent `{writer.agent}`"
    return f" in function `{writer.function}`" if writer.function else ""


def _shorten(text: str) -> str:
    text = text.replace("\n", "\\n").replace("`", "'")
    return text if len(text) <= 80 else text[:77] + "..."

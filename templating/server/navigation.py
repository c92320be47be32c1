"""Hover, go to definition and completion for placeholders, as plain lsprotocol values."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types

from templating.compiler import compile_template
from templating.errors import TemplateError
from templating.lint.port_words import words_for
from templating.lint.settings import Settings
from templating.nodes import Placeholder
from templating.project.model.facts import Writer
from templating.project.words import name_writer
from templating.state_shape import is_schema

__all__ = ["complete_keys", "describe", "writer_locations"]

_SCOPES = (("app:", "app (shared by every user and session of the app)"),
           ("user:", "user (shared by every session of one user)"),
           ("temp:", "temp (this invocation only, never persisted)"))  # fmt: skip
_SESSION = "session (this session only)"
_NOT_KNOWN = "writers: not known yet (the project model is not available to the server)"


def describe(
    placeholder: Placeholder, settings: Settings, writers: Sequence[Writer] | None, dialect: str | None = None
) -> str:
    """The hover text (Markdown) of ``placeholder``, in an instruction read in ``dialect`` (the
    settings' by default): what a missing key does is that port's."""
    if placeholder.artifact:
        kind = "optional" if placeholder.optional else "required"
        return f"**artifact** `{placeholder.key}` ({kind})\n\nloaded from the artifact service at run time"
    words = words_for(dialect or settings.dialect)
    lines = [
        f"**state key** `{placeholder.key}`",
        "",
        f"- scope: {scope_label(placeholder.key)}",
        "- " + (
            "optional: renders empty when missing" if placeholder.optional
            else f"required: when it is missing, {words.port} {words.raises}"
        ),
    ]  # fmt: skip
    preview = _preview(placeholder, settings, dialect or settings.dialect)
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


def _preview(placeholder: Placeholder, settings: Settings, dialect: str) -> str | None:
    state: Mapping[str, Any] | None = settings.state
    if state is None or is_schema(state):
        return None
    try:
        rendered = compile_template(placeholder.source, dialect=dialect).render(state)
    except KeyError:
        words = words_for(dialect)
        return f"missing, so {words.port} {words.raises}"
    except TemplateError as error:
        return f"cannot render ({error})"
    return f"`{_shorten(rendered)}`" if rendered else "an empty string"


def _writers_text(writers: Sequence[Writer] | None, root: Path) -> str:
    if writers is None:
        return _NOT_KNOWN
    if not writers:
        return "written nowhere in this project"
    # Named as lint's messages name them: a workflow's function node is a function, not a tool.
    return "writers: " + "; ".join(f"{name_writer(writer)} at {_link(writer, root)}" for writer in writers)


def _link(writer: Writer, root: Path) -> str:
    """A Markdown link to the writer's line (``#L5``, which VS Code opens at that line), shown
    as its path from the config's folder when it is inside it."""
    path = Path(writer.path).resolve()
    folder = root.resolve()
    shown = path.relative_to(folder).as_posix() if path.is_relative_to(folder) else path.as_posix()
    text = f"{shown}:{writer.line}".replace("`", "'")
    return f"[`{text}`]({path.as_uri()}#L{writer.line})"


def _shorten(text: str) -> str:
    text = text.replace("\n", "\\n").replace("`", "'")
    return text if len(text) <= 80 else text[:77] + "..."

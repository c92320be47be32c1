"""The rest of the request in the preview: what the agent's first model call sends besides the
instruction under the cursor, as further sections.

The sections come from the request assembly `templating request` prints
(`templating.project.model.request`), at the state of the first section (a run's: the
``initial-state`` with the sample ``state`` over it) and for the backend the server's
environment selects: the plugin's text, the root's ``global_instruction``, the
``static_instruction``, ADK's identity, output-schema and transfer texts, and the instruction
ADK moves into ``contents``, in the order they are sent and with their exact text (a value the code does not show is a ``runtime`` part). Each section says
who adds it (``source``) and where it goes (``placement``); a piece ADK builds itself points at
the agent it is built from. A ``request`` summary gives the runtime, the backend, the cacheable
prefix and, when ADK would raise before sending anything, the error: the sections then hold the
pieces as written, before the state is filled in. An agent of another ADK port gets the reason
instead (``request.note``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from templating.lint.settings import Settings
from templating.project.model.assembly import Agent, ProjectModel, instruction_key
from templating.project.model.instruction import RUNTIME_VALUE, Instruction
from templating.project.model.request import NotModeledError, Piece, Request, request_for, system_pieces
from templating.server.preview import sample_state

__all__ = ["HOLE", "add_request"]

#: The text of a value the code does not show, when no expression names it.
HOLE = "<?>"


def add_request(
    preview: dict[str, Any],
    model: ProjectModel,
    agent: Agent,
    shown: Instruction,
    settings: Settings,
    environ: Mapping[str, str] | None = None,
) -> None:
    """Append to ``preview`` (an `instruction_preview` answer for ``shown``, an instruction of
    ``agent``) the other pieces of the agent's request as sections, and a ``request`` summary;
    ``environ`` selects the backend (the server's environment by default)."""
    if agent.kind != "llm":  # a workflow or a custom agent calls no model itself
        return
    state, _ = sample_state(settings)  # the state of the first section
    try:
        request = request_for(model, agent, state, environ)
    except NotModeledError as error:
        preview["request"] = {"note": str(error)}
        return
    preview["request"] = _summary(request)
    root = Path(settings.root)
    skipped = instruction_key(shown)
    if request.error is not None:
        moved = [piece for piece in request.plan.pieces if piece.placement == "contents"]
        for piece in [*system_pieces(request.plan), *moved]:
            if not _is(piece, skipped):
                text = piece.template if piece.template is not None else RUNTIME_VALUE
                preview["sections"].append(_section(piece, text, agent, root))
        return
    for part in request.parts:
        # The instruction under the cursor is the first section already, unless ADK wraps it.
        if part.piece.placement == "contents" or not _is(part.piece, skipped):
            preview["sections"].append(_section(part.piece, part.text, agent, root))


def _summary(request: Request) -> dict[str, Any]:
    system = request.system_instruction
    return {
        "runtime": request.runtime,
        "backend": "Vertex AI" if request.vertex else "Gemini API",
        "characters": None if system is None else len(system) - system.count(RUNTIME_VALUE),
        "cacheable_prefix": request.cacheable_prefix,
        "complete": request.complete,
        "unknown": [unread.what for unread in request.unread],
        "error": request.error.message if request.error is not None else None,
    }


def _is(piece: Piece, key: tuple) -> bool:
    return piece.instruction is not None and instruction_key(piece.instruction) == key


def _section(piece: Piece, text: str, agent: Agent, root: Path) -> dict[str, Any]:
    """One piece as a section; one ADK builds itself is placed at its agent."""
    path, line, column = (
        (piece.path, piece.line, piece.column) if piece.path else (agent.path, agent.line, agent.column)
    )
    section: dict[str, Any] = {
        "title": piece.kind,
        "source": piece.source,
        "placement": piece.placement,
        "uri": (root / path).resolve().as_uri(),
        "line": line - 1,
        "character": column - 1,
        "parts": list(_parts(text, piece)),
    }
    notes = []
    if piece.placement == "contents":
        notes.append("sent in `contents`, ahead of the user's turn, as ADK wraps it")
    if piece.unread is not None:
        notes.append(f"not shown by the code: {piece.unread.what}")
    if notes:
        section["note"] = "; ".join(notes)
    return section


def _parts(text: str, piece: Piece) -> Iterator[dict[str, Any]]:
    """``text`` as plain parts, each value the code does not show a ``runtime`` part named by
    its expression when the piece's instruction names as many as there are."""
    pieces = text.split(RUNTIME_VALUE)
    holes = piece.instruction.interpolations if piece.instruction is not None else ()
    names = [hole.expression for hole in holes] if len(holes) == len(pieces) - 1 else [HOLE] * (len(pieces) - 1)
    for index, plain in enumerate(pieces):
        if index:
            yield {"kind": "runtime", "text": names[index - 1]}
        if plain:
            yield {"kind": "text", "text": plain}

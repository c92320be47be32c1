"""How `templating request` and `templating snapshot` write a `Request`: as JSON (the exact
texts, each piece with its source) or as text for a person (the pieces marked)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from templating.printable import escape_surrogates, printable
from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.model.request import Part, Request, Unread, system_pieces

__all__ = ["HOLE", "request_json", "request_lines", "request_record"]

#: How text output shows a part of a piece the code does not show.
HOLE = "<?>"


def request_record(request: Request) -> dict[str, Any]:
    """The request as JSON data (see docs/request.md for the fields)."""
    agent = request.agent
    record: dict[str, Any] = {
        "agent": agent.name,
        "file": agent.path,
        "line": agent.line,
        "column": agent.column,
        "runtime": request.runtime,
        "backend": _backend(request),
        "complete": request.complete,
        "system_instruction": request.system_instruction,
        "instruction_contents": list(request.instruction_contents),
        "cacheable_prefix": request.cacheable_prefix,
        "pieces": [_piece(part) for part in request.parts],
        "unknown": [_unread(unread) for unread in request.unread],
        "error": None,
    }
    if request.error is not None:
        error = request.error
        piece = error.piece
        record["error"] = {
            "message": error.message,
            "key": error.key or None,
            "piece": piece.kind if piece is not None else None,
            "file": piece.path if piece is not None else None,
            "line": piece.line if piece is not None and piece.path else None,
        }
    return record


def request_json(request: Request) -> str:
    """The request as one JSON document."""
    return escape_surrogates(json.dumps(request_record(request), ensure_ascii=False, indent=2)) + "\n"


def _unread(unread: Unread) -> dict[str, Any]:
    return {
        "piece": unread.piece,
        "what": unread.what,
        "file": unread.path,
        "line": unread.line,
        "column": unread.column,
    }


def _piece(part: Part) -> dict[str, Any]:
    piece = part.piece
    return {
        "piece": piece.kind,
        "source": piece.source,
        "file": piece.path,
        "line": piece.line if piece.path else None,
        "column": piece.column if piece.path else None,
        "placement": piece.placement,
        "start": part.start if piece.placement == "system_instruction" else None,
        "end": part.start + len(part.text) if piece.placement == "system_instruction" else None,
        "index": part.start if piece.placement == "contents" else None,
        "text": part.text,
        "known": part.known,
    }


def request_lines(
    request: Request, *, positions: bool = True, terminal: bool = True, shown: Callable[[str], str] = str
) -> list[str]:
    """The request for a person: a header, then each piece under a marker line.

    ``positions``: say where each piece is written (line and column); a snapshot leaves them
    out, so that moving code without changing a text changes no snapshot. ``terminal``: escape
    what a terminal would obey. ``shown`` writes a file's path."""
    agent = request.agent
    where = f"{shown(agent.path)}:{agent.line}:{agent.column}" if positions else shown(agent.path)
    lines = [f"agent `{agent.name}` ({where}): first model call under {request.runtime}, {_backend(request)} backend"]
    if request.error is not None:
        lines.append(f"error: {request.error.message}{_error_place(request, positions, shown)}")
    system = [part for part in request.parts if part.piece.placement == "system_instruction"]
    contents = [part for part in request.parts if part.piece.placement == "contents"]
    if request.error is None:
        text = request.system_instruction or ""
        holes = text.count(RUNTIME_VALUE)
        size = f"{len(text) - holes:,} characters" + (" and what the code does not show" if holes else "")
        lines.append(
            f"system_instruction: {size}; cacheable prefix: {request.cacheable_prefix:,}"
            + ("" if request.system_instruction is not None else " (none sent)")
        )
    number = 0
    for part in system:
        number += 1
        lines.extend(_part_lines(number, part, positions, shown))
    if request.error is not None:
        # Nothing is sent: the pieces as written, for a person to see what would have been.
        lines.append("the pieces, before the state is filled in:")
        moved = [piece for piece in request.plan.pieces if piece.placement == "contents"]
        for piece in [*system_pieces(request.plan), *moved]:
            number += 1
            text = piece.template if piece.template is not None else RUNTIME_VALUE
            lines.extend(_part_lines(number, Part(piece, text, 0, piece.template is not None), positions, shown))
    if request.error is None:
        lines.append(f"instruction_contents: {len(contents)}" if contents else "instruction_contents: none")
    for part in contents:
        number += 1
        lines.extend(_part_lines(number, part, positions, shown))
    for unread in request.unread:
        place = f"{shown(unread.path)}:{unread.line}:{unread.column}" if positions else shown(unread.path)
        lines.append(f"not shown by the code: {unread.what} ({place})")
    if not request.complete and request.error is None:
        lines.append(f"incomplete: {HOLE} marks text the code does not show")
    if terminal:
        return [printable(line, keep_newlines=True) for line in lines]
    return [escape_surrogates(line) for line in lines]


def _part_lines(number: int, part: Part, positions: bool, shown: Callable[[str], str]) -> list[str]:
    piece = part.piece
    place = ""
    if piece.path:
        place = f", {shown(piece.path)}:{piece.line}:{piece.column}" if positions else f", {shown(piece.path)}"
    header = f"--- [{number}] {piece.kind}: {piece.source}{place} ---"
    text = part.text.replace(RUNTIME_VALUE, HOLE) if not part.known else part.text
    return [header, text if text else "(empty)"]


def _error_place(request: Request, positions: bool, shown: Callable[[str], str]) -> str:
    piece = request.error.piece if request.error is not None else None
    if piece is None:
        return ""
    if piece.path is None:
        return f" (in the {piece.kind})"
    where = f"{shown(piece.path)}:{piece.line}:{piece.column}" if positions else shown(piece.path)
    return f" (in the {piece.kind}, {where})"


def _backend(request: Request) -> str:
    return "Vertex AI" if request.vertex else "Gemini API"

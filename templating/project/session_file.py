"""The per-file facts of an ADK evaluation's session file: the initial state it seeds.

google-adk's ``AgentEvaluator`` starts the evaluation of the agent in a test folder from the
session ``initial.session.json`` holds there, shaped ``{"id", "app_name", "user_id",
"state": {...}, "events": [...]}``. Each top-level key of ``state`` is an ``initial`` writer,
placed at the key's opening quote, as ``create_session(state={...})`` is in Python.
"""

from __future__ import annotations

import json
import re

from templating.project.model.facts import FileFacts, Writer
from templating.project.model.instruction import SourceFile

__all__ = ["session_facts"]

_DECODER = json.JSONDecoder()
# The whitespace JSON allows between tokens (RFC 8259), nothing more.
_WHITESPACE = re.compile(r"[ \t\n\r]*")


def session_facts(source: SourceFile, key: str) -> FileFacts | None:
    """The initial writers of the session ``source`` holds, ``None`` when it has no ``state``
    object; raises ``json.JSONDecodeError`` for text that is not JSON or that Python cannot
    hold (a number of more than 4,300 digits)."""
    try:
        document = json.loads(source.text)
    except json.JSONDecodeError:
        raise
    except ValueError:  # `int()`'s digit limit, which the JSON decoder does not wrap
        raise json.JSONDecodeError("a number too long to read (over 4,300 digits)", source.text, 0) from None
    if not isinstance(document, dict) or not isinstance(document.get("state"), dict):
        return None
    writers = tuple(
        Writer(name, "initial", source.path, *source.position(offset)) for name, offset in _state_keys(source.text)
    )
    return FileFacts(key, source.path, writers=writers)


def _state_keys(text: str) -> list[tuple[str, int]]:
    """Each key of the ``state`` object and the offset of its opening quote, in ``text``, a JSON
    object known to be valid. A repeated ``state`` member is read as `json.loads` reads it: the
    last one counts."""
    state = [value for name, _, value in _members(text, _skip(text, 0)) if name == "state"][-1]
    return [(name, offset) for name, offset, _ in _members(text, state)]


def _members(text: str, start: int) -> list[tuple[str, int, int]]:
    """The members of the object whose ``{`` is at ``start``: each name, the offset of the
    name's opening quote and the offset of its value."""
    members = []
    index = _skip(text, start + 1)
    while text[index] != "}":
        name, end = _DECODER.raw_decode(text, index)
        value = _skip(text, _skip(text, end) + 1)  # past the `:`
        _, end = _DECODER.raw_decode(text, value)
        members.append((name, index, value))
        index = _skip(text, end)
        if text[index] == ",":
            index = _skip(text, index + 1)
    return members


def _skip(text: str, index: int) -> int:
    """The offset of the first character at or after ``index`` that is not JSON whitespace."""
    match = _WHITESPACE.match(text, index)
    assert match is not None  # the pattern matches the empty string
    return match.end()

"""The per-file facts of an ADK evaluation's session file: the initial state it seeds.

google-adk's ``AgentEvaluator`` starts the evaluation of the agent in a test folder from the
session ``initial.session.json`` holds there, shaped ``{"id", "app_name", "user_id",
"state": {...}, "events": [...]}``. Each top-level key of ``state`` is an ``initial`` writer,
placed at the key's opening quote, as ``create_session(state={...})`` is in Python; the state as
a whole is a `RunStart`, checked against the state the app's runs need (rule TPL028).
"""

from __future__ import annotations

from templating.project.json_members import end_of, loads, member, members, skip
from templating.project.model.facts import FileFacts, RunStart, Writer
from templating.project.model.instruction import SourceFile

__all__ = ["run_start", "session_facts"]


def session_facts(source: SourceFile, key: str) -> FileFacts | None:
    """The initial writers of the session ``source`` holds, ``None`` when it has no ``state``
    object; raises ``json.JSONDecodeError`` for text that is not JSON or that Python cannot
    hold (a number of more than 4,300 digits)."""
    document = loads(source.text)
    if not isinstance(document, dict) or not isinstance(document.get("state"), dict):
        return None
    text = source.text
    state = member(text, skip(text, 0), "state")
    assert state is not None  # `loads` found it
    writers = tuple(
        Writer(name, "initial", source.path, *source.position(offset)) for name, offset, _ in members(text, state[1])
    )
    app_name = document.get("app_name")
    start = run_start(source, "the session", frozenset(document["state"]), app_name, state[0])
    return FileFacts(key, source.path, writers=writers, run_starts=(start,))


def run_start(source: SourceFile, label: str, keys: frozenset[str], app_name: object, offset: int) -> RunStart:
    """A `RunStart` of ``source`` whose findings point at the member name at ``offset``."""
    line, column = source.position(offset)
    line_text = source.line_text(line)
    end = min(column + end_of(source.text, offset) - offset, len(line_text) + 1)
    return RunStart(label, keys, app_name if isinstance(app_name, str) else None, source.path, line, column, end,
                    line_text)  # fmt: skip

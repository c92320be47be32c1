"""The per-file facts of an ADK eval file (``*.evalset.json``, ``*.test.json``): the state each
eval case starts its run with.

google-adk 2.13.0 reads an eval set as ``{"eval_set_id", "eval_cases": [{"eval_id",
"conversation", "session_input": {"app_name", "user_id", "state": {...}}}]}`` (an eval case's
fields may also be spelled in camelCase: ``evalId``, ``sessionInput``), and creates each case's
session with ``session_input.state``, or with no state when the case has no ``session_input``
(``evaluation_generator._get_or_create_eval_session``). Each case is a `RunStart`. A ``.test.json``
file in the older format (a list of turns) has no state of its own: its runs start with the
``initial_session_file`` the test passes, so it gives nothing here.
"""

from __future__ import annotations

from templating.project.json_members import elements, loads, member, members, skip
from templating.project.model.facts import FileFacts, RunStart
from templating.project.model.instruction import SourceFile
from templating.project.session_file import run_start

__all__ = ["eval_facts"]


def eval_facts(source: SourceFile, key: str) -> FileFacts | None:
    """The runs the eval set ``source`` holds starts, ``None`` when it is no eval set; raises
    ``json.JSONDecodeError`` for text that is not JSON."""
    document = loads(source.text)
    if not isinstance(document, dict) or not isinstance(document.get("eval_cases"), list):
        return None
    text = source.text
    cases = member(text, skip(text, 0), "eval_cases")
    assert cases is not None  # `loads` found it
    starts = [
        _case_start(source, case, offset)
        for case, offset in zip(document["eval_cases"], elements(text, cases[1]))
        if isinstance(case, dict)
    ]
    return FileFacts(key, source.path, run_starts=tuple(start for start in starts if start is not None))


def _case_start(source: SourceFile, case: dict, offset: int) -> RunStart | None:
    """The state eval case ``case`` (at ``offset``) starts with; ``None`` for a case ADK would
    refuse (a ``session_input`` or ``state`` that is not an object)."""
    text = source.text
    fields = {_snake(name): (at, value) for name, at, value in members(text, offset)}
    values = {_snake(name): value for name, value in case.items()}
    case_id = values.get("eval_id")
    label = f"eval case `{case_id}`" if isinstance(case_id, str) else "an eval case"
    session = values.get("session_input")
    if session is None:  # no session input: the session starts empty
        where = fields["eval_id"][0] if "eval_id" in fields else offset
        return run_start(source, label, frozenset(), None, where)
    if not isinstance(session, dict):
        return None
    inner = {_snake(name): (at, value) for name, at, value in members(text, fields["session_input"][1])}
    state = {_snake(name): value for name, value in session.items()}.get("state", {})
    if not isinstance(state, dict):
        return None
    where = inner["state"][0] if "state" in inner else fields["session_input"][0]
    return run_start(source, label, frozenset(state), session.get("app_name", session.get("appName")), where)


def _snake(name: str) -> str:
    """A field name as google-adk's eval models spell it in Python (``sessionInput`` ->
    ``session_input``): they accept both."""
    return "".join(f"_{c.lower()}" if c.isupper() else c for c in name)

"""An in-memory, thread-safe store of scoped state, behaving like google-adk's
``InMemorySessionService``.

App values are shared by every session of an app, user values by every session of one user
in one app, session values by one session; ``temp:`` keys are dropped. Reads return the
merged view one session sees, in ADK's order: session values, then ``app:`` keys, then
``user:`` keys. Values are deep-copied on the way in and out, so no caller holds a
reference into the store.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from templating.state import Scope, State, check_key, check_value, scope_of

__all__ = ["InMemoryStateStore"]

_PREFIXES = {Scope.APP: State.APP_PREFIX, Scope.USER: State.USER_PREFIX}


class InMemoryStateStore:
    """Sessions' state kept in memory, updated by deltas under one lock.

    Keyword arguments mirror google-adk's session service. Unknown sessions raise
    ``KeyError``; creating a session twice raises ``ValueError``.
    """

    __slots__ = ("_apps", "_lock", "_sessions", "_users")

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._apps: dict[str, dict[str, Any]] = {}
        self._users: dict[tuple[str, str], dict[str, Any]] = {}
        self._sessions: dict[tuple[str, str, str], dict[str, Any]] = {}

    def create(
        self, *, app_name: str, user_id: str, session_id: str, state: Mapping[str, Any] | None = None
    ) -> Mapping[str, Any]:
        """Create a session with initial ``state`` (scoped like a delta) and return its view."""
        session = _session_key(app_name, user_id, session_id)
        scoped = _split(state or {})
        with self._lock:
            if session in self._sessions:
                raise ValueError(f"Session {_describe(session)} already exists")
            self._sessions[session] = {}
            self._apply(session, scoped)
            return self._view(session)

    def apply_delta(self, *, app_name: str, user_id: str, session_id: str, delta: Mapping[str, Any]) -> None:
        """Apply a state delta from ``session_id``: each key goes to the scope its prefix names."""
        session = _session_key(app_name, user_id, session_id)
        scoped = _split(delta)
        with self._lock:
            self._require(session)
            self._apply(session, scoped)

    def get(self, *, app_name: str, user_id: str, session_id: str) -> Mapping[str, Any]:
        """The merged, read-only view of the state ``session_id`` sees, as a copy."""
        session = _session_key(app_name, user_id, session_id)
        with self._lock:
            self._require(session)
            return self._view(session)

    def _require(self, session: tuple[str, str, str]) -> None:
        if session not in self._sessions:
            raise KeyError(f"No session {_describe(session)}")

    def _apply(self, session: tuple[str, str, str], scoped: dict[Scope, dict[str, Any]]) -> None:
        app_name, user_id, _ = session
        if scoped[Scope.APP]:
            self._apps.setdefault(app_name, {}).update(scoped[Scope.APP])
        if scoped[Scope.USER]:
            self._users.setdefault((app_name, user_id), {}).update(scoped[Scope.USER])
        self._sessions[session].update(scoped[Scope.SESSION])

    def _view(self, session: tuple[str, str, str]) -> Mapping[str, Any]:
        app_name = session[0]
        merged = dict(self._sessions[session])
        for scope, values in ((Scope.APP, self._apps.get(app_name)), (Scope.USER, self._users.get(session[:2]))):
            for key, value in (values or {}).items():
                merged[_PREFIXES[scope] + key] = value
        return MappingProxyType(copy.deepcopy(merged))


def _session_key(app_name: str, user_id: str, session_id: str) -> tuple[str, str, str]:
    for name, value in (("app_name", app_name), ("user_id", user_id), ("session_id", session_id)):
        if not isinstance(value, str):
            raise TypeError(f"{name} must be a str, got {type(value).__name__}")
    # google-adk strips the session id it is given, so " s1 " and "s1" are one session.
    session_id = session_id.strip()
    if not session_id:
        raise ValueError("session_id must not be empty")
    return (app_name, user_id, session_id)


def _split(delta: Mapping[str, Any]) -> dict[Scope, dict[str, Any]]:
    """Check a delta, copy it, and split it by scope with prefixes removed; drop ``temp:``."""
    if not isinstance(delta, Mapping):
        raise TypeError(f"delta must be a mapping of state keys to values, got {type(delta).__name__}")
    scoped: dict[Scope, dict[str, Any]] = {Scope.APP: {}, Scope.USER: {}, Scope.SESSION: {}}
    for key, value in delta.items():
        check_key(key)
        scope = scope_of(key)
        if scope is Scope.TEMP:
            continue
        check_value(key, value)
        scoped[scope][key.removeprefix(_PREFIXES.get(scope, ""))] = copy.deepcopy(value)
    return scoped


def _describe(session: tuple[str, str, str]) -> str:
    app_name, user_id, session_id = session
    return f"{session_id!r} for user {user_id!r} in app {app_name!r}"

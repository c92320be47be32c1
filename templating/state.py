"""Session state as google-adk models it: current values plus a pending delta.

A key's prefix says who shares it ([`Scope`][templating.Scope]): ``app:`` keys are shared by every user
and session of an app, ``user:`` keys by every session of one user, ``temp:`` keys are never
persisted, and every other key (including an unknown ``xyz:`` prefix) belongs to one
session. [`State`][templating.State] reads like a mapping and records every write in its delta, which a
session service (such as [`InMemoryStateStore`][templating.InMemoryStateStore]) later applies.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

__all__ = ["Scope", "State", "check_key", "check_value", "scope_of"]


class Scope(enum.Enum):
    """Who shares a state key, read from its prefix by [`scope_of`][templating.scope_of]."""

    APP = "app"
    """Shared by all users and sessions of one app (prefix ``app:``)."""
    USER = "user"
    """Shared by all sessions of one user in one app (prefix ``user:``)."""
    SESSION = "session"
    """Belongs to one session (no known prefix)."""
    TEMP = "temp"
    """Lives for the current invocation only, never persisted (prefix ``temp:``)."""


def scope_of(key: str) -> Scope:
    """Return the [`Scope`][templating.Scope] of a state key; an unknown prefix is session scope."""
    check_key(key)
    if key.startswith(State.APP_PREFIX):
        return Scope.APP
    if key.startswith(State.USER_PREFIX):
        return Scope.USER
    if key.startswith(State.TEMP_PREFIX):
        return Scope.TEMP
    return Scope.SESSION


def check_key(key: object) -> None:
    """Raise ``TypeError`` unless ``key`` is a ``str``, as state keys must be."""
    if not isinstance(key, str):
        raise TypeError(f"State key must be a str, got {type(key).__name__}: {key!r}")


def check_value(key: str, value: object) -> None:
    """Raise ``TypeError`` if ``value`` cannot be stored as JSON under ``key``.

    "JSON-serializable" means pydantic can write it as JSON (so datetimes and pydantic
    models pass, functions and arbitrary objects do not), which is what a persistent
    session service needs. Only writes are checked, never reads.
    """
    # Imported here so that `import templating` and rendering never load pydantic-core.
    from pydantic_core import PydanticSerializationError, to_json

    try:
        to_json(value)
    except (PydanticSerializationError, ValueError) as error:
        raise TypeError(
            f"State value for key `{key}` is not JSON-serializable: got {type(value).__name__} ({error})"
        ) from None


class State(Mapping[str, Any]):
    """A mapping of current values plus the pending delta of writes not yet committed.

    Like google-adk's ``State``, it works on the two dicts it is given: a write goes to both
    ``value`` and ``delta``, and a read prefers ``delta``. Writes check that the key is a
    ``str`` and the value JSON-serializable (``TypeError`` naming the key otherwise). A
    change made inside a list or dict read from the state is not recorded: assign the key.
    """

    __slots__ = ("_delta", "_value")

    APP_PREFIX = "app:"
    """The prefix of app-scoped keys."""
    USER_PREFIX = "user:"
    """The prefix of user-scoped keys."""
    TEMP_PREFIX = "temp:"
    """The prefix of keys that are never persisted."""

    def __init__(self, value: dict[str, Any] | None = None, delta: dict[str, Any] | None = None) -> None:
        self._value: dict[str, Any] = {} if value is None else value
        self._delta: dict[str, Any] = {} if delta is None else delta

    def __getitem__(self, key: str) -> Any:
        if key in self._delta:
            return self._delta[key]
        return self._value[key]

    def __contains__(self, key: object) -> bool:
        return key in self._delta or key in self._value

    def __iter__(self) -> Iterator[str]:
        return iter(self.to_dict())

    def __len__(self) -> int:
        return len(self._value.keys() | self._delta.keys())

    def __setitem__(self, key: str, value: Any) -> None:
        check_key(key)
        check_value(key, value)
        self._value[key] = value
        self._delta[key] = value

    def set(self, key: str, value: Any) -> None:
        """Set ``key`` to ``value`` (the same as ``state[key] = value``)."""
        self[key] = value

    def update(self, delta: Mapping[str, Any]) -> None:
        """Set every key of ``delta``; nothing is written if any key or value is rejected."""
        for key, value in delta.items():
            check_key(key)
            check_value(key, value)
        self._value.update(delta)
        self._delta.update(delta)

    def delete(self, key: str) -> None:
        """Remove ``key`` from the current values and the pending delta.

        A delta can only assign, so a deletion is not sent to the session service: a value
        already persisted comes back in the next session read. To clear a persisted value,
        set it to ``None``. Raises ``KeyError`` if the key is absent.
        """
        if key not in self:
            raise KeyError(key)
        self._value.pop(key, None)
        self._delta.pop(key, None)

    def has_delta(self) -> bool:
        """Whether there are writes not yet committed."""
        return bool(self._delta)

    @property
    def delta(self) -> Mapping[str, Any]:
        """The pending writes, read-only (what a session service applies)."""
        return MappingProxyType(self._delta)

    def to_dict(self) -> dict[str, Any]:
        """A new dict of every key with its current value."""
        return {**self._value, **self._delta}

    def __repr__(self) -> str:
        return f"State(value={self._value!r}, delta={self._delta!r})"

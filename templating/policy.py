"""A value policy: which state keys may hold third-party text, and how they are written.

The same policy serves render and lint. Given to [`compile_template`][templating.compile_template]
or [`inject_session_state`][templating.inject_session_state], it gives every placeholder whose
key it covers a data marker (`templating.markers`), in any dialect; every other span renders
byte for byte as the dialect renders it. In ``[tool.templating]`` (``untrusted``,
``untrusted-max-chars``) it tells lint which keys are declared untrusted and already treated.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import TypeVar

from templating.dialects.dialect import ARTIFACT_PREFIX
from templating.markers import DATA, MARKER_KINDS, Marker
from templating.nodes import Placeholder

__all__ = ["ValuePolicy"]

Value = TypeVar("Value")


@dataclass(frozen=True, slots=True, init=False)
class ValuePolicy:
    """Untrusted keys (globs, as `fnmatch` reads them) and their treatment.

    ``untrusted`` maps a glob to ``"data"`` or ``"json"`` (see the strict grammar's data
    markers), or lists globs treated as ``"data"``; ``max_chars`` maps a glob to the number of
    characters a covered value is cut to, with a note saying how many were cut (only where you
    ask: nothing is cut by default). A glob matches the state key (``page_contents``,
    ``user:notes``) or ``artifact.`` and the artifact's name; the first matching glob wins.
    Hashable, so compiled templates are cached by it.
    """

    untrusted: tuple[tuple[str, str], ...]
    max_chars: tuple[tuple[str, int], ...]

    def __init__(
        self, untrusted: Mapping[str, str] | Iterable[str] = (), *, max_chars: Mapping[str, int] | None = None
    ) -> None:
        """Check and keep the globs; raises ``ValueError`` or ``TypeError`` naming a bad entry."""
        pairs = untrusted.items() if isinstance(untrusted, Mapping) else ((glob, DATA) for glob in untrusted)
        checked = tuple((_glob(glob), _kind(glob, kind)) for glob, kind in pairs)
        limits = tuple((_glob(glob), _limit(glob, limit)) for glob, limit in (max_chars or {}).items())
        object.__setattr__(self, "untrusted", checked)
        object.__setattr__(self, "max_chars", limits)

    def marker_for(self, name: str) -> Marker | None:
        """The marker for a state key or ``artifact.NAME``; ``None`` if no glob covers it."""
        kind = _first(self.untrusted, name)
        if kind is None:
            return None
        return Marker(kind, _first(self.max_chars, name))

    def covers(self, name: str) -> bool:
        """Whether a glob of ``untrusted`` covers the state key or ``artifact.NAME``."""
        return _first(self.untrusted, name) is not None

    def apply(self, placeholder: Placeholder) -> Placeholder:
        """``placeholder`` with the policy's marker, if it covers its key. An explicit marker
        (``{page|json}``) keeps its kind and takes the policy's ``max_chars``, if any."""
        name = ARTIFACT_PREFIX + placeholder.key if placeholder.artifact else placeholder.key
        if placeholder.marker is not None:
            limit = _first(self.max_chars, name)
            if limit is None:
                return placeholder
            return dataclasses.replace(placeholder, marker=Marker(placeholder.marker.kind, limit))
        marker = self.marker_for(name)
        return placeholder if marker is None else dataclasses.replace(placeholder, marker=marker)


def _first(pairs: tuple[tuple[str, Value], ...], name: str) -> Value | None:
    return next((value for glob, value in pairs if fnmatchcase(name, glob)), None)


def _glob(glob: object) -> str:
    if not isinstance(glob, str) or not glob:
        raise TypeError(f"A value policy's key must be a non-empty glob string, got {glob!r}")
    return glob


def _kind(glob: str, kind: object) -> str:
    if kind not in MARKER_KINDS:
        choices = ", ".join(f"`{choice}`" for choice in MARKER_KINDS)
        raise ValueError(f"Treatment of `{glob}` is {kind!r}: expected one of {choices}")
    return str(kind)


def _limit(glob: str, limit: object) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise ValueError(f"`max_chars` of `{glob}` is {limit!r}: expected a positive whole number")
    return limit

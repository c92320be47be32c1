"""The `Dialect` record: the data that says how one ADK port (or ``strict``) reads and renders.

A dialect is a frozen record of plain data and small functions, one module per port in this
package, the way sqlglot keeps one module per SQL dialect. The compiler never tests a
dialect's name: everything that differs is a field here.

Regular expressions are kept as source text and compiled on first use (`compiled`), so
``import templating`` (and ``templating --version``) does not pay for patterns a run never
uses.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

__all__ = [
    "ARTIFACT_PREFIX",
    "BRACE_RUN_PATTERN",
    "MISSING",
    "STATE_PREFIXES",
    "Dialect",
    "Path",
    "compiled",
    "follow_path",
    "is_scoped_name",
    "never_a_syntax_error",
    "no_format_error_message",
]

#: The steps from a state value into a nested value: ``str`` for a dict key, ``int`` for a
#: list index.
Path = tuple[str | int, ...]

#: The scope prefixes a state key may carry. ``temp:`` keys are never persisted.
STATE_PREFIXES = ("app:", "user:", "temp:")

#: A placeholder whose name starts with this reads an artifact instead of state.
ARTIFACT_PREFIX = "artifact."

# The pattern adk-js, Go, Java and Kotlin write as `\{+[^{}]*\}+`: a run of `{`, a body
# without braces, a run of `}`, anywhere. Written that way, `re` tries every `{` of a long
# run as a start and backtracks through the rest of the run each time: 100,000 `{` took
# 133 s. A match can only start where a run starts (starting later in the same run fails
# exactly when starting at its first brace fails), so looking behind the first `{` for
# another one finds the very same groups in linear time (tests pin the equivalence).
BRACE_RUN_PATTERN = r"\{(?<!\{\{)\{*[^{}]*\}+"

_COMPILED: dict[str, re.Pattern[str]] = {}


def compiled(source: str) -> re.Pattern[str]:
    """The compiled pattern for ``source``, compiled once, on first use."""
    pattern = _COMPILED.get(source)
    if pattern is None:
        pattern = _COMPILED[source] = re.compile(source)
    return pattern


def is_scoped_name(name: str, is_identifier: Callable[[str], bool], *, first_colon: bool = False) -> bool:
    """Whether ``name`` is an identifier, or one scope prefix (``app:``, ``user:``,
    ``temp:``) and an identifier, by ``is_identifier``.

    Most ports split at every ``:`` and want one or two parts; with ``first_colon`` (Java's
    ``split(":", 2)``, Kotlin's ``indexOf(':')``) the rest after the first ``:`` is checked
    whole, which the identifier rule then rejects if it holds another ``:``.
    """
    parts = name.split(":", 1) if first_colon else name.split(":")
    if len(parts) == 1:
        return is_identifier(name)
    if len(parts) == 2:
        return parts[0] + ":" in STATE_PREFIXES and is_identifier(parts[1])
    return False


#: What `follow_path` returns when a step finds nothing.
MISSING: Any = object()


def follow_path(value: Any, path: Path) -> Any:
    """Follow ``path`` into ``value``: a ``str`` step is a mapping key, an ``int`` step a
    list or tuple index. Returns `MISSING` if a step finds nothing: a missing key, an
    index out of range, or a value of another type. Attributes are never read."""
    for step in path:
        if isinstance(step, str):
            if not isinstance(value, Mapping) or step not in value:
                return MISSING
        elif not isinstance(value, (list, tuple)) or step >= len(value):
            return MISSING
        value = value[step]
    return value


def never_a_syntax_error(name: str) -> str | None:
    """Accept every artifact name, as every ADK port does."""
    return None


def no_format_error_message(name: str, error: Exception) -> str | None:
    """Leave a formatting error's message to the generic one."""
    return None


def _empty() -> Mapping[str, str]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Dialect:
    """The rules that differ between dialects.

    - ``name``: what ``dialect=`` says; ``port``: the ADK port it renders as, by the name
      ``target-ports`` uses (``None`` for ``strict``, which is no port);
      ``implementation``: the port and version it follows, for messages and docs;
    - ``pattern``: the source of the pattern of brace groups the lexer cuts out of the text
      (compiled on first use: `group_pattern`);
    - ``strips_whitespace``, ``whitespace``: whether whitespace around a name inside braces
      is ignored, and which characters (``None``: Python's ``str.strip``);
    - ``read_name``: a name's state key and path, or ``None`` if it is not a state name;
    - ``follow_path``: how a path is followed into a state value (`MISSING`: not found);
    - ``escapes``: whether a doubled placeholder ``{{name}}`` renders as the text ``{name}``;
    - ``check_artifact_name``: a message if an artifact name is invalid (a syntax error);
    - ``format_value``, ``format_errors``, ``format_error_message``: how a state value
      becomes text, what that raises for a value it cannot format (turned into an error
      naming the key; none in ``adk``, where exceptions propagate as in ADK), and that
      error's text (``None``: the generic one);
    - ``missing_key_message``, ``missing_artifact_message``: an error's text, from the name
      and the agent's name;
    - ``format_artifact``: how a loaded artifact becomes text (``None``: google-adk's way);
      ``is_missing_artifact``: whether a loaded artifact counts as not found;
    - ``artifact_service_message``: the error when the context has no artifact service,
      raised even for ``{artifact.x?}``; ``None`` when the port treats that as a missing
      artifact; ``service_errors_first``: raised before any other error (Java throws it
      while it scans);
    - ``optional_hides_errors``: whether an optional placeholder renders empty when loading
      its artifact or formatting its value fails, instead of raising (Go, ADK-TS);
    - ``concurrent_artifacts``: whether ``render_async`` loads artifacts concurrently;
      ``state_errors_first``: whether a state error is raised before any artifact error
      (adk-js resolves every key at once and state lookups fail first);
    - ``inherited_values``: the text of keys found although no state holds them;
    - ``markers``: whether a name may end in a data marker, ``|data`` or ``|json``.
    """

    name: str
    port: str | None
    implementation: str
    pattern: str
    strips_whitespace: bool
    format_value: Callable[[Any], str]
    read_name: Callable[[str], tuple[str, Path] | None]
    whitespace: str | None = None
    follow_path: Callable[[Any, Path], Any] = follow_path
    escapes: bool = False
    check_artifact_name: Callable[[str], str | None] = never_a_syntax_error
    format_errors: tuple[type[Exception], ...] = ()
    format_error_message: Callable[[str, Exception], str | None] = no_format_error_message
    missing_key_message: Callable[[str, str], str] = lambda name, agent_name: ""
    missing_artifact_message: Callable[[str, str], str] = lambda name, agent_name: ""
    format_artifact: Callable[[Any], str] | None = None
    is_missing_artifact: Callable[[Any], bool] = lambda artifact: artifact is None
    artifact_service_message: str | None = "Artifact service is not initialized."
    service_errors_first: bool = False
    optional_hides_errors: bool = False
    concurrent_artifacts: bool = False
    state_errors_first: bool = False
    inherited_values: Mapping[str, str] = field(default_factory=_empty)
    markers: bool = False

    @property
    def group_pattern(self) -> re.Pattern[str]:
        """The compiled ``pattern``, compiled on first use."""
        return compiled(self.pattern)

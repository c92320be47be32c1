"""The keys of a ``[tool.templating]`` table, and the check of each value.

A table of keys and a small check rather than a pydantic model: every lint run in a
configured project reads this table, and importing pydantic costs more (about 50 ms) than the
rest of a pre-commit run on one file. The checks are the few a TOML value needs: its type,
its choices, and for ``docs-url`` an absolute URL.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from templating.dialects import DIALECT_NAMES, PORT_NAMES

__all__ = ["KEYS", "Key", "TableError", "validate_table"]


class TableError(ValueError):
    """A key of the table that is unknown or holds an invalid value."""

    def __init__(self, key: str, problem: str | None = None) -> None:
        super().__init__(key, problem)
        self.key = key
        #: What is wrong with the value; ``None`` when the key itself is unknown.
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Key:
    """One key: its TOML name, the `ToolConfig` field it fills, and what it accepts."""

    name: str
    #: ``text``, ``texts`` (a list of strings), ``rule table`` (strings to lists of strings),
    #: ``choice table`` (strings to one of ``choices``), ``count table`` (strings to positive
    #: integers), ``flag`` (a boolean), or ``optional text``.
    kind: str
    #: The values allowed (for ``texts``, of every item); empty: any.
    choices: tuple[str, ...] = ()
    #: Whether the value must be an absolute http(s) URL.
    url: bool = False
    #: What a table's keys are, for its message (``globs``, ``rules``).
    items: str = "globs"

    @property
    def field(self) -> str:
        """The `ToolConfig` attribute: the name with underscores."""
        return self.name.replace("-", "_")


#: Every key, in the order docs/settings.md documents them.
KEYS = (
    # The dialect and port names come from the dialect registry: a new port is never spelled here.
    Key("dialect", "text", DIALECT_NAMES),
    Key("select", "optional texts"),
    Key("extend-select", "texts"),
    Key("ignore", "texts"),
    Key("extend-ignore", "texts"),
    Key("per-file-ignores", "rule table"),
    Key("extend-per-file-ignores", "rule table"),
    Key("include", "texts"),
    Key("exclude", "texts"),
    Key("extend-exclude", "texts"),
    Key("state", "optional text"),
    Key("initial-state", "optional text"),
    Key("fail-level", "text", ("error", "warning", "info")),
    Key("severity", "choice table", ("error", "warning", "info"), items="rules"),
    Key("target-ports", "texts", PORT_NAMES),
    Key("force-exclude", "flag"),
    Key("docs-url", "optional text", url=True),
    Key("adk-version", "text", ("2.13", "1.x")),
    Key("untrusted", "choice table", ("data", "json")),
    Key("untrusted-max-chars", "count table"),
    Key("snapshot-folder", "optional text"),
    Key("snapshot-states", "texts"),
)

_BY_NAME = {spelling: key for key in KEYS for spelling in (key.name, key.field)}


def validate_table(table: dict[str, Any]) -> dict[str, Any]:
    """The table's values by `ToolConfig` field; raises `TableError` at the first bad key.

    Keys may be written with dashes (as documented) or underscores."""
    values = {}
    for name, value in table.items():
        key = _BY_NAME.get(name)
        if key is None:
            raise TableError(name)
        problem = _problem(key, value)
        if problem is not None:
            raise TableError(name, problem)
        values[key.field] = value
    return values


def _problem(key: Key, value: Any) -> str | None:
    """What is wrong with ``value`` for ``key``, or ``None``."""
    kind = key.kind.removeprefix("optional ")
    if kind == "flag":
        return None if isinstance(value, bool) else f"expected true or false, got {_shown(value)}"
    if kind == "text":
        if not isinstance(value, str):
            return f"expected a string, got {_shown(value)}"
        return _choice_problem(key, value) or _url_problem(key, value)
    if kind == "texts":
        if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
            return f"expected a list of strings, got {_shown(value)}"
        return next((problem for item in value if (problem := _choice_problem(key, item))), None)
    if kind == "choice table":
        if not isinstance(value, dict) or not all(isinstance(item, str) for item in value.values()):
            return f"expected a table of {key.items} to strings, got {_shown(value)}"
        return next((problem for item in value.values() if (problem := _choice_problem(key, item))), None)
    if kind == "count table":
        if not isinstance(value, dict) or not all(type(item) is int and item > 0 for item in value.values()):
            return f"expected a table of globs to positive integers, got {_shown(value)}"
        return None
    if not isinstance(value, dict) or not all(
        isinstance(codes, list) and all(isinstance(code, str) for code in codes) for codes in value.values()
    ):
        return f"expected a table of globs to lists of rule codes, got {_shown(value)}"
    return None


def _choice_problem(key: Key, value: str) -> str | None:
    if not key.choices or value in key.choices:
        return None
    return f"expected one of {', '.join(f'`{choice}`' for choice in key.choices)}, got `{value}`"


def _url_problem(key: Key, value: str) -> str | None:
    if not key.url or value.startswith(("http://", "https://")):
        return None
    return f"expected an absolute http:// or https:// URL, got `{value}`"


def _shown(value: Any) -> str:
    """A TOML value's type as the user wrote it."""
    names = {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "an array",
        dict: "a table",
    }
    return names.get(type(value), type(value).__name__)

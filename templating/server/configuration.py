"""The editor's settings for the server: what they change in ``[tool.templating]``.

A client may send settings in its initialization options (``{"settings": {...}}``) and again
in ``workspace/didChangeConfiguration`` (``{"templating": {...}}`` or the table itself). They
are the options ``templating lint`` takes on its command line, and win over the config file as
those do: ``dialect``, ``targetPorts``, ``select`` (a new selection), ``extendSelect`` and
``ignore`` (added to the config's). A setting left out, ``null`` or an empty list leaves
the config's value. An invalid setting is named in one message and left out; the others apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from templating.dialects import DIALECT_NAMES
from templating.lint.config import ConfigError, ToolConfig, build_settings
from templating.lint.settings import Settings

__all__ = ["ClientSettings", "client_settings"]

#: Each setting's name as the client spells it, and the `build_settings` option it sets.
_NAMES = {
    "dialect": "dialect",
    "targetPorts": "target_ports",
    "select": "select",
    "extendSelect": "extend_select",
    "ignore": "ignore",
}


@dataclass(frozen=True, slots=True)
class ClientSettings:
    """The settings the editor sets (``None``: the config file's value stands)."""

    dialect: str | None = None
    target_ports: tuple[str, ...] | None = None
    select: tuple[str, ...] | None = None
    extend_select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] | None = None
    #: The settings that were given but are invalid, each with why (said once to the user).
    problems: tuple[str, ...] = field(default=(), compare=False)

    def settings(self, config: ToolConfig, root: Path, base: Path | None = None) -> Settings:
        """``config`` (of the project at ``root``, its paths relative to ``base``, by default
        ``root``) with these settings over it, as command-line options."""
        return build_settings(
            config,
            root,
            base=base,
            dialect=self.dialect,
            target_ports=_listed(self.target_ports),
            select=_listed(self.select),
            extend_select=_listed(self.extend_select),
            ignore=_listed(self.ignore),
        )

    def describe(self) -> str | None:
        """What is wrong with the settings the editor sent, or ``None``."""
        if not self.problems:
            return None
        return "templating: editor settings not used: " + "; ".join(self.problems)


def client_settings(sent: object) -> ClientSettings:
    """The settings in what the client sent (``{"templating": {...}}`` or the table itself);
    each invalid one is left out and said in `ClientSettings.problems`."""
    table = _table(sent)
    chosen: dict[str, Any] = {}
    problems = []
    for spelled, name in _NAMES.items():
        value = table.get(spelled)
        if value is None or value == []:
            continue
        problem = _problem(name, value)
        if problem is None:
            problem = _rejected(ClientSettings(**{**chosen, name: value if isinstance(value, str) else tuple(value)}))
        if problem is not None:
            problems.append(f"`{spelled}`: {problem}")
            continue
        chosen[name] = value if isinstance(value, str) else tuple(value)
    return ClientSettings(**chosen, problems=tuple(problems))


def _listed(value: tuple[str, ...] | None) -> list[str] | None:
    return None if value is None else list(value)


def _table(sent: object) -> Mapping[str, Any]:
    if not isinstance(sent, Mapping):
        return {}
    inner = sent.get("templating")
    return inner if isinstance(inner, Mapping) else sent


def _problem(name: str, value: object) -> str | None:
    """Why ``value`` cannot be the setting ``name`` by its type alone, or ``None``."""
    if name == "dialect":
        if value in DIALECT_NAMES:
            return None
        return f"expected one of {', '.join(DIALECT_NAMES)}, got {value!r}"
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return None
    return f"expected a list of texts, got {value!r}"


def _rejected(settings: ClientSettings) -> str | None:
    """What `build_settings` says of these settings (an unknown rule or port), or ``None``."""
    try:
        settings.settings(ToolConfig(), Path.cwd())
    except ConfigError as error:
        return str(error)
    return None

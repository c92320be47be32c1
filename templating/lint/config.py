"""Read ``[tool.templating]`` from ``pyproject.toml`` and state schemas, into `Settings`.

The closest ``pyproject.toml`` with a ``[tool.templating]`` table above the first path wins.
Unknown keys are errors. Keys: ``dialect``, ``select``, ``extend-select``, ``ignore``,
``extend-ignore``, ``per-file-ignores``, ``extend-per-file-ignores``, ``include``, ``exclude``,
``extend-exclude``, ``state`` (a sample state or a JSON Schema file), ``fail-level``,
``severity`` (rule to ``"error"``, ``"warning"`` or ``"info"``), ``force-exclude``, ``docs-url``, ``target-ports``, ``adk-version`` (``"2.13"`` or ``"1.x"``),
``untrusted`` and ``untrusted-max-chars`` (a `ValuePolicy`), ``snapshot-folder`` and
``snapshot-states`` (what ``templating snapshot`` writes, at which sample states).
"""

from __future__ import annotations

import json
import os
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from templating.dialects import PORT_NAMES
from templating.lint.config_table import TableError, validate_table
from templating.lint.registry import DOCS_URL, is_known_selector, select_rules
from templating.lint.rule import Severity
from templating.lint.settings import Settings
from templating.lint.severities import SeverityError, parse_severity_options, rule_severities
from templating.policy import ValuePolicy
from templating.project.edge import is_inside, project_edge
from templating.project.roots import common_root
from templating.regular_file import read_regular
from templating.state_shape import state_keys

__all__ = [
    "PORT_NAMES", "ConfigError", "Located", "ToolConfig", "build_settings", "find_config", "load_state",
    "load_state_keys", "locate", "parse_state", "read_config",
]  # fmt: skip


#: Where ``templating snapshot`` keeps the requests, under the project root, unless configured.
SNAPSHOT_FOLDER = "request-snapshots"


class ConfigError(Exception):
    """An invalid configuration, command-line selection or state file; exits with status 2."""


@dataclass(frozen=True, slots=True)
class ToolConfig:
    """The ``[tool.templating]`` table, validated (see `templating.lint.config_table`)."""

    dialect: str = "adk"
    select: list[str] | None = None
    extend_select: list[str] = field(default_factory=list)
    ignore: list[str] = field(default_factory=list)
    extend_ignore: list[str] = field(default_factory=list)
    per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    extend_per_file_ignores: dict[str, list[str]] = field(default_factory=dict)
    include: list[str] = field(default_factory=list)
    exclude: list[str] = field(default_factory=list)
    extend_exclude: list[str] = field(default_factory=list)
    state: str | None = None
    initial_state: str | None = None
    fail_level: str = "warning"
    severity: dict[str, str] = field(default_factory=dict)
    target_ports: list[str] = field(default_factory=lambda: ["python"])
    force_exclude: bool = False
    docs_url: str | None = None
    adk_version: str = "2.13"
    untrusted: dict[str, str] = field(default_factory=dict)
    untrusted_max_chars: dict[str, int] = field(default_factory=dict)
    snapshot_folder: str | None = None
    snapshot_states: list[str] = field(default_factory=list)


def find_config(root: Path) -> tuple[ToolConfig, Path]:
    """The closest ``[tool.templating]`` table at or above the project root ``root`` (a
    ``pyproject.toml`` without one is skipped, as ruff skips one without ``[tool.ruff]``) and
    the folder its paths and globs are relative to: its own, or ``root`` when there is none."""
    absolute = Path(os.path.normpath(root.absolute()))
    for candidate in (absolute, *absolute.parents):
        file = candidate / "pyproject.toml"
        if file.is_file():
            table = _read_table(file)
            if table is not None:
                return _validate(table, file), candidate
    return ToolConfig(), absolute


def read_config(file: Path) -> ToolConfig:
    """The config in ``file`` itself (``--config FILE``): its ``[tool.templating]`` table, else
    the defaults. Raises `ConfigError` when ``file`` cannot be read or is not valid TOML."""
    table = _read_table(file)
    return _validate(table, file) if table is not None else ToolConfig()


@dataclass(frozen=True, slots=True)
class Located:
    """Where a command's project is and what configures it: the project ``root`` (found from
    the path named, whatever configures it), the ``config``, and the folder ``base`` its paths
    and globs are relative to."""

    config: ToolConfig
    root: Path
    base: Path


def locate(paths: Sequence[Path], *, config_file: Path | None = None, isolated: bool = False) -> Located:
    """The project ``paths`` (the paths named, or the working folder) are in, and its config:
    ``config_file`` (``--config``) chooses the settings, never the project, and its paths
    are relative to the project's root, as if its table were in the project's own
    ``pyproject.toml``; ``isolated`` reads no config at all."""
    root = common_root(paths or [Path(".")])
    if isolated:
        return Located(ToolConfig(), root, root)
    if config_file is not None:
        if not config_file.exists():
            raise ConfigError(f"{config_file}: no such config file")
        return Located(read_config(config_file), root, root)
    config, base = find_config(root)
    return Located(config, root, base)


def _read_table(file: Path) -> dict | None:
    try:
        data = tomllib.loads(read_regular(file).decode("utf-8"))
    except RecursionError:
        raise ConfigError(f"{file}: cannot read the config (it nests too deeply)") from None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise ConfigError(f"{file}: cannot read the config ({_reason(error)})") from None
    tool = _table(data.get("tool", {}), "tool", file)
    table = tool.get("templating")
    return None if table is None else _table(table, "tool.templating", file)


def _table(value: object, key: str, file: Path) -> dict:
    """``value`` if it is a TOML table; TOML allows ``tool = 1``, which leaves no table to read."""
    if not isinstance(value, dict):
        raise ConfigError(f"{file}: `{key}` must be a table, got {type(value).__name__}")
    return value


def _validate(table: dict, file: Path) -> ToolConfig:
    try:
        return ToolConfig(**validate_table(table))
    except TableError as error:
        if error.problem is None:
            raise ConfigError(f"{file}: unknown key `{error.key}` in [tool.templating]") from None
        raise ConfigError(f"{file}: invalid value for `{error.key}` in [tool.templating]: {error.problem}") from None


def build_settings(
    config: ToolConfig,
    root: Path,
    *,
    base: Path | None = None,
    select: list[str] | None = None,
    extend_select: list[str] | None = None,
    ignore: list[str] | None = None,
    per_file_ignores: list[str] | None = None,
    extend_per_file_ignores: list[str] | None = None,
    extend_exclude: list[str] | None = None,
    state: Path | None = None,
    initial_state: Path | None = None,
    dialect: str | None = None,
    fail_level: str | None = None,
    severity: list[str] | None = None,
    target_ports: list[str] | None = None,
    force_exclude: bool | None = None,
    adk_version: str | None = None,
) -> Settings:
    """Merge the config with command-line options (which win) into `Settings`.

    As in ruff, a command-line ``select`` starts the selection afresh (the config's
    ``extend-select`` with it); ``extend-select`` adds to the ``select`` of its own layer.
    ``per_file_ignores`` from the command line replace the config's, ``extend_per_file_ignores``
    add to them; both are ``GLOB:CODES`` texts. ``severity`` (``RULE=LEVEL`` texts) is set
    over the config's table, rule by rule. ``root`` is the project's root, ``base`` the folder
    the config's paths are relative to (default: ``root``)."""
    base = base if base is not None else root
    chosen, extended = (select, []) if select is not None else (config.select, config.extend_select)
    extended = [*extended, *(extend_select or [])]
    ignored = [*config.ignore, *config.extend_ignore, *(ignore or [])]
    for selector in [*(chosen or []), *extended, *ignored]:
        _check_selector(selector)
    ports = target_ports if target_ports is not None else config.target_ports
    for port in ports:
        if port not in PORT_NAMES:
            expected = ", ".join(f"`{name}`" for name in PORT_NAMES)
            raise ConfigError(f"unknown ADK port `{port}` in target ports: expected {expected}")
    state_file = state if state is not None else (base / config.state if config.state else None)
    if state is None and state_file is not None:
        _inside_project(state_file, base, "state")
    per_file = _per_file_ignores(config, per_file_ignores, extend_per_file_ignores)
    state_data = load_state(state_file) if state_file else None
    # The state sessions start with: its keys are written before anything runs (a sample is not).
    seed_file = (
        initial_state if initial_state is not None else (base / config.initial_state if config.initial_state else None)
    )
    if initial_state is None and seed_file is not None:
        _inside_project(seed_file, base, "initial-state")
    seeds = load_state(seed_file) if seed_file else None
    samples = tuple(root / name for name in config.snapshot_states)
    snapshots = root / (config.snapshot_folder or SNAPSHOT_FOLDER)
    if config.snapshot_folder:  # the default is the project's by its name (`snapshot` refuses a link out)
        _inside_project(snapshots, root, "snapshot-folder")
    for sample in samples:
        _inside_project(sample, root, "snapshot-states")
    try:
        severities = rule_severities({**config.severity, **parse_severity_options(severity or [])})
    except SeverityError as error:
        raise ConfigError(str(error)) from None
    return Settings(
        dialect=dialect or config.dialect,
        enabled=select_rules(chosen, ignored) | (select_rules(extended, ignored) if extended else frozenset()),
        per_file_ignores=per_file,
        include=tuple(config.include),
        exclude=(*config.exclude, *config.extend_exclude, *(extend_exclude or [])),
        known_keys=state_keys(state_data) if state_data is not None else None,
        state=state_data,
        seed_keys=state_keys(seeds) if seeds is not None else frozenset(),
        seeds=seeds,
        fail_level=Severity[(fail_level or config.fail_level).upper()],
        severities=severities,
        target_ports=tuple(dict.fromkeys(ports)),
        adk_version=adk_version or config.adk_version,
        root=root,
        base=base,
        force_exclude=config.force_exclude if force_exclude is None else force_exclude,
        docs_url=config.docs_url or DOCS_URL,
        policy=ValuePolicy(config.untrusted, max_chars=config.untrusted_max_chars) if config.untrusted else None,
        snapshot_folder=snapshots,
        snapshot_states=samples,
    )


def _inside_project(file: Path, folder: Path, setting: str) -> None:
    """A file a repository's own config names must be the repository's: ``state =
    "/home/me/.ssh/config"``, ``initial-state = "../other/state.json"`` or a link out of the
    project is refused (``--state`` and ``--initial-state``, which you type yourself, may name
    any file). ``folder`` is the config's (or the project's) folder; its edge is
    `templating.project.edge`'s, as for every file read."""
    if not is_inside(os.path.realpath(file), project_edge(folder)):
        raise ConfigError(
            f"{folder / 'pyproject.toml'}: `{setting}` names {file}, outside the project: name a file inside it"
        )


def _check_selector(selector: str) -> None:
    if not is_known_selector(selector):
        raise ConfigError(f"unknown rule `{selector}` (see `templating rule --all`)")


def _per_file_ignores(
    config: ToolConfig, replaced: list[str] | None, extended: list[str] | None
) -> tuple[tuple[str, frozenset[str]], ...]:
    """The globs and the codes each turns off: the config's (or the command line's in their
    place), then those that extend them."""
    table = {**config.per_file_ignores} if replaced is None else parse_per_file_ignores(replaced)
    for glob, codes in [*config.extend_per_file_ignores.items(), *parse_per_file_ignores(extended or []).items()]:
        table[glob] = [*table.get(glob, []), *codes]
    for codes in table.values():
        for code in codes:
            _check_selector(code)
    return tuple((glob, select_rules(codes, ())) for glob, codes in table.items())


def parse_per_file_ignores(values: list[str]) -> dict[str, list[str]]:
    """``GLOB:CODES`` texts (``tests/*:TPL001,TPL003``; ruff's ``a.py:TPL001,b.py:TPL003`` too)
    as a table of globs to codes: a comma-separated item with a ``:`` starts a glob's codes."""
    table: dict[str, list[str]] = {}
    for value in values:
        glob = None
        for part in value.split(","):
            before, colon, code = part.rpartition(":")
            if colon:
                glob = before.strip()
                if not glob:
                    raise ConfigError(f"per-file-ignores: `{value}` has no glob before `:` (expected GLOB:CODES)")
                table.setdefault(glob, [])
            if glob is None:
                raise ConfigError(f"per-file-ignores: `{value}` has no `:` (expected GLOB:CODES, as tests/*:TPL001)")
            if not code.strip():
                raise ConfigError(f"per-file-ignores: `{value}` names no rule after `:` (expected GLOB:CODES)")
            table[glob].append(code.strip())
    return table


def load_state_keys(file: Path) -> frozenset[str]:
    """The top-level keys of a sample state (a JSON object) or of a JSON Schema's ``properties``."""
    return state_keys(load_state(file))


def load_state(file: Path) -> dict:
    """A sample state (a JSON object) or a JSON Schema, as read from ``file``."""
    try:
        text = read_regular(file).decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{file}: no such state file") from None
    except UnicodeDecodeError as error:
        raise ConfigError(f"{file}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise ConfigError(f"{file}: cannot read the state ({_reason(error)})") from None
    return parse_state(text, str(file))


def parse_state(text: str, name: str) -> dict:
    """The JSON object in ``text`` (the file ``name``). `templating render --state` reads its
    state here too: one mistake gets one wording, whichever command finds it."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise ConfigError(f"{name}: invalid JSON: {error.msg} (at line {error.lineno}, column {error.colno})") from None
    except ValueError:  # `int()`'s digit limit, which the JSON decoder does not wrap
        raise ConfigError(f"{name}: invalid JSON: a number too long to read (over 4,300 digits)") from None
    except RecursionError:
        raise ConfigError(f"{name}: invalid JSON: it nests too deeply to read") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{name}: the state must be a JSON object, got {type(data).__name__}")
    return data


def _reason(error: Exception) -> str:
    """An error's reason without the path the message already starts with."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error)

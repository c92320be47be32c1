"""The settings one lint run uses, after the config file and the command line are merged."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from templating.lint.registry import DOCS_URL, RULES, select_rules
from templating.lint.rule import Severity
from templating.policy import ValuePolicy

__all__ = ["Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """How to lint: the dialect, enabled rule codes, per-file ignores, known state keys.

    ``root`` is the project's root (`templating.project.roots`): its files are read for the
    project rules, no file out of it is, and its cache is kept there. ``base`` is the folder
    the configuration's globs and paths are relative to (its own folder, which may be above
    ``root`` in a repository of several projects; ``None``: ``root``; see `glob_root`).
    ``per_file_ignores`` maps a glob to the codes ignored there;
    ``include`` lists globs of prompt files to lint when walking folders. ``state`` is the
    sample state or JSON Schema ``known_keys`` came from, for checking ``strict`` paths; a
    sample is never taken as written (``seed_keys``, from ``initial-state``, are).
    ``target_ports`` names the ADK ports the instructions must render alike in (TPL017).
    ``force_exclude`` applies ``exclude`` to files named explicitly; ``docs_url`` is the
    documentation site the JSON and SARIF reports link rules to.
    ``adk_version`` is the ADK Python the instructions run on: ``"2.13"`` or ``"1.x"``.
    ``policy`` is the value policy of ``untrusted`` (keys declared untrusted, and how they are
    written), or ``None``.
    """

    dialect: str = "adk"
    enabled: frozenset[str] = field(default_factory=lambda: select_rules(None, ()))
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = ()
    include: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    known_keys: frozenset[str] | None = None
    state: Mapping[str, Any] | None = field(default=None, compare=False)
    #: The keys of the initial state (``initial-state``): written before anything runs.
    seed_keys: frozenset[str] = frozenset()
    #: The initial state itself (``initial-state``), when configured.
    seeds: Mapping[str, Any] | None = field(default=None, compare=False)
    fail_level: Severity = Severity.WARNING
    target_ports: tuple[str, ...] = ("python",)
    adk_version: str = "2.13"
    root: Path = field(default_factory=Path.cwd)
    base: Path | None = None
    force_exclude: bool = False
    docs_url: str = DOCS_URL
    policy: ValuePolicy | None = None
    #: Whether noqa comments silence findings (TPL100 lints once more without them).
    respect_noqa: bool = True
    #: The severity configured for a rule, by code (``severity``): its findings carry it.
    severities: tuple[tuple[str, Severity], ...] = ()
    #: Where ``templating snapshot`` keeps the requests, and the sample states it writes them at.
    snapshot_folder: Path | None = None
    snapshot_states: tuple[Path, ...] = ()

    @property
    def glob_root(self) -> Path:
        """The folder ``include``, ``exclude`` and ``per-file-ignores`` globs are relative to."""
        return self.base if self.base is not None else self.root

    def is_enabled(self, code: str) -> bool:
        """Whether rule ``code`` runs."""
        return code in self.enabled

    @staticmethod
    def all_codes() -> frozenset[str]:
        """Every rule code."""
        return frozenset(rule.code for rule in RULES)

"""What the subcommands share: exit codes, the usage error, the parser class, reading input
files, and the settings of the project (`project_settings`, read from its config as `templating
lint` reads it), the one place a command other than lint reads the linter's config.
The project itself is read through the project layer's front door (`project_model`)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

from templating.cli.batch import batch_collections
from templating.regular_file import read_regular

if TYPE_CHECKING:
    from templating.lint.settings import Settings
    from templating.project.model.assembly import ProjectModel

__all__ = [
    "EXIT_FAILURE",
    "EXIT_OK",
    "EXIT_USAGE",
    "CommandParser",
    "UsageError",
    "is_shown",
    "project_model",
    "project_settings",
    "read_state",
    "read_text",
]

EXIT_OK = 0
EXIT_FAILURE = 1
EXIT_USAGE = 2


class UsageError(Exception):
    """A problem with the command line, the config or an input file; exits with status 2."""


class CommandParser(argparse.ArgumentParser):
    """An argument parser whose errors name the command they belong to and say where the help is.

    argparse hands arguments no subcommand knows to the top-level parser, which would print
    ``templating``'s usage for ``templating lint --bogus``; here the command's own parser
    reports them, with its own usage."""

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        """Parse as argparse does, then let the chosen command's parser report what is left."""
        arguments, extra = super().parse_known_args(args, namespace)
        if extra and self._subparsers is not None:
            command = getattr(arguments, "command", None)
            self._command_parser(command).error(f"unrecognized arguments: {' '.join(extra)}")
        return arguments, extra

    def error(self, message: str) -> NoReturn:
        """Print the usage, the error and where the help is; exit with status 2."""
        self.print_usage(sys.stderr)
        self.exit(2, f"{self.prog}: error: {message}\n\nFor more information, try `{self.prog} --help`.\n")

    def _command_parser(self, command: str | None) -> argparse.ArgumentParser:
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction) and command in action.choices:
                return action.choices[command]
        return self


def project_settings(paths: Sequence[Path], *, dialect: str | None = None) -> Settings:
    """The settings of the project ``paths`` are in, found as ``templating lint`` finds them
    (the project's root, and the ``[tool.templating]`` table closest to it: include, exclude,
    dialect, state, ...), so that ``graph``, ``render --explain`` and ``cache-report`` see the
    same files and keys as lint."""
    from templating.lint.config import ConfigError, build_settings, locate

    named = [path for path in paths if str(path) != "-"]
    try:
        located = locate(named or [Path(".")])
        return build_settings(located.config, located.root, base=located.base, dialect=dialect)
    except ConfigError as error:
        raise UsageError(str(error)) from None


def project_model(paths: Sequence[Path], *, dialect: str | None = None) -> ProjectModel:
    """The project model of ``paths`` and of the rest of their project (a key seeded or written
    in a file not named is still written), read with its settings (as `project_settings`); a
    path that does not exist is a `UsageError`."""
    from templating.project.reading import read_project

    settings = project_settings(paths, dialect=dialect)
    try:
        with batch_collections():  # as `lint` reads: a 5 MB YAML workflow composed 2.8 times faster
            return read_project(
                paths, root=settings.root, include=settings.include, exclude=settings.exclude,
                dialect=settings.dialect, base=settings.glob_root, whole=True,
            )  # fmt: skip
    except FileNotFoundError as error:
        raise UsageError(str(error)) from None


def is_shown(file: str, paths: Sequence[Path]) -> bool:
    """Whether ``file`` (a path as findings show it) is one of ``paths`` or under one: what
    ``graph`` draws and ``cache-report`` reports of a project read whole."""
    absolute = os.path.normpath(os.path.abspath(file))
    for path in paths:
        named = os.path.normpath(os.path.abspath(path))
        if absolute == named or absolute.startswith(os.path.join(named, "")):
            return True
    return False


def read_text(path: Path) -> str:
    """Read a UTF-8 file (``-`` for stdin); raise `UsageError` if that fails."""
    if str(path) == "-":
        return sys.stdin.read()
    try:
        return read_regular(path).decode("utf-8")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read ({error.strerror})") from None


def read_state(path: Path) -> dict:
    """A state file (a JSON object), read and worded as `templating lint --state` reads it."""
    from templating.lint.config import ConfigError, parse_state

    try:
        return parse_state(read_text(path), str(path))
    except ConfigError as error:
        raise UsageError(str(error)) from None

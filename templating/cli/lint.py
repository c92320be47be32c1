"""``templating lint [PATH ...]``: find instruction hazards in agent code, configs and prompts.

``-`` reads standard input (``--stdin-filename`` names it and picks the parser). The output
format defaults to ``full`` on a terminal and ``concise`` otherwise (or
``$TEMPLATING_OUTPUT_FORMAT``). ``--fix`` applies the safe fixes and reports what remains;
``--diff`` prints them as a unified diff instead. Neither ever writes a file the config's
``exclude`` matches, even one named on the command line.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from templating.cli.batch import batch_collections
from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError
from templating.cli.lint_output import Output, enumerate_fixes
from templating.dialects import DIALECT_NAMES, PORT_NAMES
from templating.lint.config import ConfigError, build_settings, locate
from templating.lint.formats import FORMATS, summarize
from templating.lint.linter import LintResult, lint_paths, lint_text
from templating.lint.settings import Settings
from templating.printable import printable
from templating.project.files import is_excluded

if TYPE_CHECKING:
    from templating.lint.fixes import FileFix

#: The ADK Python versions whose injection differs in ways the rules depend on.
ADK_VERSIONS = ("2.13", "1.x")

__all__ = ["add_arguments"]


def add_arguments(lint: argparse.ArgumentParser) -> None:
    """Declare the ``lint`` options, grouped as ruff groups its own."""
    lint.epilog = "For help with a rule, see: `templating rule TPLxxx` (`templating rule --all` lists them)."
    lint.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .); '-' reads stdin")
    lint.add_argument("--fix", action="store_true", help="apply the safe fixes ([*]) to the files")
    lint.add_argument("--diff", action="store_true", help="print the safe fixes as a unified diff; write nothing")
    lint.add_argument("--show-fixes", action="store_true", help="list the fixes applied (or, without --fix, offered)")
    lint.add_argument(
        "--add-noqa", action="store_true", help="add a noqa comment for each finding, where the linter reads it"
    )
    lint.add_argument("--output-format", choices=sorted(FORMATS), help="default: full on a terminal, else concise")
    lint.add_argument(
        "-o", "--output-file", type=Path, metavar="FILE", help="write the report to this file instead of stdout"
    )
    lint.add_argument("--statistics", action="store_true", help="print how many findings each rule has")
    lint.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    lint.add_argument("--fail-level", choices=("error", "warning", "info"), help="lowest severity that fails")
    lint.add_argument(
        "--severity", action="append", metavar="RULE=LEVEL",
        help="the severity of a rule's findings, over the config's (TPL015=error,TPL010=info)",
    )  # fmt: skip
    rules = lint.add_argument_group("rule selection")
    rules.add_argument(
        "--select", action="append", metavar="CODES", help="rule codes, prefixes or names to enable (comma-separated)"
    )
    rules.add_argument(
        "--extend-select", action="append", metavar="CODES", help="like --select, but added to the selection"
    )
    rules.add_argument(
        "--ignore", action="append", metavar="CODES", help="rule codes, prefixes or names to disable (comma-separated)"
    )
    rules.add_argument("--extend-ignore", action="append", metavar="CODES", help="the same as --ignore")
    rules.add_argument(
        "--per-file-ignores", action="append", metavar="GLOB:CODES",
        help="rules to disable in the files a glob matches, in place of the config's (tests/*:TPL001,TPL003)",
    )  # fmt: skip
    rules.add_argument(
        "--extend-per-file-ignores", action="append", metavar="GLOB:CODES",
        help="like --per-file-ignores, but added to the config's",
    )  # fmt: skip
    templates = lint.add_argument_group("templates and state")
    templates.add_argument("--dialect", choices=DIALECT_NAMES, help="template dialect (default: from config, else adk)")
    templates.add_argument(
        "--target-ports",
        metavar="PORTS",
        help=f"ADK ports the instructions must render alike in, comma-separated: {','.join(PORT_NAMES)} (TPL017)",
    )
    templates.add_argument(
        "--adk-version", choices=ADK_VERSIONS, help="the ADK Python the agents run on (default: 2.13)"
    )
    templates.add_argument(
        "--state", type=Path, metavar="FILE", help="a sample state (JSON object) or JSON Schema of the state"
    )
    templates.add_argument(
        "--initial-state",
        type=Path,
        metavar="FILE",
        help="the state sessions start with (JSON object): its keys count as written before anything runs",
    )
    configuration = lint.add_argument_group("configuration")
    configuration.add_argument(
        "--config", type=Path, metavar="FILE",
        help="the settings to use: a TOML file with a [tool.templating] table (default: the closest pyproject.toml's)",
    )  # fmt: skip
    configuration.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    files = lint.add_argument_group("file selection")
    files.add_argument(
        "--force-exclude", action=argparse.BooleanOptionalAction, default=None,
        help="apply the config's exclude to files named on the command line too (as pre-commit names them)",
    )  # fmt: skip
    files.add_argument(
        "--extend-exclude", action="append", metavar="GLOBS",
        help="globs of files to leave out, added to the config's `exclude` (comma-separated)",
    )  # fmt: skip
    files.add_argument(
        "--stdin-filename", metavar="NAME", help="the name of the file read from stdin (its suffix picks the parser)"
    )
    miscellaneous = lint.add_argument_group("miscellaneous")
    miscellaneous.add_argument(
        "--no-cache",
        action="store_true",
        # As RUFF_NO_CACHE does for ruff: a CI job or a test run turns the cache off once.
        default=bool(os.environ.get("TEMPLATING_NO_CACHE")),
        help="neither read nor write .templating_cache/ (also: TEMPLATING_NO_CACHE=1)",
    )
    miscellaneous.add_argument(
        "--jobs", "-j", type=_positive, metavar="N", help="worker processes (default: by the number of files and CPUs)"
    )
    miscellaneous.add_argument(
        "--color", choices=("auto", "always", "never"), default="auto", help="colour the text output"
    )
    levels = lint.add_argument_group("log levels")
    levels.add_argument("-q", "--quiet", action="store_true", help="print the findings only, no summary")
    levels.add_argument("-s", "--silent", action="store_true", help="print nothing; the exit code still tells")
    lint.set_defaults(handler=_run_lint)


def _run_lint(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    if (arguments.fix or arguments.diff) and any(str(path) == "-" for path in paths):
        raise UsageError("--fix and --diff need files: standard input cannot be fixed in place")
    if arguments.add_noqa and (arguments.fix or arguments.diff or any(str(path) == "-" for path in paths)):
        raise UsageError("--add-noqa writes the files named: not with --fix, --diff or standard input")
    output = Output(arguments)
    try:
        settings = _settings(arguments, paths)
        with batch_collections():
            result = _lint(paths, settings, arguments)
        if arguments.add_noqa:
            return _add_noqa(paths, settings, result, output)
        if arguments.diff:
            return _print_diff(_fixable(result, settings), output)
        fixed = _fix(paths, settings, result, output) if arguments.fix else 0
        if fixed:
            result = _lint(paths, settings, arguments)
    except (ConfigError, FileNotFoundError) as error:
        raise UsageError(_with_hint(str(error))) from None
    for path in result.outside:
        output.note(f"warning: {printable(path.as_posix())}: not read: a symbolic link out of the project")
    for path in result.empty:
        output.note(f"warning: {path}: nothing to lint (no agent code, YAML or prompt file matched by include)")
    output.report(result.findings, settings.docs_url)
    _summarize(arguments, output, result, fixed, settings)
    failing = [f for f in result.findings if f.severity >= settings.fail_level]
    return EXIT_FAILURE if failing and not arguments.exit_zero else EXIT_OK


def _with_hint(message: str) -> str:
    # A missing path that looks like an option came after `--`: the pre-commit hook's `args`.
    if message.startswith("-"):
        return (
            f"{message} (a name after `--` is a file: set options in [tool.templating] of pyproject.toml, "
            "or use the `templating-lint-fix` hook to fix)"
        )
    return message


def _summarize(
    arguments: argparse.Namespace, output: Output, result: LintResult, fixed: int, settings: Settings
) -> None:
    if arguments.fix:
        output.summary(f"Fixed {fixed} finding{'s' if fixed != 1 else ''} ({len(result.findings)} remaining).")
    elif output.wants_summary:
        output.summary(summarize(result.findings, result.files))
    if arguments.show_fixes and not arguments.fix:
        offered = _fixable(result, settings)
        if offered:
            output.note("Fixable with `--fix`:\n" + enumerate_fixes(offered, result.findings))


# A fix can reveal another (a fixed group next to a fixable one); a few rounds settle it.
_FIX_ROUNDS = 4


def _fix(paths: list[Path], settings: Settings, result: LintResult, output: Output) -> int:
    """Apply safe fixes, re-linting between rounds; return how many were applied."""
    total = 0
    listed = []
    refused: set[Path] = set()
    for _ in range(_FIX_ROUNDS):
        files = [file for file in _fixable(result, settings) if file.path not in refused]
        written = [file for file in files if _write(file, settings.root, output, refused)]
        if not written:
            break
        total += sum(file.applied for file in written)
        listed.append(enumerate_fixes(written, result.findings))
        result = lint_paths(paths, settings, jobs=output.arguments.jobs, cache=not output.arguments.no_cache)
    if output.arguments.show_fixes and listed:
        output.note("Fixed:\n" + "\n".join(listed))
    return total


def _add_noqa(paths: list[Path], settings: Settings, result: LintResult, output: Output) -> int:
    """Write a noqa comment for each finding (never in a file the config excludes), in rounds
    as ``--fix`` does: silencing a finding can reveal another on the same text (one span shows
    its most specific finding). The exit code says whether findings remain."""
    from templating.lint.add_noqa import plan_noqa  # only --add-noqa plans comments

    added, unplaced, refused = 0, dict[str, int](), set[Path]()
    for _ in range(_FIX_ROUNDS):
        plan = plan_noqa(result.findings, settings.root)
        unplaced = plan.unplaced
        files = [file for file in plan.files if file.path not in refused]
        files = [file for file in files if not is_excluded(file.path, settings.glob_root, settings.exclude)]
        written = [file for file in files if _write(file, settings.root, output, refused)]
        if not written:
            break
        added += sum(file.applied for file in written)
        result = lint_paths(paths, settings, jobs=output.arguments.jobs, cache=not output.arguments.no_cache)
    output.summary(f"Added {added} noqa directive{'s' if added != 1 else ''}.")
    for reason, left in unplaced.items():
        output.warn(
            f"warning: {left} finding{'s' if left != 1 else ''} cannot take a noqa comment ({reason}): "
            "use `per-file-ignores`"
        )
    failing = [f for f in result.findings if f.severity >= settings.fail_level]
    return EXIT_FAILURE if failing and not output.arguments.exit_zero else EXIT_OK


def _write(file: FileFix, root: Path, output: Output, refused: set[Path]) -> bool:
    """Write one file's fixes; a file not written is said so, once, and never counted."""
    from templating.lint.fixes import FixNotWritten, write_fix  # only --fix writes

    try:
        write_fix(file, root)
    except FixNotWritten as error:
        refused.add(file.path)
        output.warn(f"warning: {file.path.as_posix()}: not fixed: {error}")
        return False
    return True


def _fixable(result: LintResult, settings: Settings) -> list[FileFix]:
    """The planned fixes, less those of files the config excludes: those are never written."""
    from templating.lint.fixes import plan_fixes  # only --fix, --diff and --show-fixes plan fixes

    return [
        file for file in plan_fixes(result.findings) if not is_excluded(file.path, settings.glob_root, settings.exclude)
    ]


def _print_diff(files: list[FileFix], output: Output) -> int:
    from templating.lint.fixes import format_diff

    for file in files:
        if not output.silent:
            sys.stdout.write(format_diff(file))
    count = sum(file.applied for file in files)
    output.note(f"Would fix {count} finding{'s' if count != 1 else ''}.")
    return EXIT_FAILURE if count else EXIT_OK


def _settings(arguments: argparse.Namespace, paths: list[Path]) -> Settings:
    named = [path for path in paths if str(path) != "-"]
    if len(named) < len(paths) and arguments.stdin_filename:
        named.append(Path(arguments.stdin_filename))
    located = locate(named, config_file=arguments.config, isolated=arguments.isolated)
    return build_settings(
        located.config,
        located.root,
        base=located.base,
        select=_split(arguments.select),
        extend_select=_split(arguments.extend_select),
        ignore=_split([*(arguments.ignore or []), *(arguments.extend_ignore or [])] or None),
        per_file_ignores=arguments.per_file_ignores,
        extend_per_file_ignores=arguments.extend_per_file_ignores,
        extend_exclude=_split(arguments.extend_exclude),
        state=arguments.state,
        initial_state=arguments.initial_state,
        dialect=arguments.dialect,
        fail_level=arguments.fail_level,
        severity=arguments.severity,
        target_ports=_split([arguments.target_ports]) if arguments.target_ports else None,
        force_exclude=arguments.force_exclude,
        adk_version=arguments.adk_version,
    )


def _lint(paths: list[Path], settings: Settings, arguments: argparse.Namespace) -> LintResult:
    files = [path for path in paths if str(path) != "-"]
    result = (
        lint_paths(files, settings, jobs=arguments.jobs, cache=not arguments.no_cache) if files else LintResult((), 0)
    )
    if len(files) == len(paths):
        return result
    display = arguments.stdin_filename or "-"
    read = lint_text(sys.stdin.read(), display, settings, path=Path(display))
    findings = tuple(sorted([*result.findings, *read], key=lambda finding: finding.sort_key))
    return LintResult(findings, result.files + 1, result.empty)


def _split(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _positive(value: str) -> int:
    number = int(value) if value.isdigit() else 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive whole number, got {value!r}")
    return number

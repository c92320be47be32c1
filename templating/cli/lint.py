"""``templating lint [PATH ...]``: find instruction hazards in Python, YAML and prompt files.

``-`` reads standard input (``--stdin-filename`` names it and picks the parser). The output
format defaults to ``full`` on a terminal and ``concise`` otherwise (or
``$TEMPLATING_OUTPUT_FORMAT``). ``--fix`` applies the safe fixes and reports what remains;
``--diff`` prints them as a unified diff instead.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from templating.cli.common import EXIT_FAILURE, EXIT_OK, UsageError
from templating.lint.config import ConfigError, ToolConfig, build_settings, find_config
from templating.lint.fixes import FileFix, format_diff, plan_fixes, write_fix
from templating.lint.formats import FORMATS, format_findings, summarize
from templating.lint.linter import LintResult, lint_paths, lint_text
from templating.lint.settings import Settings
from templating.syntax import DIALECT_NAMES

#: The ADK Python versions whose injection differs in ways the rules depend on.
ADK_VERSIONS = ("2.13", "1.x")

__all__ = ["add_lint_command"]


def add_lint_command(commands: argparse._SubParsersAction) -> None:
    """Register the ``lint`` subcommand."""
    lint = commands.add_parser("lint", help="find instruction hazards in Python, YAML and prompt files")
    lint.add_argument("paths", nargs="*", type=Path, help="files or folders (default: .); '-' reads stdin")
    lint.add_argument("--output-format", choices=sorted(FORMATS), help="default: full on a terminal, else concise")
    lint.add_argument("--select", action="append", help="rule codes, prefixes or names to enable (comma-separated)")
    lint.add_argument("--ignore", action="append", help="rule codes, prefixes or names to disable (comma-separated)")
    lint.add_argument("--state", type=Path, help="a sample state (JSON object) or JSON Schema of the state")
    lint.add_argument("--dialect", choices=DIALECT_NAMES, help="template dialect (default: from config, else adk)")
    lint.add_argument("--adk-version", choices=ADK_VERSIONS, help="the ADK Python the agents run on (default: 2.13)")
    lint.add_argument("--fail-level", choices=("error", "warning", "info"), help="lowest severity that fails")
    lint.add_argument("--fix", action="store_true", help="apply the safe fixes ([*]) to the files")
    lint.add_argument("--diff", action="store_true", help="print the safe fixes as a unified diff; write nothing")
    lint.add_argument("--exit-zero", action="store_true", help="exit 0 even when there are findings")
    lint.add_argument("--stdin-filename", help="the name of the file read from stdin (its suffix picks the parser)")
    lint.add_argument("--config", type=Path, help="the pyproject.toml to read (default: the closest one)")
    lint.add_argument("--isolated", action="store_true", help="ignore every configuration file")
    lint.add_argument("--color", choices=("auto", "always", "never"), default="auto", help="colour the text output")
    lint.set_defaults(handler=_run_lint)


def _run_lint(arguments: argparse.Namespace) -> int:
    paths = arguments.paths or [Path(".")]
    if (arguments.fix or arguments.diff) and any(str(path) == "-" for path in paths):
        raise UsageError("--fix and --diff need files: standard input cannot be fixed in place")
    try:
        settings = _settings(arguments, paths)
        result = _lint(paths, settings, arguments.stdin_filename)
        if arguments.diff:
            return _print_diff(plan_fixes(result.findings))
        fixed = _fix(paths, settings, result) if arguments.fix else 0
        if fixed:
            result = _lint(paths, settings, arguments.stdin_filename)
    except (ConfigError, FileNotFoundError) as error:
        raise UsageError(str(error)) from None
    output_format = arguments.output_format or _default_format()
    sys.stdout.write(format_findings(result.findings, output_format, _use_color(arguments.color)))
    if arguments.fix:
        print(f"Fixed {fixed} finding{'s' if fixed != 1 else ''} ({len(result.findings)} remaining).")
    elif output_format in ("concise", "full"):
        print(summarize(result.findings, result.files))  # on stdout, as ruff prints it
    failing = [f for f in result.findings if f.severity >= settings.fail_level]
    return EXIT_FAILURE if failing and not arguments.exit_zero else EXIT_OK


# A fix can reveal another (a fixed group next to a fixable one); a few rounds settle it.
_FIX_ROUNDS = 4


def _fix(paths: list[Path], settings: Settings, result: LintResult) -> int:
    """Apply safe fixes, re-linting between rounds; return how many were applied."""
    total = 0
    for _ in range(_FIX_ROUNDS):
        files = plan_fixes(result.findings)
        if not files:
            break
        for file in files:
            write_fix(file)
        total += sum(file.applied for file in files)
        result = lint_paths(paths, settings)
    return total


def _print_diff(files: list[FileFix]) -> int:
    for file in files:
        sys.stdout.write(format_diff(file))
    count = sum(file.applied for file in files)
    print(f"Would fix {count} finding{'s' if count != 1 else ''}.", file=sys.stderr)
    return EXIT_FAILURE if count else EXIT_OK


def _settings(arguments: argparse.Namespace, paths: list[Path]) -> Settings:
    if arguments.isolated:
        config, root = ToolConfig(), Path.cwd()
    elif arguments.config is not None:
        config, root = _explicit_config(arguments.config)
    else:
        start = Path(arguments.stdin_filename or ".") if str(paths[0]) == "-" else paths[0]
        config, root = find_config(start if start.exists() else Path("."))
    return build_settings(
        config,
        root,
        select=_split(arguments.select),
        ignore=_split(arguments.ignore),
        state=arguments.state,
        dialect=arguments.dialect,
        fail_level=arguments.fail_level,
        adk_version=arguments.adk_version,
    )


def _explicit_config(file: Path) -> tuple[ToolConfig, Path]:
    if not file.is_file():
        raise ConfigError(f"{file}: no such config file")
    config, root = find_config(file)
    return config, root


def _lint(paths: list[Path], settings: Settings, stdin_filename: str | None) -> LintResult:
    files = [path for path in paths if str(path) != "-"]
    result = lint_paths(files, settings) if files else LintResult((), 0)
    if len(files) == len(paths):
        return result
    display = stdin_filename or "-"
    findings = lint_text(sys.stdin.read(), display, settings, path=Path(display))
    return LintResult(tuple(sorted([*result.findings, *findings], key=lambda f: f.sort_key)), result.files + 1)


def _split(values: list[str] | None) -> list[str] | None:
    if values is None:
        return None
    return [part.strip() for value in values for part in value.split(",") if part.strip()]


def _default_format() -> str:
    chosen = os.environ.get("TEMPLATING_OUTPUT_FORMAT")
    if chosen in FORMATS:
        return chosen
    return "full" if sys.stdout.isatty() else "concise"


def _use_color(choice: str) -> bool:
    if choice != "auto":
        return choice == "always"
    return sys.stdout.isatty() and "NO_COLOR" not in os.environ

"""What ``templating lint`` prints: the report (to stdout or ``--output-file``), the summary,
the statistics, the list of fixes, the colour choice, and the ``--quiet``/``--silent`` levels.

The report goes to stdout (or the file), then the summary line on stdout as ruff prints it
(on stderr when the report goes to a file); warnings and fix lists go to stderr.
``--quiet`` keeps the report only; ``--silent`` prints nothing (the exit code still tells).
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from templating.cli.common import UsageError
from templating.lint.finding import Finding
from templating.lint.formats import FORMATS, format_findings
from templating.printable import printable

if TYPE_CHECKING:
    from templating.lint.fixes import FileFix

__all__ = ["Output", "enumerate_fixes"]


class Output:
    """Where and how much to print, as the command line asked."""

    def __init__(self, arguments: argparse.Namespace) -> None:
        self.arguments = arguments
        self.silent = arguments.silent
        self.quiet = arguments.quiet or arguments.silent
        self.format = arguments.output_format or _default_format()

    def report(self, findings: Sequence[Finding], docs_url: str) -> None:
        """Write the findings (or their statistics) to stdout or ``--output-file``."""
        if self.arguments.statistics:
            from templating.lint.statistics import format_statistics

            text = format_statistics(findings, as_json=self.format == "json")
        else:
            to_file = self.arguments.output_file is not None
            color = not to_file and _use_color(self.arguments.color)
            text = format_findings(findings, self.format, color, docs_url)
        if self.arguments.output_file is not None:
            _write_file(self.arguments.output_file, text)
        elif not self.silent:
            sys.stdout.write(text)

    def summary(self, message: str) -> None:
        """The ``Found ...`` or ``Fixed ...`` line after the report on stdout (on stderr when the
        report goes to ``--output-file``), unless ``--quiet`` or ``--silent``."""
        if not self.quiet:
            print(message, file=sys.stderr if self.arguments.output_file is not None else sys.stdout)

    def note(self, message: str) -> None:
        """A warning line on stderr, unless ``--quiet`` or ``--silent``; its control characters
        (of a file name) are escaped, its line breaks kept."""
        if not self.quiet:
            print(printable(message, keep_newlines=True), file=sys.stderr)

    def warn(self, message: str) -> None:
        """A warning that a requested action did not happen, on stderr unless ``--silent``
        (``--quiet`` keeps it: the summary it corrects is not printed, the fact still matters)."""
        if not self.silent:
            print(printable(message), file=sys.stderr)

    @property
    def wants_summary(self) -> bool:
        """Whether the ``Found ...`` line follows the report (text formats only: it would break
        a JSON, SARIF or GitHub report, statistics included)."""
        return self.format in ("concise", "full")


def enumerate_fixes(files: Sequence[FileFix], findings: Sequence[Finding]) -> str:
    """The fixes in ``files`` as ruff's ``--show-fixes`` lists them: per file, per rule."""
    from templating.lint.fixes import choose_fixes  # only --fix and --show-fixes list fixes

    lines = []
    for file in files:
        here = [finding for finding in findings if finding.fix is not None and Path(finding.path) == file.path]
        applied = set(choose_fixes([finding.fix for finding in here if finding.fix is not None]))
        counts = Counter((finding.code, finding.name) for finding in here if finding.fix in applied)
        lines.append(f"- {printable(file.path.as_posix())}:")
        lines.extend(f"    {count} x {code} ({name})" for (code, name), count in sorted(counts.items()))
    return "\n".join(lines)


def _write_file(path: Path, text: str) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise UsageError(f"{path}: cannot write the output file ({error.strerror})") from None


def _default_format() -> str:
    chosen = os.environ.get("TEMPLATING_OUTPUT_FORMAT")
    if chosen in FORMATS:
        return chosen
    return "full" if sys.stdout.isatty() else "concise"


def _use_color(choice: str) -> bool:
    """``--color``; with ``auto``, a non-empty ``NO_COLOR`` turns colour off, then a non-empty
    ``FORCE_COLOR`` turns it on (as pytest orders them), else colour follows the terminal."""
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout.isatty()

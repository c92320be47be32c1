"""Write findings as text: ``concise``, ``full``, ``json``, ``github`` and ``sarif``.

Machine formats (``json``, ``github``, ``sarif``) are never coloured and carry no summary.
The text formats escape the control characters of paths, messages and source lines (see
`templating.printable`): a file name or a prompt can never drive the terminal or forge a line.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from templating.lint.finding import Finding
from templating.lint.registry import DOCS_URL
from templating.printable import printable

__all__ = ["FORMATS", "format_findings", "summarize"]

_COLORS = {"error": "31", "warning": "33", "info": "36"}


def format_concise(findings: Sequence[Finding], color: bool = False, docs_url: str = DOCS_URL) -> str:
    """One ``path:line:col: CODE message`` line per finding; ``[*]`` marks a safe fix."""
    return "".join(
        f"{_where(f)}: {_code(f, color)}{' [*]' if f.fix else ''} {printable(f.message)}\n" for f in findings
    )


def format_full(findings: Sequence[Finding], color: bool = False, docs_url: str = DOCS_URL) -> str:
    """Each finding with its source line, a caret under the offending text and a help line;
    ``[*]`` marks a safe fix, as in ``concise``; an unsafe fix (one reading of an ambiguous
    text, never applied by ``--fix``) is listed for the author to choose, in the editor."""
    blocks = []
    for finding in findings:
        gutter = " " * len(str(finding.line))
        width = finding.end_column - finding.column if finding.end_line == finding.line else 1
        snippet, start, width = _snippet(finding.source_line, finding.column - 1, max(width, 1))
        snippet, start, width = _printable_snippet(snippet, start, width)
        caret = " " * start + "^" * width
        lines = [
            f"{_where(finding)}: {_code(finding, color)}{' [*]' if finding.fix else ''} {printable(finding.message)}",
            f"{gutter} |",
            f"{finding.line} | {snippet}",
            f"{gutter} | {_paint(caret, _COLORS[finding.severity.label], color)}",
            f"{gutter} = help: {printable(finding.help)}",
        ]
        if finding.fix:
            lines.append(f"{gutter} = fix: {printable(finding.fix.message)}")
        lines += [f"{gutter} = unsafe fix: {printable(fix.message)}" for fix in finding.suggestions]
        blocks.append("\n".join(lines) + "\n")
    return "\n".join(blocks)


#: The longest source line ``full`` shows whole; a longer one is cut around the finding.
SNIPPET_WIDTH = 120


def _snippet(line: str, start: int, width: int) -> tuple[str, int, int]:
    """The part of ``line`` to show around ``[start, start + width)``, and the caret's start
    and width in it: a minified JSON or a generated prompt can be megabytes on one line."""
    if len(line) <= SNIPPET_WIDTH:
        return line, start, width
    width = min(width, SNIPPET_WIDTH // 2)
    left = max(0, start - SNIPPET_WIDTH // 4)
    right = min(len(line), left + SNIPPET_WIDTH)
    prefix = "..." if left else ""
    suffix = "..." if right < len(line) else ""
    return prefix + line[left:right] + suffix, len(prefix) + start - left, width


def _printable_snippet(snippet: str, start: int, width: int) -> tuple[str, int, int]:
    """The snippet with its control characters escaped, the caret moved to match."""
    before, marked, after = snippet[:start], snippet[start : start + width], snippet[start + width :]
    before, marked = printable(before), printable(marked)
    return before + marked + printable(after), len(before), max(len(marked), 1)


def format_json(findings: Sequence[Finding], color: bool = False, docs_url: str = DOCS_URL) -> str:
    """A JSON array of diagnostics with ruff's field names."""
    # Imported here so that the other formats never load pydantic.
    from templating.lint.report import to_report

    return to_report(list(findings), docs_url).model_dump_json(indent=2) + "\n"


def format_github(findings: Sequence[Finding], color: bool = False, docs_url: str = DOCS_URL) -> str:
    """GitHub Actions workflow commands, one annotation per finding."""
    lines = []
    for f in findings:
        level = {"error": "error", "warning": "warning", "info": "notice"}[f.severity.label]
        properties = (
            f"title={_escape_property(f'templating ({f.code})')},file={_escape_property(f.path)},"
            f"line={f.line},col={f.column},endLine={f.end_line},endColumn={f.end_column}"
        )
        lines.append(f"::{level} {properties}::{_escape_data(f'{f.code} {f.message}')}\n")
    return "".join(lines)


def format_sarif(findings: Sequence[Finding], color: bool = False, docs_url: str = DOCS_URL) -> str:
    """A SARIF 2.1.0 log."""
    from templating.lint.sarif import to_sarif  # the rules' full text, for this format only

    return json.dumps(to_sarif(findings, docs_url), indent=2) + "\n"


#: Output format names and their writers.
FORMATS: dict[str, Callable[[Sequence[Finding], bool, str], str]] = {
    "concise": format_concise,
    "full": format_full,
    "json": format_json,
    "github": format_github,
    "sarif": format_sarif,
}


def format_findings(
    findings: Sequence[Finding], output_format: str, color: bool = False, docs_url: str = DOCS_URL
) -> str:
    """Render ``findings`` in ``output_format``; ``json`` and ``sarif`` link rules under ``docs_url``."""
    return FORMATS[output_format](findings, color, docs_url)


def summarize(findings: Sequence[Finding], files: int) -> str:
    """``Found 3 findings in 2 files checked.``, then, as ruff words it, ``[*] 1 fixable with
    the `--fix` option.`` on a line of its own; ``All checks passed (4 files checked).``, or
    ``No files checked.`` when nothing was there to lint (passing nothing is not a pass)."""
    if not files and not findings:
        return "No files checked."
    if not findings:
        return f"All checks passed ({files} file{'s' if files != 1 else ''} checked)."
    count = len(findings)
    fixable = sum(1 for f in findings if f.fix)
    found = f"Found {count} finding{'s' if count != 1 else ''} in {files} file{'s' if files != 1 else ''} checked."
    return found + (f"\n[*] {fixable} fixable with the `--fix` option." if fixable else "")


def _where(finding: Finding) -> str:
    return f"{printable(finding.path)}:{finding.line}:{finding.column}"


def _code(finding: Finding, color: bool) -> str:
    return _paint(finding.code, _COLORS[finding.severity.label], color)


def _paint(text: str, code: str, color: bool) -> str:
    return f"\x1b[1;{code}m{text}\x1b[0m" if color else text


def _escape_data(text: str) -> str:
    # Control characters (ESC, BEL, C1, bidirectional overrides) escaped as in the text
    # formats; a line feed is GitHub's own escape, so that it cannot end the command.
    return printable(text, keep_newlines=True).replace("%", "%25").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")

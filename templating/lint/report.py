"""The JSON report: pydantic models whose field names follow ruff's ``--output-format json``.

The report is a JSON array of `Diagnostic` objects. Its JSON Schema is committed as
``schema/report.schema.json``; a test fails when the models and the file drift apart. New
fields are additive.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, RootModel

from templating.lint.finding import Finding
from templating.lint.registry import DOCS_URL, rule_url

__all__ = ["Diagnostic", "Edit", "FixModel", "Location", "Report", "report_schema", "to_report"]


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Location(_Model):
    """A 1-based row and column (in characters)."""

    row: int
    column: int


class Edit(_Model):
    """Replace ``location`` to ``end_location`` with ``content``."""

    content: str
    location: Location
    end_location: Location


class FixModel(_Model):
    """A fix: always ``safe`` here, with one edit."""

    applicability: str
    message: str
    edits: list[Edit]


class Diagnostic(_Model):
    """One finding."""

    code: str
    name: str
    message: str
    help: str
    severity: str
    filename: str
    location: Location
    end_location: Location
    fix: FixModel | None
    url: str


class Report(RootModel[list[Diagnostic]]):
    """The whole report: a list of diagnostics sorted by file and position."""


def to_report(findings: list[Finding] | tuple[Finding, ...], docs_url: str = DOCS_URL) -> Report:
    """Build the report model from findings; each ``url`` is the rule's page under ``docs_url``."""
    return Report([_diagnostic(finding, docs_url) for finding in findings])


def report_schema() -> dict:
    """The JSON Schema of `Report`."""
    return Report.model_json_schema()


def _diagnostic(finding: Finding, docs_url: str) -> Diagnostic:
    start = Location(row=finding.line, column=finding.column)
    end = Location(row=finding.end_line, column=finding.end_column)
    fix = None
    if finding.fix is not None:
        edit = Edit(content=finding.fix.content, location=start, end_location=end)
        fix = FixModel(applicability="safe", message=finding.fix.message, edits=[edit])
    return Diagnostic(
        code=finding.code, name=finding.name, message=finding.message, help=finding.help,
        severity=finding.severity.label, filename=finding.path, location=start, end_location=end,
        fix=fix, url=rule_url(finding.code, docs_url),
    )  # fmt: skip

"""What linting one file produces on its own, before any project-wide rule runs.

A `FileResult` is picklable: a worker process returns it and the cache stores it.
Project rules run after every file's result is assembled, over the ``facts`` of all of them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from templating.lint.finding import Finding
from templating.project.pickling import rebuild_from_fields

__all__ = ["FileResult"]


@dataclass(frozen=True, slots=True)
class FileResult:
    """One file's findings, facts and dependencies.

    - ``path``: the file as findings show it;
    - ``findings``: those of the per-file rules, after rule selection and ``# noqa``;
    - ``facts``: what project rules need to know of the file (agents, state writers, reads),
      ``None`` for a file that holds none;
    - ``dependencies``: the resolved paths of the other files read to resolve this one's
      instructions (a prompt constant imported from a sibling module): editing one of them
      changes this file's result;
    - ``may_exempt``: ``False`` when the file's bytes never name ``templating``, so no
      file-level ``templating: noqa`` directive can drop its findings (not read again for one).
    """

    path: str
    findings: tuple[Finding, ...] = ()
    facts: Any = None
    dependencies: tuple[str, ...] = ()
    may_exempt: bool = True

    __reduce__ = rebuild_from_fields

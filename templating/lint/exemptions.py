"""File-level suppression: the findings in a file whose comments say ``templating: noqa``.

A ``# noqa`` on a line silences one instruction where it is passed; a file-level
``# templating: noqa`` (or ``# templating: noqa: TPL001, TPL003``) silences every finding that
lies in the file, whichever file's reading found it (a prompt module's findings are found while
reading the agent that uses it). It runs on the findings of a run, after the cache: a file's
directive is read from its text as it is now.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path

from templating.lint.finding import Finding
from templating.lint.registry import select_rules
from templating.project.noqa import file_noqa
from templating.project.surfaces import claiming
from templating.regular_file import read_regular

__all__ = ["drop_exempt"]


def drop_exempt(
    findings: Iterable[Finding],
    texts: Mapping[str, str] | None = None,
    read: Callable[[str], str] | None = None,
    *,
    clear: Collection[str] = (),
) -> list[Finding]:
    """``findings`` less those in files whose file-level directive turns their code off.
    ``texts`` holds the text of files by display path (a buffer, standard input); other
    files are read with ``read`` (default: from disk), except those of ``clear``, known to
    hold no directive."""
    reader = read or _read_text
    silenced: dict[str, frozenset[str]] = {}
    kept = []
    for finding in findings:
        codes = silenced.get(finding.path)
        if codes is None:
            text = texts.get(finding.path) if texts else None
            directive = _directive(finding.path, text, reader) if finding.path not in clear else frozenset()
            codes = silenced[finding.path] = select_rules(directive, ()) if directive else frozenset()
        if finding.code not in codes:
            kept.append(finding)
    return kept


# Surfaces whose whole text is sent to the model (a comment there would be text) or that have
# no comments (JSON): they hold no directive.
_NO_DIRECTIVE = frozenset({"prompt", "skill", "session"})


def _directive(path: str, text: str | None, read: Callable[[str], str]) -> frozenset[str]:
    surface = claiming(path.rpartition("/")[2])
    if surface is None or surface.name in _NO_DIRECTIVE:
        return frozenset()
    # The comment leader is the surface's: `#` in Python and YAML, `//` in the other ports.
    source = text if text is not None else read(path)
    return file_noqa(source, surface.comment, tokenized=surface.name == "python")


def _read_text(path: str) -> str:
    try:
        return read_regular(Path(path)).decode("utf-8", errors="replace")
    except (OSError, ValueError):
        return ""  # a file that cannot be read holds no directive (its TPL013 says why)

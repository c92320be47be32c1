"""How a finding spells ADK's words for the file it is about: as that file's language does.

Rule messages are written in ADK's reference spelling (``output_key``); the surface that reads
a file says how its language writes each word (`templating.project.frontend.Spelling`), so no
rule names a language.
"""

from __future__ import annotations

from templating.project.frontend import Spelling
from templating.project.surfaces import surface_for

__all__ = ["spelling_of"]


def spelling_of(path: str) -> Spelling:
    """The spelling of the language the file at ``path`` (as findings show it) is written in."""
    return surface_for(path.rpartition("/")[2]).spelling

"""The registry of instruction surfaces: every kind of file the project readers read.

Each surface is one module of this package holding one frozen `Surface` record. To add one
(SKILL.md, say), write ``templating/project/surfaces/skill.py`` with its record and add it to
`SURFACES` below: discovery, the byte pre-filter, the front door, ``# noqa`` placement, the
re-validation of fixed files and the language server all ask this registry, and nothing else
in the package tests a file's suffix.
"""

from __future__ import annotations

from templating.project.frontend import Spelling
from templating.project.surfaces.agent_config import AGENT_CONFIG
from templating.project.surfaces.go import GO
from templating.project.surfaces.java import JAVA
from templating.project.surfaces.kotlin import KOTLIN
from templating.project.surfaces.prompt import PROMPT
from templating.project.surfaces.python import PYTHON
from templating.project.surfaces.session import SESSION
from templating.project.surfaces.skill import SKILL
from templating.project.surfaces.surface import Found, Problem, ProblemKind, Surface
from templating.project.surfaces.typescript import TYPESCRIPT

__all__ = [
    "FALLBACK", "SURFACES", "Found", "Problem", "ProblemKind", "Surface", "claiming", "is_walked", "spelling_of",
    "surface_for",
]  # fmt: skip

#: Every surface, in the order they are asked: the first that claims a file name reads it
#: (``initial.session.json`` and ``SKILL.md`` before any suffix).
SURFACES: tuple[Surface, ...] = (SESSION, SKILL, PYTHON, TYPESCRIPT, GO, AGENT_CONFIG, JAVA, KOTLIN, PROMPT)
#: How a file no surface claims is read when it is named or included: as prompt text.
FALLBACK = PROMPT


def _first_claimants() -> tuple[dict[str, int], dict[str, int]]:
    """For each exact name and each suffix, the position of the first surface listing it."""
    by_name: dict[str, int] = {}
    by_suffix: dict[str, int] = {}
    for position, surface in enumerate(SURFACES):
        for name in surface.names:
            by_name.setdefault(name, position)
        for suffix in surface.suffixes:
            by_suffix.setdefault(suffix, position)
    return by_name, by_suffix


# Asked for every file of every run: two look-ups, not a question to each surface in turn.
_BY_NAME, _BY_SUFFIX = _first_claimants()


def claiming(name: str) -> Surface | None:
    """The surface that claims the file called ``name`` (a base name), if any: the first of
    `SURFACES` that lists its name or its suffix."""
    dot = name.rfind(".")
    by_suffix = _BY_SUFFIX.get(name[dot:].lower()) if 0 < dot < len(name) - 1 else None
    by_name = _BY_NAME.get(name)
    if by_name is None:
        return None if by_suffix is None else SURFACES[by_suffix]
    return SURFACES[by_name if by_suffix is None else min(by_name, by_suffix)]


def surface_for(name: str) -> Surface:
    """The surface that reads the file called ``name``: its claimant, else `FALLBACK`."""
    return claiming(name) or FALLBACK


def is_walked(name: str) -> bool:
    """Whether walking a folder lists the file called ``name`` without ``include`` globs."""
    surface = claiming(name)
    return surface is not None and surface.walked


def spelling_of(path: str) -> Spelling:
    """How the language of the file at ``path`` (as findings show it) spells ADK's words."""
    return surface_for(path.rpartition("/")[2]).spelling

"""`Ref`: a name defined in a module of the project, the link between one file's facts and another's."""

from __future__ import annotations

from dataclasses import dataclass

from templating.project.pickling import rebuild_from_fields

__all__ = ["Ref"]


@dataclass(frozen=True, slots=True)
class Ref:
    """A name defined in a module of the project: the module's file key and the name."""

    module: str
    name: str

    __reduce__ = rebuild_from_fields

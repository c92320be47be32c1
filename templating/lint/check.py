"""`Context`: what every check receives beyond the template. A leaf, so that the checks and
the port checks (`templating.lint.ports`) import it without importing each other."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from templating.project.model.instruction import Instruction

__all__ = ["Context"]


@dataclass(frozen=True, slots=True)
class Context:
    """What checks may need beyond the template: the instruction, the known state keys, the
    sample state or JSON Schema they came from, and the ADK ports the project targets."""

    instruction: Instruction
    known_keys: frozenset[str] | None = None
    state: Mapping[str, Any] | None = None
    target_ports: tuple[str, ...] = ("python",)

"""The pydantic model that validates a ``[tool.templating]`` table.

Kept apart from `config` so that pydantic is imported only when a
project has such a table: a lint run without one never pays for it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from templating.dialects import DIALECT_NAMES, PORT_NAMES

__all__ = ["ToolTable"]


class ToolTable(BaseModel):
    """The ``[tool.templating]`` table; unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    dialect: str = "adk"
    select: list[str] | None = None
    ignore: list[str] = []
    per_file_ignores: dict[str, list[str]] = Field(default_factory=dict, alias="per-file-ignores")
    include: list[str] = []
    exclude: list[str] = []
    state: str | None = None
    fail_level: Literal["error", "warning", "info"] = Field("warning", alias="fail-level")
    target_ports: list[str] = Field(["python"], alias="target-ports")
    force_exclude: bool = Field(False, alias="force-exclude")
    docs_url: str | None = Field(None, alias="docs-url", pattern=r"^https?://")
    adk_version: Literal["2.13", "1.x"] = Field("2.13", alias="adk-version")

    # The allowed names come from the dialect registry, so a new port is never spelled here.
    @field_validator("dialect")
    @classmethod
    def _known_dialect(cls, value: str) -> str:
        return _one_of(value, DIALECT_NAMES, "dialect")

    @field_validator("target_ports")
    @classmethod
    def _known_ports(cls, value: list[str]) -> list[str]:
        return [_one_of(port, PORT_NAMES, "ADK port") for port in value]


def _one_of(value: str, known: tuple[str, ...], what: str) -> str:
    if value not in known:
        expected = ", ".join(f"'{name}'" for name in known)
        raise ValueError(f"unknown {what} '{value}': expected one of {expected}")
    return value

"""The pydantic model that validates a ``[tool.templating]`` table.

Kept apart from `config` so that pydantic is imported only when a
project has such a table: a lint run without one never pays for it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["ToolTable"]


class ToolTable(BaseModel):
    """The ``[tool.templating]`` table; unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    dialect: Literal["adk", "strict"] = "adk"
    select: list[str] | None = None
    ignore: list[str] = []
    per_file_ignores: dict[str, list[str]] = Field(default_factory=dict, alias="per-file-ignores")
    include: list[str] = []
    exclude: list[str] = []
    state: str | None = None
    fail_level: Literal["error", "warning", "info"] = Field("warning", alias="fail-level")
    target_ports: list[Literal["python", "js"]] = Field(["python"], alias="target-ports")
    force_exclude: bool = Field(False, alias="force-exclude")
    docs_url: str | None = Field(None, alias="docs-url", pattern=r"^https?://")
    adk_version: Literal["2.13", "1.x"] = Field("2.13", alias="adk-version")

"""Test support: the real ADK-TS (IQAI's `@iqai/adk`) `injectSessionState`, run by node.

`.ci/run` installs it (`npm install --prefix .adk-ts @iqai/adk@0.5.9 langfuse`, langfuse being
a peer dependency the package loads at start); `find_package` locates it there (or where
``TEMPLATING_ADK_TS`` points). One node process answers every request of a test session
through `adk_ts_oracle.mjs`.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from tests.adk_js_oracle import NodeOracle

ROOT = Path(__file__).resolve().parent.parent
HARNESS = Path(__file__).resolve().parent / "adk_ts_oracle.mjs"
VERSION = "0.5.9"
_PACKAGE = Path("node_modules") / "@iqai" / "adk"


def find_package() -> Path | None:
    """The installed `@iqai/adk` folder, or ``None`` when node, it or langfuse is missing."""
    if shutil.which("node") is None:
        return None
    prefix = Path(os.environ.get("TEMPLATING_ADK_TS", ROOT / ".adk-ts"))
    package = prefix / _PACKAGE
    if not (package / "dist" / "index.js").is_file() or not (prefix / "node_modules" / "langfuse").is_dir():
        return None
    return package


class AdkTs(NodeOracle):
    """A running node process that renders with ADK-TS."""

    def __init__(self, package: Path) -> None:
        super().__init__(HARNESS, package)

    def render(self, template: str, state: dict[str, Any], artifacts: dict[str, Any] | None) -> dict:
        """``{"output": text}`` or ``{"error": message}``, as ADK-TS gives them."""
        return self.ask({"template": template, "state": state, "artifacts": artifacts})

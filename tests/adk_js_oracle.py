"""Test support: the real adk-js `injectSessionState`, run by node, as an oracle.

`.ci/run` installs adk-js (`npm install --prefix .adk-js @google/adk@2.0.0`); `find_module`
locates it there (or where ``TEMPLATING_ADK_JS`` points). One node process answers every
request of a test session through `adk_js_oracle.mjs`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HARNESS = Path(__file__).resolve().parent / "adk_js_oracle.mjs"
VERSION = "2.0.0"
_MODULE = Path("node_modules") / "@google" / "adk" / "dist" / "esm" / "agents" / "instructions.js"


def find_module() -> Path | None:
    """The installed adk-js `instructions.js`, or ``None`` when node or adk-js is missing."""
    if shutil.which("node") is None:
        return None
    prefix = Path(os.environ.get("TEMPLATING_ADK_JS", ROOT / ".adk-js"))
    module = prefix / _MODULE
    return module if module.is_file() else None


class NodeOracle:
    """A running node process that answers one JSON request a line (the adk-js and ADK-TS
    harnesses share this protocol)."""

    def __init__(self, harness: Path, target: Path) -> None:
        self.process = subprocess.Popen(
            ["node", str(harness), str(target)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )

    def ask(self, request: dict[str, Any]) -> dict:
        """Send one request and read its answer."""
        self.process.stdin.write(json.dumps(request, ensure_ascii=True) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        """Stop the node process."""
        self.process.stdin.close()
        self.process.wait(timeout=10)
        self.process.stdout.close()


class AdkJs(NodeOracle):
    """A running node process that renders with adk-js."""

    def __init__(self, module: Path) -> None:
        super().__init__(HARNESS, module)

    def render(self, template: str, state: dict[str, Any], artifacts: dict[str, Any] | None, circular=()) -> dict:
        """``{"output": text}`` or ``{"error": message}``, as adk-js gives them."""
        return self.ask({"template": template, "state": state, "artifacts": artifacts, "circular": list(circular)})

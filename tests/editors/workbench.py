"""The VS Code workbench in Chromium, used as a person uses it: the keyboard, and what the
screen shows (see `tests/editors/vscode.py` for code-server and the tools)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .vscode import CHROMIUM_FLAGS, CodeServer, Tools

#: How long a step may take on a busy two-core machine.
PATIENCE_MS = 90_000


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
        """Open the quick fixes at the cursor (Ctrl+.) and apply the one called ``title``.

        Asked again while the list does not open: on a loaded machine the workbench can take
        the key while it is still busy with an undo and drop it (CI waited 90 s for a list
        that one more Ctrl+. opens)."""
        rows = ".action-widget .monaco-list-row"
        for _ in range(5):
            self.page.keyboard.press("Control+.")
            from playwright.sync_api import TimeoutError as PlaywrightTimeout

            try:
                self.page.wait_for_selector(rows, timeout=15_000)
                break
            except PlaywrightTimeout:
                self.page.keyboard.press("Escape")
        self.page.locator(rows, has_text=title).first.click()

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

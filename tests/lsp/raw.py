"""A raw LSP client over a subprocess's stdio: sends any bytes, reads every message back.

pytest-lsp's client only sends well-formed messages; the tests of malformed input and the
fuzz test need to send anything and see each answer, so this one speaks the framing itself.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


class RawClient:
    """``templating server`` in a subprocess; messages read on a thread into a queue."""

    def __init__(
        self, *arguments: str, cwd: Path | None = None, script: Path | None = None, log: Path | None = None
    ) -> None:
        # ``script``: a server of the tests' own (the real one, patched) instead of `templating server`.
        # ``log``: the file the server's standard error goes to (else nowhere).
        command = (
            [sys.executable, str(script)] if script else [sys.executable, "-m", "templating", "server", *arguments]
        )
        environment = {**os.environ, "PYTHONPATH": str(ROOT)}
        errors = log.open("wb") if log is not None else subprocess.DEVNULL
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, cwd=cwd, env=environment
        )
        if log is not None:
            errors.close()  # type: ignore[union-attr]
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def send_bytes(self, body: bytes) -> None:
        """Frame ``body`` with a Content-Length header and send it."""
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def send(self, message: dict[str, Any]) -> None:
        """Send one JSON message (``jsonrpc`` added when missing)."""
        self.send_bytes(json.dumps({"jsonrpc": "2.0", **message}).encode())

    def request(self, method: str, params: Any = None, timeout: float = 30) -> dict[str, Any]:
        """Send a request and return its response (notifications before it are kept)."""
        self.next_id += 1
        identifier = self.next_id
        self.send({"id": identifier, "method": method, "params": params})
        return self.response(identifier, timeout)

    def notify(self, method: str, params: Any = None) -> None:
        self.send({"method": method, "params": params})

    def response(self, identifier: Any, timeout: float = 30) -> dict[str, Any]:
        """The response to ``identifier``; other messages read meanwhile are kept in order."""
        return self.wait(lambda message: "method" not in message and message.get("id") == identifier, timeout)

    def wait(self, wanted, timeout: float = 30) -> dict[str, Any]:
        """The first message (new or kept) ``wanted`` accepts."""
        deadline = time.monotonic() + timeout
        kept: list[dict[str, Any]] = []
        try:
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TimeoutError(f"no wanted message within {timeout} s")
                try:
                    message = self.messages.get(timeout=remaining)
                except queue.Empty:
                    raise TimeoutError(f"no wanted message within {timeout} s") from None
                self.seen.append(message)
                if wanted(message):
                    return message
                kept.append(message)
        finally:
            for message in kept:
                self.messages.put(message)

    @property
    def seen(self) -> list[dict[str, Any]]:
        if not hasattr(self, "_seen"):
            self._seen: list[dict[str, Any]] = []
        return self._seen

    def initialize(self, root: Path | None = None, options: dict[str, Any] | None = None) -> dict[str, Any]:
        params: dict[str, Any] = {"processId": None, "capabilities": {}, "initializationOptions": options or {}}
        if root is not None:
            params["rootUri"] = root.as_uri()
        answer = self.request("initialize", params)
        self.notify("initialized", {})
        return answer

    def close(self) -> int:
        """Shut the server down politely (or kill it) and return its exit status."""
        try:
            self.request("shutdown", None, timeout=30)
            self.notify("exit")
            return self.process.wait(timeout=30)
        except (TimeoutError, BrokenPipeError, subprocess.TimeoutExpired):
            self.process.kill()
            return self.process.wait()
        finally:
            self.release()

    def release(self) -> None:
        """Stop the server if it still runs and close the pipes."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for stream in (self.process.stdin, self.process.stdout):
            if stream is not None:
                stream.close()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = None
            while True:
                header = stream.readline()
                if not header:
                    return
                if header.lower().startswith(b"content-length:"):
                    length = int(header.split(b":")[1])
                if header in (b"\r\n", b"\n"):
                    break
            if length is None:
                continue
            self.messages.put(json.loads(stream.read(length)))

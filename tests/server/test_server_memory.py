"""Typing into a 100 KB prompt: the server's memory stays bounded, whatever it caches."""

import sys
from pathlib import Path

import pytest

from tests.lsp.raw import RawClient

LINE = 'You are {agent_name}, helping {user:name} with {order_id}. Reply as JSON: {"ok": true} {plan}\n'
EDITS = 2_000
WAIT_EVERY = 50  # typing pauses after every fifty edits: the server lints at least that version


def _resident_megabytes(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the server's memory from /proc")
def test_server_memory_stays_bounded_while_typing_2000_edits_into_a_100_kb_prompt(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\ninclude = ["*.prompt"]\n')
    text = LINE * (100_000 // len(LINE))
    uri = (tmp_path / "big.prompt").as_uri()
    client = RawClient(cwd=tmp_path)
    try:
        client.initialize(root=tmp_path)  # the default pause: a burst of typing is linted once
        client.notify(
            "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "x", "version": 1, "text": text}}
        )
        lines = text.count("\n")
        for version in range(2, EDITS + 2):
            # Type one character at a different line each time: every version is a new text.
            position = {"line": (version * 7919) % lines, "character": 3}
            change = {"range": {"start": position, "end": position}, "text": "x"}
            client.notify(
                "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
            )
            if version % WAIT_EVERY == 0:
                client.wait(
                    lambda m, v=version: (
                        m.get("method") == "textDocument/publishDiagnostics" and m["params"]["version"] == v
                    ),
                    120,
                )
        linted = sum(1 for m in client.seen if m.get("method") == "textDocument/publishDiagnostics")
        megabytes = _resident_megabytes(client.process.pid)
    finally:
        client.close()
    assert linted >= EDITS // WAIT_EVERY
    print(f"{megabytes:.0f} MB after {linted} lints")
    assert megabytes < 200, f"{megabytes:.0f} MB after {linted} lints"

"""A raw client types hostile edits and sends malformed messages: every request is answered,
every range the server sends lies inside its document, and the server shuts down cleanly.

The client keeps its own copy of each document with a line reading written here from the
protocol's words (lines end at ``\\n``, ``\\r\\n`` or ``\\r``; columns count UTF-16 units), so
the server's document store is checked against an independent one.
"""

import json
import random
import re
from pathlib import Path

from tests.lsp.raw import RawClient

# Text an editor may hold: braces, every kind of line break and non-break, astral and lone
# surrogates, a null byte, quotes that open or close a string, noqa comments.
PIECES = [
    "{", "}", "{{", "}}", "{plan}", "{{plan}}", "{ user:name }", "${x}", "\r\n", "\r", "\n", "\f", "\v",
    "\x85", "\u2028", "\u2029", "😀", "é", "\ud83d", "\x00", '"', '"""', "'", "# noqa", "# noqa: TPL001",
    "instruction=", "output_key='plan'", "x" * 300, "\t", " ",
]  # fmt: skip
LINE_BREAK = re.compile(r"\r\n|\r|\n")

AGENT = (
    "from google.adk.agents import LlmAgent\nfrom . import prompt\n\n"
    'root = LlmAgent(name="a", instruction="Hi {user:name} {{plan}}", output_key="plan")\n'
    "other = LlmAgent(name='b', instruction=prompt.ROOT)\n"
)
PROMPT = 'ROOT = """Use {plan}\nand {{draft}}\n"""\n'
CONFIG = "name: c\ninstruction: |\n  Hello {user:name} {{x}}\n"


def _lines(text: str) -> list[str]:
    return LINE_BREAK.split(text)


def _units(text: str) -> int:
    return sum(2 if character > "\uffff" else 1 for character in text)


def _offset(text: str, line: int, character: int) -> int:
    """The offset of an LSP position, by the protocol's rules (clamped as it asks)."""
    starts = [0, *(match.end() for match in LINE_BREAK.finditer(text))]
    if line >= len(starts):
        return len(text)
    content = _lines(text)[line]
    units = 0
    for index, code_point in enumerate(content):
        if units >= character:
            return starts[line] + index
        units += _units(code_point)
    return starts[line] + len(content)


def _inside(text: str, position: dict) -> bool:
    lines = _lines(text)
    return 0 <= position["line"] < len(lines) and 0 <= position["character"] <= _units(lines[position["line"]])


def _check_range(text: str, where: dict, context: str) -> None:
    start, end = where["start"], where["end"]
    assert _inside(text, start) and _inside(text, end), f"{context}: {where} outside the document"
    assert (start["line"], start["character"]) <= (end["line"], end["character"]), (
        f"{context}: {where} ends before it starts"
    )


def _random_position(rng: random.Random, text: str) -> dict:
    lines = _lines(text)
    line = rng.randrange(len(lines) + 2)  # now and then past the end
    width = _units(lines[line]) if line < len(lines) else 0
    return {"line": line, "character": rng.randrange(width + 3)}


def _project(root: Path) -> dict[str, str]:
    (root / "pyproject.toml").write_text('[tool.templating]\ninclude = ["*.prompt"]\n')
    files = {
        "__init__.py": "",
        "agent.py": AGENT,
        "prompt.py": PROMPT,
        "root_agent.yaml": CONFIG,
        "notes.prompt": "Hi {{plan}}",
    }
    for name, text in files.items():
        (root / name).write_text(text)
    return {(root / name).as_uri(): text for name, text in files.items() if name != "__init__.py"}


def test_server_survives_hostile_edits_and_messages_with_every_range_inside(tmp_path: Path):
    rng = random.Random(20)
    texts = _project(tmp_path)
    versions = {uri: {1: text} for uri, text in texts.items()}
    client = RawClient(cwd=tmp_path)
    try:
        client.initialize(root=tmp_path, options={"debounceMs": 0})
        for uri, text in texts.items():
            client.notify(
                "textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "x", "version": 1, "text": text}}
            )
        for step in range(400):
            uri = rng.choice(sorted(texts))
            action = rng.random()
            if action < 0.6:
                _edit(client, rng, texts, versions, uri)
            elif action < 0.9:
                _request(client, rng, texts[uri], uri, step)
            else:
                _malformed(client, rng)
        # Each change was linted (debounce 0): every publish, for whichever version, is checked.
        answer = client.request(
            "textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}
        )
        assert "result" in answer
    finally:
        status = client.close()
    publishes = [m["params"] for m in client.seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert len(publishes) > 200
    for published in publishes:
        text = versions[published["uri"]][published["version"]]
        for diagnostic in published["diagnostics"]:
            _check_range(
                text, diagnostic["range"], f"diagnostic {diagnostic['code']} of version {published['version']}"
            )
    assert status == 0


def _edit(client: RawClient, rng: random.Random, texts: dict, versions: dict, uri: str) -> None:
    text = texts[uri]
    if rng.random() < 0.1:
        new = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 30)))
        change = {"text": new}
    else:
        start, end = sorted(
            [_random_position(rng, text), _random_position(rng, text)], key=lambda p: (p["line"], p["character"])
        )
        inserted = "".join(rng.choice(PIECES) for _ in range(rng.randrange(0, 4)))
        first, last = _offset(text, **start), _offset(text, **end)
        new = text[:first] + inserted + text[max(first, last) :]
        change = {"range": {"start": start, "end": end}, "text": inserted}
    version = max(versions[uri]) + 1
    texts[uri] = versions[uri][version] = new
    client.notify(
        "textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]}
    )


def _request(client: RawClient, rng: random.Random, text: str, uri: str, step: int) -> None:
    position = _random_position(rng, text)
    method = rng.choice(
        ["textDocument/hover", "textDocument/definition", "textDocument/completion", "textDocument/codeAction"]
    )
    params: dict = {"textDocument": {"uri": uri}, "position": position}
    if method == "textDocument/codeAction":
        params = {
            "textDocument": {"uri": uri},
            "range": {"start": position, "end": position},
            "context": {"diagnostics": []},
        }
    answer = client.request(method, params)
    assert "error" not in answer, f"step {step}: {method} failed: {answer}"
    result = answer["result"]
    if method == "textDocument/hover" and result and "range" in result:
        _check_range(text, result["range"], f"step {step}: hover")
    if method == "textDocument/completion":
        for item in result or []:
            _check_range(text, item["textEdit"]["range"], f"step {step}: completion")
    if method == "textDocument/codeAction":
        for action in result or []:
            for edit in action["edit"]["changes"].get(uri, []):
                _check_range(text, edit["range"], f"step {step}: code action {action['title']}")


def _malformed(client: RawClient, rng: random.Random) -> None:
    client.next_id += 1
    body = rng.choice([
        b"{", b"null", b"[]", json.dumps({"jsonrpc": "2.0", "id": client.next_id, "method": "textDocument/hover", "params": 7}).encode(),
        json.dumps({"jsonrpc": "2.0", "id": client.next_id, "method": "textDocument/codeAction", "params": {"textDocument": {}}}).encode(),
        b"\xc3\x28", json.dumps({"jsonrpc": "2.0", "id": client.next_id, "method": "made/up"}).encode(),
    ])  # fmt: skip
    client.send_bytes(body)
    answer = client.wait(lambda message: "error" in message)
    assert answer["error"]["code"] in (-32700, -32600, -32601, -32602), answer

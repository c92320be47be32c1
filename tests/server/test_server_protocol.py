"""The server speaking raw JSON-RPC: every bad message is answered with the error the
protocol defines, and only open documents get diagnostics."""

from pathlib import Path

import pytest

from tests.lsp.raw import RawClient

HOVER = {"textDocument": {"uri": "file:///nowhere/a.py"}, "position": {"line": 0, "character": 0}}


@pytest.fixture
def raw():
    client = RawClient()
    client.initialize()
    yield client
    assert client.close() == 0


def _error(client: RawClient) -> dict:
    return client.wait(lambda message: "error" in message, timeout=20)


@pytest.mark.parametrize(
    ("body", "code", "identifier"),
    [
        (b"{not json", -32700, None),
        (b"\xff\xfe\x00", -32700, None),
        (b"[" * 50_000 + b"]" * 50_000, -32700, None),
        (b"[1, 2]", -32600, None),
        (b'"text"', -32600, None),
        (b'{"id": 9, "method": "textDocument/hover"}', -32600, 9),  # no "jsonrpc"
        (b'{"jsonrpc": "1.0", "id": 10, "method": "shutdown"}', -32600, 10),
        (b'{"jsonrpc": "2.0", "id": {"a": 1}, "method": "textDocument/hover", "params": {}}', -32600, None),
        (b'{"jsonrpc": "2.0", "id": 11, "method": "textDocument/hover", "params": {"x": 1}}', -32602, 11),
        (b'{"jsonrpc": "2.0", "id": 12, "method": "no/such"}', -32601, 12),
    ],
)
def test_server_answers_a_bad_message_with_its_json_rpc_error(raw: RawClient, body: bytes, code: int, identifier):
    raw.send_bytes(body)

    answer = _error(raw)

    assert answer["error"]["code"] == code and answer["error"]["message"]
    assert "id" in answer and answer["id"] == identifier  # `"id": null` when it cannot be known
    assert raw.request("textDocument/hover", HOVER)["result"] is None  # and it goes on


def test_server_answers_requests_before_initialize_and_after_shutdown():
    client = RawClient()
    try:
        assert client.request("textDocument/hover", HOVER)["error"]["code"] == -32002
        client.initialize()
        assert client.request("shutdown")["result"] is None
        assert client.request("textDocument/hover", HOVER)["error"]["code"] == -32600
        client.notify("exit")
        assert client.process.wait(timeout=30) == 0
    finally:
        client.release()


def test_server_publishes_nothing_for_a_saved_document_that_is_not_open(raw: RawClient, tmp_path: Path):
    unopened = tmp_path / "notes.txt"
    unopened.write_text("{{plan}}")
    opened = tmp_path / "open.txt"
    raw.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": opened.as_uri(), "languageId": "text", "version": 1, "text": "{{x}}"}},
    )
    raw.wait(lambda message: message.get("method") == "textDocument/publishDiagnostics")
    raw.notify("textDocument/didSave", {"textDocument": {"uri": unopened.as_uri()}})
    answer = raw.request("textDocument/hover", HOVER)  # the save was handled before this answer

    published = [m["params"]["uri"] for m in raw.seen if m.get("method") == "textDocument/publishDiagnostics"]
    assert answer["result"] is None and unopened.as_uri() not in published


def test_server_reads_the_settings_again_when_pyproject_toml_is_saved(raw: RawClient, tmp_path: Path):
    config = tmp_path / "pyproject.toml"
    config.write_text("[tool.templating]\n")
    agent = tmp_path / "agent.py"
    text = 'from google.adk.agents import LlmAgent\nroot = LlmAgent(name="a", instruction="{{plan}}", output_key="x")\n'

    def published(uri: str) -> list[str]:
        message = raw.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri)
        return sorted(diagnostic["code"] for diagnostic in message["params"]["diagnostics"])

    raw.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": agent.as_uri(), "languageId": "python", "version": 1, "text": text}},
    )
    assert "TPL001" in published(agent.as_uri())
    raw.notify(
        "textDocument/didOpen",
        {"textDocument": {"uri": config.as_uri(), "languageId": "toml", "version": 1, "text": config.read_text()}},
    )
    config.write_text('[tool.templating]\nignore = ["TPL001"]\n')
    raw.notify("textDocument/didSave", {"textDocument": {"uri": config.as_uri()}})

    assert "TPL001" not in published(agent.as_uri())


def test_server_answers_malformed_positions_with_one_log_line_each(tmp_path: Path):
    # pygls logged each with its whole traceback: some 60 lines on stderr per request.
    log = tmp_path / "server.log"
    client = RawClient(log=log)
    client.initialize()
    uri = {"uri": (tmp_path / "a.py").as_uri()}
    malformed = [
        ("textDocument/hover", {"textDocument": uri, "position": {"line": -1, "character": 0}},
         "Position.line should be in range [0:2147483647], but was -1."),
        ("textDocument/completion", {"textDocument": uri, "position": {"line": 0, "character": -5}},
         "Position.character should be in range [0:2147483647], but was -5."),
        ("textDocument/definition", {"textDocument": uri}, "`position` is missing"),
    ]  # fmt: skip
    for method, params, reason in malformed:
        answer = client.request(method, params)
        assert answer["error"] == {"code": -32602, "message": f"the params do not fit `{method}`: {reason}"}
    assert client.request("textDocument/hover", HOVER)["result"] is None  # and it goes on
    assert client.close() == 0
    lines = log.read_text().splitlines()
    assert lines == [
        f"rejected a message: the params do not fit `{method}`: {reason}" for method, _, reason in malformed
    ]

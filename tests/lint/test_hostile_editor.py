"""The language server, driven as an editor drives it, with a large project open: keystrokes
in small files elsewhere must not cost what the whole project costs. Through the real server
over stdio, each wait bounded (a regression fails at the bound, never hangs)."""

import time
from pathlib import Path

from tests.lsp.raw import RawClient

SMALL = "from google.adk.agents import LlmAgent\n\nagent = LlmAgent(name='solo', instruction='Hi {user_name}')\n"
KEYSTROKES = 30


def _agents(count: int) -> str:
    body = "".join(
        f"a{i} = LlmAgent(name='a{i}', instruction='Step {i}: use {{k{i}}}.', output_key='k{i + 1}')\n"
        for i in range(count)
    )
    members = ", ".join(f"a{i}" for i in range(count))
    head = "from google.adk.agents import LlmAgent, SequentialAgent\n"
    return head + body + f"root = SequentialAgent(name='r', sub_agents=[{members}])\n"


def _published(client: RawClient, uri: str, version: int | None = None, timeout: float = 120) -> list[dict]:
    message = client.wait(
        lambda m: (
            m.get("method") == "textDocument/publishDiagnostics"
            and m["params"]["uri"] == uri
            and (version is None or m["params"].get("version") == version)
        ),
        timeout=timeout,
    )
    return message["params"]["diagnostics"]


def test_hostile_comment_keystrokes_in_two_folders_beside_a_large_open_module(tmp_path: Path) -> None:
    # With 4,000 agents open in big/, each keystroke moving between small/ and other/ read the
    # whole project again (settings compared by identity), and each changed the facts' text
    # (the model and project rules worked out again): over a second a keystroke here, 5-20 s
    # with a 1.9 MB module. Now a keystroke that changes no fact costs milliseconds.
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    files = {"big": _agents(4_000), "small": SMALL, "other": SMALL}
    for folder, text in files.items():
        (tmp_path / folder).mkdir()
        (tmp_path / folder / "agent.py").write_text(text, encoding="utf-8")
    client = RawClient(cwd=tmp_path)
    try:
        client.initialize(root=tmp_path, options={"debounceMs": 0})
        uris = {folder: (tmp_path / folder / "agent.py").as_uri() for folder in files}
        for folder, text in files.items():
            item = {"uri": uris[folder], "languageId": "python", "version": 1, "text": text}
            client.notify("textDocument/didOpen", {"textDocument": item})
            _published(client, uris[folder])
        texts = dict(files)
        started = time.monotonic()
        for version in range(2, 2 + KEYSTROKES):
            folder = ("small", "other")[version % 2]
            texts[folder] += f"# {version}\n"
            change = {
                "textDocument": {"uri": uris[folder], "version": version},
                "contentChanges": [{"text": texts[folder]}],
            }
            client.notify("textDocument/didChange", change)
            diagnostics = _published(client, uris[folder], version, timeout=60)
            assert [d["code"] for d in diagnostics] == ["TPL014"]
        # Linear in the keystrokes alone: before, about 30 full reads of the project.
        assert time.monotonic() - started < 15
    finally:
        client.close()

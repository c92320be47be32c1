"""What an editor extension asks of the server: `--stdio`, its settings over `[tool.templating]`,
one completion row per key, writer links in hovers, and the instruction preview."""

import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pytest_lsp import ClientServerConfig, LanguageClient

from templating.server.configuration import ClientSettings, client_settings

from .test_server import AGENT, TOOLS, _at, _open

SERVER = [sys.executable, "-m", "templating", "server"]
# Every JavaScript object has a `toString`: `{toString}` renders differently in adk-js (TPL017,
# when the target ports name it).
PORTS = (
    "from google.adk.agents import LlmAgent\n\n"
    'root = LlmAgent(name="helper", instruction="Hi {user:name} on {toString}")\n'
    'START = service.create_session(app_name="app", user_id="u", state={"user:name": "Ada", "toString": "x"})\n'
)


async def _started(tmp_path: Path, options: dict | None = None, command: list[str] = SERVER) -> LanguageClient:
    client = await ClientServerConfig(server_command=command).start()
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(),
        initialization_options={"debounceMs": 0, **(options or {})},
        workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="project")],
    )
    await client.initialize_session(params)
    return client


async def _stop(client: LanguageClient) -> None:
    await client.shutdown_session()
    await client.stop()


def _codes(client: LanguageClient, uri: str) -> list[str]:
    return sorted(str(diagnostic.code) for diagnostic in client.diagnostics[uri])


async def test_server_accepts_and_ignores_stdio_as_vscode_appends_it(tmp_path: Path):
    client = await _started(tmp_path, command=[*SERVER, "--stdio"])
    try:
        uri = await _open(client, tmp_path / "agent.py", AGENT)
        assert _codes(client, uri) == ["TPL001"]
    finally:
        await _stop(client)


async def test_server_editor_settings_select_and_ignore_over_the_config(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nignore = ["TPL014"]\n')
    plain = await _started(tmp_path)
    chosen = await _started(tmp_path, {"settings": {"ignore": ["TPL001"], "extendSelect": []}})
    only = await _started(tmp_path, {"settings": {"select": ["TPL014"]}})
    try:
        text = AGENT.replace("state={", 'state={"x": 1} or {')  # two findings: TPL001 and TPL014
        text = text.replace('"plan": "p"', '"other": "p"')
        assert _codes(plain, await _open(plain, tmp_path / "agent.py", text)) == ["TPL001"]
        # The editor's ignore adds to the config's (TPL014 stays ignored), as `--ignore` does.
        assert _codes(chosen, await _open(chosen, tmp_path / "agent.py", text)) == []
        # A selection starts afresh, as `--select` does: the config's ignore stays.
        assert _codes(only, await _open(only, tmp_path / "agent.py", text)) == []
    finally:
        for client in (plain, chosen, only):
            await _stop(client)


async def test_server_editor_target_ports_and_dialect_change_the_findings(tmp_path: Path):
    python = await _started(tmp_path)
    ports = await _started(tmp_path, {"settings": {"targetPorts": ["python", "js"]}})
    strict = await _started(tmp_path, {"settings": {"dialect": "strict"}})
    try:
        assert _codes(python, await _open(python, tmp_path / "agent.py", PORTS)) == []
        assert _codes(ports, await _open(ports, tmp_path / "agent.py", PORTS)) == ["TPL017"]
        # `{{plan}}` is an escape in the strict dialect, and a placeholder in ADK's (TPL001).
        assert _codes(python, await _open(python, tmp_path / "other.py", AGENT)) == ["TPL001"]
        assert _codes(strict, await _open(strict, tmp_path / "other.py", AGENT)) == []
    finally:
        for client in (python, ports, strict):
            await _stop(client)


async def test_server_says_which_editor_setting_is_invalid_and_uses_the_others(tmp_path: Path):
    sent = {"settings": {"dialect": "jinja", "select": ["TPL999"], "ignore": ["TPL001"]}}
    client = await _started(tmp_path, sent)
    try:
        uri = await _open(client, tmp_path / "agent.py", AGENT)
        assert _codes(client, uri) == []  # the valid `ignore` applies
        [message] = [shown.message for shown in client.messages]
        assert message.startswith("templating: editor settings not used: ")
        assert "`dialect`: expected one of adk, strict" in message and "got 'jinja'" in message
        assert "`select`: unknown rule `TPL999`" in message
    finally:
        await _stop(client)


async def test_server_takes_new_settings_from_did_change_configuration(tmp_path: Path):
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", AGENT)
        assert _codes(client, uri) == ["TPL001"]
        client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={"templating": {"ignore": ["TPL001"]}})
        )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert _codes(client, uri) == []
        client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings={"templating": {}}))
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        assert _codes(client, uri) == ["TPL001"]
    finally:
        await _stop(client)


@pytest.mark.parametrize(
    ("sent", "expected"),
    [
        (None, ClientSettings()),
        ({"templating": {"select": None, "ignore": []}}, ClientSettings()),
        ({"dialect": "adk-js", "targetPorts": ["js"]}, ClientSettings(dialect="adk-js", target_ports=("js",))),
        ({"ignore": "TPL001"}, ClientSettings()),
    ],
)
def test_client_settings_read_what_is_given_and_leave_the_rest_to_the_config(sent, expected):
    assert client_settings(sent) == expected


def test_client_settings_name_a_bad_port_and_a_bad_type():
    settings = client_settings({"targetPorts": ["python", "cobol"], "ignore": "TPL001"})
    assert settings.target_ports is None and settings.ignore is None
    assert "`targetPorts`: unknown ADK port `cobol`" in (settings.describe() or "")
    assert "`ignore`: expected a list of texts, got 'TPL001'" in (settings.describe() or "")


SAMPLE_AGENT = (
    "from google.adk.agents import LlmAgent\n"
    "from tools import remember\n\n"
    'root = LlmAgent(name="helper", instruction="Hi {user:name}, plan {plan}, {topic?} {us", tools=[remember])\n'
)


async def test_server_completes_a_key_written_and_sampled_once(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nstate = "state.json"\n')
    (tmp_path / "state.json").write_text('{"user:name": "Ada", "user:city": "Oslo"}')
    (tmp_path / "tools.py").write_text(TOOLS)
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", SAMPLE_AGENT)
        line = SAMPLE_AGENT.split("\n")[3]
        found = await client.text_document_completion_async(
            types.CompletionParams(**_at(uri, 3, line.index("{us") + 3))
        )
        items = found if isinstance(found, list) else found.items
        assert [(item.label, item.detail) for item in items] == [
            ("user:city", "in the sample state"),
            ("user:name", "written in the project; in the sample state"),
        ]
    finally:
        await _stop(client)


async def test_server_hover_links_each_writer_to_its_line(tmp_path: Path):
    (tmp_path / "tools.py").write_text(TOOLS)
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", SAMPLE_AGENT)
        hover = await client.text_document_hover_async(types.HoverParams(**_at(uri, 3, 50)))
        link = f"[`tools.py:5`]({(tmp_path / 'tools.py').resolve().as_uri()}#L5)"
        assert hover.contents.value.endswith(f"- writers: tool `remember` of agent `helper` at {link}")
    finally:
        await _stop(client)


async def _preview(client: LanguageClient, uri: str, line: int, character: int):
    return await client.protocol.send_request_async(
        "templating/preview", {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}
    )


async def test_server_previews_the_instruction_under_the_cursor_at_the_sample_state(tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nstate = "state.json"\n')
    (tmp_path / "state.json").write_text('{"user:name": "Ada"}')
    (tmp_path / "tools.py").write_text(TOOLS)
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", SAMPLE_AGENT)
        shown = await _preview(client, uri, 3, 50)
        assert shown.agent == "helper" and shown.dialect == "adk"
        assert shown.state == "the sample state (1 keys)"
        assert shown.missing == ["plan"] and shown.unwritten == ["plan"]
        section, identity = shown.sections
        assert (section.title, section.uri, section.line) == ("instruction", uri, 3)
        # The rest of the request (tests/server/test_server_preview_request.py): google-adk
        # raises on `plan` before sending it, so its pieces are shown as written.
        assert shown.request.error == "Context variable not found: `plan` in agent 'helper'."
        assert (identity.title, identity.uri, identity.line) == ("identity", uri, 3)
        assert [part.text for part in identity.parts] == ['You are an agent. Your internal name is "helper".']
        parts = [
            (part.kind, part.text, getattr(part, "key", None), getattr(part, "outcome", None)) for part in section.parts
        ]
        assert parts == [
            ("text", "Hi ", None, None),
            ("placeholder", "Ada", "user:name", "state"),
            ("text", ", plan ", None, None),
            ("placeholder", "", "plan", "missing"),
            ("text", ", ", None, None),
            ("placeholder", "", "topic", "empty"),
            ("text", " {us", None, None),
        ]
        missing = section.parts[3]
        # With a sample state, TPL011 reports a key it lacks in TPL014's place; the preview
        # still says nothing writes it.
        assert missing.codes == ["TPL011"] and missing.unwritten is True and missing.source == "{plan}"
        assert section.parts[1].unwritten is False and section.parts[1].codes == []
        assert "Context variable not found: `plan`" in missing.error
        # On the agent's line, outside the instruction: the same agent's instruction.
        assert (await _preview(client, uri, 3, 2)).sections[0].parts == section.parts
    finally:
        await _stop(client)


async def test_server_previews_the_constant_an_agent_names_in_another_file(tmp_path: Path):
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "prompt.py").write_text('ROOT = "Use {plan}"\n')
    agent = "from google.adk.agents import LlmAgent\nfrom . import prompt\n\nroot = LlmAgent(name='a', instruction=prompt.ROOT)\n"
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", agent)
        shown = await _preview(client, uri, 3, 0)
        section, identity = shown.sections
        assert shown.agent == "a" and section.uri == (tmp_path / "prompt.py").resolve().as_uri()
        assert identity.title == "identity" and identity.uri == uri and "`plan`" in shown.request.error
        assert [part.text for part in section.parts] == ["Use ", ""]
        assert section.parts[1].codes == ["TPL014"] and shown.unwritten == ["plan"] and shown.missing == ["plan"]
        assert "no sample state" in shown.state
    finally:
        await _stop(client)


async def test_server_preview_says_when_there_is_no_instruction_and_refuses_bad_params(tmp_path: Path):
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", "x = 1\n")
        shown = await _preview(client, uri, 0, 0)
        assert shown.sections == [] and shown.note.startswith("no instruction here")
        with pytest.raises(JsonRpcInvalidParams, match="takes a `textDocument` and a `position`"):
            await client.protocol.send_request_async("templating/preview", {"position": {"line": 0}})
    finally:
        await _stop(client)


def test_preview_sets_apart_runtime_values_and_leaves_a_static_instruction_as_written(tmp_path: Path):
    from templating.server.preview import instruction_preview
    from templating.server.workspace import Workspace

    agent = tmp_path / "agent.py"
    text = (
        "from google.adk.agents import LlmAgent\n\n"
        "def build(name):\n"
        '    return LlmAgent(name="a", instruction=f"Hi {name}, {{plan}}", static_instruction="Keep {plan}")\n'
    )
    agent.write_text(text)
    workspace = Workspace()
    settings, _ = workspace.settings_for(agent)
    dynamic, static = sorted(workspace.instructions(agent, text), key=lambda item: item.field)
    shown = instruction_preview(dynamic, agent.as_uri(), settings, "a", [])
    assert [(part["kind"], part["text"]) for part in shown["sections"][0]["parts"]] == [
        ("text", "Hi "),
        ("runtime", "name"),
        ("text", ", "),
        ("placeholder", ""),
    ]
    kept = instruction_preview(static, agent.as_uri(), settings, "a", [])["sections"][0]
    assert kept["parts"] == [{"kind": "text", "text": "Keep {plan}"}] and "as written" in kept["note"]

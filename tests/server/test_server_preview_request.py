"""The editor's preview shows the whole request: after the instruction under the cursor, the
other pieces of the agent's first model call, each piece the very text `templating request`
prints (the same assembly, proved against google-adk in tests/project/model/), at the same state
and for the backend the server's environment selects."""

import json
import os
from pathlib import Path

import pytest
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

from .test_server import _open
from .test_server_editor_settings import SERVER, _preview, _started, _stop

SHOP = '''from google.adk.agents import LlmAgent
from google.adk.apps import App
from google.adk.plugins.global_instruction_plugin import GlobalInstructionPlugin
from pydantic import BaseModel


class Receipt(BaseModel):
    number: str


def look_up(order_id: str) -> dict:
    """Look an order up."""
    return {"order": order_id}


orders = LlmAgent(
    name="orders",
    model="gemini-2.5-flash",
    description="Finds orders.",
    static_instruction="You find orders.",
    instruction="The customer of {app:shop} is {user:name}.",
)
returns = LlmAgent(
    name="returns",
    model="gemini-2.5-flash",
    description="Takes returns.",
    instruction="Take the return of {user:name}.",
    output_schema=Receipt,
    tools=[look_up],
)
root_agent = LlmAgent(name="desk", model="gemini-2.5-flash", instruction="Greet {user:name}.", sub_agents=[orders, returns])
app = App(name="shop", root_agent=root_agent, plugins=[GlobalInstructionPlugin("You speak for {app:shop}.")])
'''
CONFIG = '[tool.templating]\nstate = "state.json"\ninitial-state = "seeds.json"\n'
# The sample state has the user, the initial state the shop: the request is rendered at both.
STATE, SEEDS = {"user:name": "Ada"}, {"app:shop": "The Tea Shop"}


def _project(tmp_path: Path) -> Path:
    (tmp_path / "pyproject.toml").write_text(CONFIG)
    (tmp_path / "state.json").write_text(json.dumps(STATE))
    (tmp_path / "seeds.json").write_text(json.dumps(SEEDS))
    (tmp_path / "agent.py").write_text(SHOP)
    return tmp_path / "agent.py"


def _environment(vertex: bool) -> dict[str, str]:
    environ = {name: value for name, value in os.environ.items() if not name.startswith("GOOGLE_GENAI_USE_")}
    return {**environ, "GOOGLE_GENAI_USE_VERTEXAI": "true" if vertex else "false"}


def _request(run_cli, monkeypatch, tmp_path: Path, agent: str, vertex: bool) -> dict:
    """What `templating request --format json` prints for ``agent``."""
    monkeypatch.delenv("GOOGLE_GENAI_USE_ENTERPRISE", raising=False)
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true" if vertex else "false")
    status, output, _ = run_cli("request", str(tmp_path), "--agent", agent, "--format", "json")
    assert status == 0, output
    return json.loads(output)


async def _started_in(tmp_path: Path, environ: dict[str, str]) -> LanguageClient:
    """A server started with ``environ`` (which selects its backend) on ``tmp_path``."""
    client = await ClientServerConfig(server_command=SERVER, server_env=environ).start()
    await client.initialize_session(
        types.InitializeParams(
            capabilities=types.ClientCapabilities(),
            initialization_options={"debounceMs": 0},
            workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="shop")],
        )
    )
    return client


def _text(section) -> str:
    return "".join(part.text for part in section.parts)


def _line_of(text: str, start: str) -> int:
    return next(number for number, line in enumerate(text.split("\n")) if line.startswith(start))


@pytest.mark.parametrize("vertex", [False, True], ids=["gemini-api", "vertex"])
async def test_preview_holds_every_piece_of_the_request_as_templating_request_prints_it(
    tmp_path: Path, run_cli, monkeypatch, vertex: bool
):
    file = _project(tmp_path)
    printed = {agent: _request(run_cli, monkeypatch, tmp_path, agent, vertex) for agent in ("orders", "returns")}
    client = await _started_in(tmp_path, _environment(vertex))
    try:
        uri = await _open(client, file, SHOP)
        line = _line_of(SHOP, '    instruction="The customer')
        shown = await _preview(client, uri, line, 20)
        first, *rest = shown.sections
        assert (shown.agent, first.title, first.line) == ("orders", "instruction", line)
        # One state for every section, a run's: a key of the initial state is no missing key.
        assert shown.state == "the initial-state and sample state (2 keys)" and shown.missing == []
        assert [(p.key, p.text, p.outcome) for p in first.parts if p.kind == "placeholder"] == [
            ("app:shop", "The Tea Shop", "state"),
            ("user:name", "Ada", "state"),
        ]
        # The dynamic instruction moves into `contents` next to the static one: it is shown
        # again as sent, wrapped by ADK; every other piece once, in the order it is sent.
        truth = printed["orders"]
        assert [(s.title, s.source, s.placement) for s in rest] == [
            (p["piece"], p["source"], p["placement"]) for p in truth["pieces"]
        ]
        assert [_text(section) for section in rest] == [piece["text"] for piece in truth["pieces"]]
        assert "".join(_text(s) for s in rest if s.placement == "contents") == "".join(truth["instruction_contents"])
        plugin, static, identity, transfer, moved = rest
        assert _text(plugin) == "You speak for The Tea Shop." and plugin.line == _line_of(SHOP, "app = App(")
        assert identity.uri == uri and identity.line == transfer.line == _line_of(SHOP, "orders = LlmAgent(")
        assert _text(static) == "You find orders." and "Agent name: returns" in _text(transfer)
        assert "sent in `contents`" in moved.note and "The customer of The Tea Shop is Ada." in _text(moved)
        summary = shown.request
        assert (summary.runtime, summary.backend) == ("google-adk 2.13.0", "Vertex AI" if vertex else "Gemini API")
        assert summary.cacheable_prefix == truth["cacheable_prefix"] == len("You speak for ")
        assert summary.characters == len(truth["system_instruction"]) and summary.complete and summary.error is None

        # An instruction sent as written in the system instruction is not shown twice; the
        # output-schema paragraph is there on the Gemini API backend only, as google-adk adds it.
        line = _line_of(SHOP, '    instruction="Take the return')
        shown = await _preview(client, uri, line, 20)
        first, *rest = shown.sections
        truth = printed["returns"]
        assert [s.title for s in rest] == [p["piece"] for p in truth["pieces"] if p["piece"] != "instruction"]
        assert ("output_schema" in [s.title for s in rest]) is not vertex
        assert [_text(s) for s in rest] == [p["text"] for p in truth["pieces"] if p["piece"] != "instruction"]
    finally:
        await _stop(client)


async def test_preview_of_an_agent_of_another_port_says_why_it_has_no_request(tmp_path: Path):
    agent = "import { LlmAgent } from '@iqai/adk';\nexport const root = new LlmAgent({ name: 'helper', instruction: 'Hi' });\n"
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.ts", agent, language="typescript")
        shown = await _preview(client, uri, 1, 60)
        assert [section.title for section in shown.sections] == ["instruction"]
        assert "built with the `adk-ts` port" in shown.request.note
    finally:
        await _stop(client)


async def test_preview_marks_what_the_code_does_not_show_as_a_run_time_value(tmp_path: Path):
    agent = (
        "from google.adk.agents import LlmAgent\n\n"
        "def build(shop):\n"
        '    return LlmAgent(name="a", description=f"Works for {shop}.", instruction="Hi.", static_instruction=f"Sell {shop}.")\n'
    )
    client = await _started(tmp_path)
    try:
        uri = await _open(client, tmp_path / "agent.py", agent)
        shown = await _preview(client, uri, 3, agent.split("\n")[3].index("Hi."))
        assert [section.title for section in shown.sections] == [
            "instruction",
            "static_instruction",
            "identity",
            "instruction",
        ]
        _, static, identity, _ = shown.sections
        assert [(part.kind, part.text) for part in static.parts] == [
            ("text", "Sell "),
            ("runtime", "shop"),
            ("text", "."),
        ]
        assert (
            static.note == "not shown by the code: `static_instruction` holds 1 value(s) known only at run time: `shop`"
        )
        assert [(part.kind, part.text) for part in identity.parts] == [("runtime", "<?>")]
        assert identity.note == "not shown by the code: `description` is known only at run time"
        assert shown.request.complete is False and len(shown.request.unknown) == 2
    finally:
        await _stop(client)

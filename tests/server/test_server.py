"""End to end: a real LSP client (pytest-lsp) drives ``templating server`` over stdio."""

import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient

LONE_AGENT = 'from google.adk.agents import LlmAgent\n\nroot = LlmAgent(name="helper", instruction="Hi {user:name}, é {{plan}}")\n'
AGENT = LONE_AGENT + (
    # The session starts with both keys, so the only finding is the one each test is about.
    'START = service.create_session(app_name="app", user_id="u", state={"user:name": "Ada", "plan": "p"})\n'
)
FAKE = Path(__file__).parents[1] / "lsp" / "fake_project_server.py"


async def _start(client: LanguageClient, debounce: int = 0) -> None:
    capabilities = types.ClientCapabilities()
    await client.initialize_session(
        types.InitializeParams(capabilities=capabilities, initialization_options={"debounceMs": debounce})
    )


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, "-m", "templating", "server"]))
async def client(lsp_client: LanguageClient):
    await _start(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, str(FAKE)]))
async def fake(lsp_client: LanguageClient):
    await _start(lsp_client)
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[sys.executable, str(FAKE), "crash"]))
async def crashing(lsp_client: LanguageClient):
    await _start(lsp_client)
    yield
    await lsp_client.shutdown_session()


async def _open(client: LanguageClient, path: Path, text: str, language: str = "python") -> str:
    uri = path.as_uri()
    item = types.TextDocumentItem(uri=uri, language_id=language, version=1, text=text)
    client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=item))
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return uri


def _range(line: int, start: int, end: int) -> types.Range:
    return types.Range(start=types.Position(line=line, character=start), end=types.Position(line=line, character=end))


def _at(uri: str, line: int, character: int) -> dict:
    return {
        "text_document": types.TextDocumentIdentifier(uri=uri),
        "position": types.Position(line=line, character=character),
    }


async def test_server_publishes_diagnostics_with_exact_ranges_on_open(client: LanguageClient, tmp_path: Path):
    uri = await _open(client, tmp_path / "agent.py", AGENT)

    [diagnostic] = client.diagnostics[uri]
    # `{{plan}}` sits after "é" (one UTF-16 unit): columns 62-70 in the client's units.
    assert diagnostic.range == _range(2, 62, 70)
    assert diagnostic.code == "TPL001"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    assert diagnostic.source == "templating"
    assert diagnostic.message.startswith("`{{plan}}` is not an escape")
    assert diagnostic.code_description is not None
    assert diagnostic.code_description.href.endswith("docs/rules/TPL001.md")


async def test_server_relints_the_unsaved_buffer_on_change(client: LanguageClient, tmp_path: Path):
    uri = await _open(client, tmp_path / "agent.py", AGENT)
    fixed = AGENT.replace("{{plan}}", "{plan}")
    change = types.TextDocumentContentChangeWholeDocument(text=fixed)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2), content_changes=[change]
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    assert list(client.diagnostics[uri]) == []
    assert not (tmp_path / "agent.py").exists()  # the buffer was linted, not a file


async def test_server_debounces_a_burst_of_changes(tmp_path: Path):
    config = ClientServerConfig(server_command=[sys.executable, "-m", "templating", "server"])
    client = await config.start()
    try:
        await _start(client, debounce=200)
        uri = await _open(client, tmp_path / "agent.py", AGENT)
        for version, text in enumerate([AGENT, AGENT + "\n", AGENT.replace("{{plan}}", "{plan}")], start=2):
            change = types.TextDocumentContentChangeWholeDocument(text=text)
            identifier = types.VersionedTextDocumentIdentifier(uri=uri, version=version)
            client.text_document_did_change(
                types.DidChangeTextDocumentParams(text_document=identifier, content_changes=[change])
            )
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        # Without the pause, the first diagnostics after the burst would be version 2's TPL001.
        assert list(client.diagnostics[uri]) == []
    finally:
        await client.shutdown_session()
        await client.stop()


async def test_server_quick_fix_edit_fixes_the_finding(client: LanguageClient, tmp_path: Path):
    spaced = AGENT.replace("{{plan}}", "{ plan }")  # TPL004: a safe fix
    uri = await _open(client, tmp_path / "agent.py", spaced)
    [diagnostic] = client.diagnostics[uri]
    context = types.CodeActionContext(diagnostics=[diagnostic])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range, context=context
        )
    )

    titles = [action.title for action in found]
    assert titles == ["TPL004: Replace with `{plan}`", "TPL004: add `# noqa: TPL004`", "templating: fix all safe (1)"]
    assert found[0].is_preferred
    [quick_fix] = found[0].edit.changes[uri]
    assert quick_fix == types.TextEdit(range=_range(2, 62, 70), new_text="{plan}")
    [noqa] = found[1].edit.changes[uri]
    assert noqa.new_text == "  # noqa: TPL004" and noqa.range.start.line == 2
    [whole] = found[2].edit.changes[uri]
    assert whole.new_text == spaced.replace("{ plan }", "{plan}")


def _applied(text: str, edits: list[types.TextEdit]) -> str:
    """``text`` with ``edits`` (ASCII lines here: UTF-16 columns are characters) applied."""
    lines = text.split("\n")
    starts = [sum(len(line) + 1 for line in lines[:index]) for index in range(len(lines))]
    placed = [(starts[e.range.start.line] + e.range.start.character, starts[e.range.end.line] + e.range.end.character,
               e.new_text) for e in edits]  # fmt: skip
    for start, end, new_text in sorted(placed, reverse=True):
        text = text[:start] + new_text + text[end:]
    return text


async def test_server_offers_both_readings_of_a_doubled_brace_as_unsafe_fixes(client: LanguageClient, tmp_path: Path):
    text = AGENT.replace("é ", "")  # ASCII, so that the test places edits by character
    uri = await _open(client, tmp_path / "agent.py", text)
    [diagnostic] = client.diagnostics[uri]
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=diagnostic.range,
            context=types.CodeActionContext(diagnostics=[diagnostic]),
        )
    )  # fmt: skip
    titles = [action.title for action in found]
    assert titles == [
        "TPL001: Replace with `{plan}`: the value of `plan` (unsafe)",
        "TPL001: Compile the instruction in the strict dialect: `{{plan}}` is then the text `{plan}` (unsafe)",
        "TPL001: add `# noqa: TPL001`",
    ]  # no "fix all safe": neither reading is safe
    assert not any(action.is_preferred for action in found)
    value = _applied(text, found[0].edit.changes[uri])
    assert value == text.replace("{{plan}}", "{plan}")
    strict = _applied(text, found[1].edit.changes[uri])
    assert strict == "from templating import compile_template\n" + text.replace(
        'instruction="Hi {user:name}, {{plan}}"',
        'instruction=compile_template("Hi {user:name}, {{plan}}", dialect="strict")',
    )
    # The linter reads the fixed agent in the strict dialect: `{{plan}}` is an escape there.
    fixed = await _open(client, tmp_path / "fixed.py", strict)
    assert [d.code for d in client.diagnostics[fixed]] == []


async def test_server_noqa_action_silences_the_finding(client: LanguageClient, tmp_path: Path):
    uri = await _open(client, tmp_path / "agent.py", AGENT)
    context = types.CodeActionContext(diagnostics=list(client.diagnostics[uri]), only=[types.CodeActionKind.QuickFix])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=_range(2, 0, 0), context=context
        )
    )
    [noqa] = next(action for action in found if "noqa" in action.title).edit.changes[uri]
    lines = AGENT.split("\n")
    lines[2] = lines[2][: noqa.range.start.character] + noqa.new_text
    await _open(client, tmp_path / "silenced.py", "\n".join(lines))

    assert list(client.diagnostics[(tmp_path / "silenced.py").as_uri()]) == []


TOOLS = (
    "from google.adk.tools import ToolContext\n\n\n"
    "def remember(name: str, tool_context: ToolContext) -> str:\n"
    '    tool_context.state["user:name"] = name\n'
    '    return "ok"\n'
)


async def test_server_project_model_gives_writers_definition_completion_and_tpl014(
    client: LanguageClient, tmp_path: Path
):
    (tmp_path / "tools.py").write_text(TOOLS)
    uri = await _open(client, tmp_path / "agent.py", LONE_AGENT)

    codes = sorted(diagnostic.code for diagnostic in client.diagnostics[uri])
    assert codes == ["TPL001", "TPL014"]  # `plan` is written nowhere; `user:name` by the tool
    [unwritten] = [d for d in client.diagnostics[uri] if d.code == "TPL014"]
    assert "`plan`" in unwritten.message
    hover = await client.text_document_hover_async(types.HoverParams(**_at(uri, 2, 50)))
    assert "tools.py:5" in hover.contents.value
    [location] = await client.text_document_definition_async(types.DefinitionParams(**_at(uri, 2, 50)))
    assert location.uri == (tmp_path / "tools.py").resolve().as_uri()
    assert location.range.start.line == 4
    plan = await client.text_document_hover_async(types.HoverParams(**_at(uri, 2, 65)))
    assert "written nowhere" in plan.contents.value


async def test_server_project_model_follows_the_unsaved_buffer(client: LanguageClient, tmp_path: Path):
    (tmp_path / "tools.py").write_text(TOOLS)
    await _open(client, tmp_path / "agent.py", LONE_AGENT)
    tools_uri = await _open(client, tmp_path / "tools.py", TOOLS)
    change = types.TextDocumentContentChangeWholeDocument(text=TOOLS.replace('"user:name"', '"user:nickname"'))
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=tools_uri, version=2), content_changes=[change]
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    agent_uri = (tmp_path / "agent.py").as_uri()
    hover = await client.text_document_hover_async(types.HoverParams(**_at(agent_uri, 2, 50)))
    assert "written nowhere" in hover.contents.value


async def test_server_hover_previews_with_the_configured_sample_state(client: LanguageClient, tmp_path: Path):
    (tmp_path / "pyproject.toml").write_text('[tool.templating]\nstate = "state.json"\n')
    (tmp_path / "state.json").write_text('{"user:name": "Ada"}')
    uri = await _open(client, tmp_path / "agent.py", AGENT)
    hover = await client.text_document_hover_async(types.HoverParams(**_at(uri, 2, 50)))

    assert "with the sample state: `Ada`" in hover.contents.value


async def test_server_hover_and_definition_show_the_writers(fake: LanguageClient, tmp_path: Path):
    uri = await _open(fake, tmp_path / "agent.py", AGENT)
    plan = await fake.text_document_hover_async(types.HoverParams(**_at(uri, 2, 65)))
    name = await fake.text_document_hover_async(types.HoverParams(**_at(uri, 2, 50)))
    locations = await fake.text_document_definition_async(types.DefinitionParams(**_at(uri, 2, 65)))

    writers = (FAKE.parent / "writers.py").resolve()
    # A link to the writer's line: VS Code opens `#L3` at line 3.
    assert (
        f"the `output_key` of agent `planner` at [`{writers.as_posix()}:3`]({writers.as_uri()}#L3)"
        in plan.contents.value
    )
    assert "written nowhere in this project" in name.contents.value
    [location] = locations
    assert location.uri == (FAKE.parent / "writers.py").as_uri()
    assert location.range == _range(2, 4, 4)


async def test_server_completes_written_keys_inside_a_brace(fake: LanguageClient, tmp_path: Path):
    text = 'from google.adk.agents import LlmAgent\n\nroot = LlmAgent(name="x", instruction="Hi {us")\n'
    uri = await _open(fake, tmp_path / "agent.py", text)
    found = await fake.text_document_completion_async(types.CompletionParams(**_at(uri, 2, 45)))

    items = found if isinstance(found, list) else found.items
    assert [item.label for item in items] == ["user:city"]
    assert items[0].text_edit == types.TextEdit(range=_range(2, 43, 45), new_text="user:city")


async def test_server_logs_a_failing_handler_and_goes_on(crashing: LanguageClient, tmp_path: Path):
    uri = await _open(crashing, tmp_path / "agent.py", AGENT)
    hover = await crashing.text_document_hover_async(types.HoverParams(**_at(uri, 2, 50)))
    assert hover is None
    assert any("the project model failed" in message.message for message in crashing.log_messages)

    again = await _open(crashing, tmp_path / "other.py", AGENT)
    assert [d.code for d in crashing.diagnostics[again]] == ["TPL001"]


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("broken.py", "instruction = (\n", "invalid Python"),
        ("broken.yaml", "instruction: [\n", "invalid YAML"),
        ("huge.yaml", "x" * 2_000_001, "over the limit"),
    ],
)
async def test_server_reports_bad_files_as_tpl013(
    client: LanguageClient, tmp_path: Path, name: str, text: str, message: str
):
    uri = await _open(client, tmp_path / name, text, language="plaintext")
    [diagnostic] = client.diagnostics[uri]
    assert diagnostic.code == "TPL013" and message in diagnostic.message


async def test_server_shuts_down_and_exits_with_status_zero(tmp_path: Path):
    config = ClientServerConfig(server_command=[sys.executable, "-m", "templating", "server"])
    client = await config.start()
    await _start(client)
    await _open(client, tmp_path / "agent.py", AGENT)
    await client.shutdown_session()
    assert client._server.returncode == 0
    await client.stop()


async def test_server_offers_one_noqa_action_per_code_and_line(client: LanguageClient, tmp_path: Path):
    uri = await _open(client, tmp_path / "agent.py", AGENT.replace("{{plan}}", "{{plan}} {{plan}}"))
    context = types.CodeActionContext(diagnostics=list(client.diagnostics[uri]), only=[types.CodeActionKind.QuickFix])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=_range(2, 0, 0), context=context
        )
    )

    titles = [action.title for action in found]
    assert titles.count("TPL001: add `# noqa: TPL001`") == 1
    assert titles.count("TPL001: Replace with `{plan}`: the value of `plan` (unsafe)") == 2  # two fixes, at two ranges


@pytest.mark.parametrize(
    ("line", "inside"),
    [
        ('root = LlmAgent(name="x", instruction="Hi {us")', True),
        ('config = {"a": {us', False),
        ("# see {us", False),
    ],
)
async def test_server_completes_keys_only_inside_an_instruction(
    fake: LanguageClient, tmp_path: Path, line: str, inside: bool
):
    uri = await _open(fake, tmp_path / "agent.py", f"from google.adk.agents import LlmAgent\n\n{line}\n")
    found = await fake.text_document_completion_async(types.CompletionParams(**_at(uri, 2, line.index("{us") + 3)))

    items = found if isinstance(found, list) else found.items
    assert [item.label for item in items] == (["user:city"] if inside else [])


def test_server_pause_adapts_to_how_long_the_file_takes_to_lint():
    from templating.server.app import create_server
    from templating.server.language_server import MAX_DEBOUNCE

    server = create_server()
    assert server.pause("file:///new.py") == MAX_DEBOUNCE  # not linted yet: the longest pause
    server.lint_seconds["file:///small.py"] = 0.004
    server.lint_seconds["file:///slow.py"] = 1.5
    assert server.pause("file:///small.py") == pytest.approx(0.008)
    assert server.pause("file:///slow.py") == MAX_DEBOUNCE
    server.debounce = 0.25  # `debounceMs` from the client fixes it
    assert server.pause("file:///small.py") == 0.25


TRIPLE = (
    "from google.adk.agents import LlmAgent\n\n"
    "root = LlmAgent(\n"
    '    name="a",\n'
    '    instruction="""Hi {{plan}}\n'
    'and more""",\n'
    ")\n"
    'START = service.create_session(app_name="app", user_id="u", state={"plan": "p"})\n'
)


async def test_server_noqa_for_a_triple_quoted_instruction_goes_on_the_call_line(
    client: LanguageClient, tmp_path: Path
):
    uri = await _open(client, tmp_path / "agent.py", TRIPLE)
    context = types.CodeActionContext(diagnostics=list(client.diagnostics[uri]), only=[types.CodeActionKind.QuickFix])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=_range(4, 0, 0), context=context
        )
    )
    [noqa] = [action for action in found if "noqa" in action.title]
    [edit] = noqa.edit.changes[uri]
    assert edit.range.start.line == 2 and edit.new_text == "  # noqa: TPL001"
    lines = TRIPLE.split("\n")
    lines[2] += edit.new_text
    silenced = await _open(client, tmp_path / "silenced.py", "\n".join(lines))
    assert list(client.diagnostics[silenced]) == []  # the linter reads it there


async def test_server_noqa_for_a_constant_goes_after_its_closing_quotes_in_the_file_shown(
    client: LanguageClient, tmp_path: Path
):
    # The quick fix edits the file the editor shows (never another module's hidden buffer), at
    # a line the linter reads, and the diagnostic goes once the edit is applied.
    (tmp_path / "__init__.py").write_text("")
    (tmp_path / "agent.py").write_text(
        "from google.adk.agents import LlmAgent\nfrom . import prompt\n\n"
        "root = LlmAgent(name='a', instruction=prompt.ROOT, output_key='plan')\n"
    )
    text = 'ROOT = """Use {{plan}}\nthen more\n"""\n'
    (tmp_path / "prompt.py").write_text('ROOT = "Use {plan}"\n')  # the saved file; the buffer differs
    uri = await _open(client, tmp_path / "prompt.py", text)
    assert "TPL001" in [d.code for d in client.diagnostics[uri]]
    context = types.CodeActionContext(diagnostics=list(client.diagnostics[uri]), only=[types.CodeActionKind.QuickFix])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=_range(0, 0, 0), context=context
        )
    )
    [noqa] = [action for action in found if action.title == "TPL001: add `# noqa: TPL001`"]
    [(target, [edit])] = noqa.edit.changes.items()
    assert target == uri
    assert edit.range.start.line == 2 and edit.new_text == "  # noqa: TPL001"
    lines = text.split("\n")
    lines[2] = lines[2][: edit.range.start.character] + edit.new_text
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text="\n".join(lines))],
        )
    )
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert "TPL001" not in [d.code for d in client.diagnostics[uri]]


WORKFLOW = (
    "from google.adk import Agent, Context, Workflow\n\n\n"
    "def note(ctx: Context):\n"
    '    ctx.state["critique"] = "more detail"\n\n\n'
    'present = Agent(name="present", instruction="Say: {critique}")\n'
    'root_agent = Workflow(name="flow", edges=[("START", note, present)])\n'
)


async def test_server_hover_names_a_function_node_as_a_function_not_a_tool(client: LanguageClient, tmp_path: Path):
    uri = await _open(client, tmp_path / "agent.py", WORKFLOW)
    line = WORKFLOW.split("\n").index('present = Agent(name="present", instruction="Say: {critique}")')
    column = WORKFLOW.split("\n")[line].index("{critique}") + 2
    hover = await client.text_document_hover_async(types.HoverParams(**_at(uri, line, column)))
    assert "writers: the `state` of function `note` at [`agent.py:5`](" in hover.contents.value
    assert "tool" not in hover.contents.value
    assert "required: when it is missing, ADK raises `KeyError`" in hover.contents.value

"""The language server on TypeScript: diagnostics in the port's words, hover, and `// noqa`."""

from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

from .test_server import _open, _range, client  # noqa: F401  (the fixture)

AGENT = (
    "import { LlmAgent } from '@iqai/adk';\n"
    "export const root = new LlmAgent({ name: 'helper', instruction: 'Hi {user}, {topic}', outputKey: 'user' });\n"
)


async def test_server_reports_typescript_findings_and_adds_a_slash_noqa(client: LanguageClient, tmp_path: Path):  # noqa: F811
    uri = await _open(client, tmp_path / "agent.ts", AGENT, language="typescript")
    diagnostics = list(client.diagnostics[uri])
    assert sorted(d.code for d in diagnostics) == ["TPL014", "TPL015"]
    unwritten = next(d for d in diagnostics if d.code == "TPL014")
    assert "the run goes on" in unwritten.message and unwritten.range.start.line == 1
    context = types.CodeActionContext(diagnostics=[unwritten], only=[types.CodeActionKind.QuickFix])
    found = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri), range=_range(1, 0, 0), context=context
        )
    )
    action = next(action for action in found if action.title == "TPL014: add `// noqa: TPL014`")
    [noqa] = action.edit.changes[uri]
    assert noqa.new_text == "  // noqa: TPL014"
    lines = AGENT.split("\n")
    lines[1] = lines[1][: noqa.range.start.character] + noqa.new_text
    silenced = await _open(client, tmp_path / "silenced.ts", "\n".join(lines), language="typescript")
    assert "TPL014" not in [d.code for d in client.diagnostics[silenced]]


async def test_server_hover_on_a_typescript_placeholder_names_its_writer(client: LanguageClient, tmp_path: Path):  # noqa: F811
    uri = await _open(client, tmp_path / "agent.ts", AGENT, language="typescript")
    column = AGENT.split("\n")[1].index("{user}") + 2
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(1, column))
    )
    assert hover is not None and "user" in hover.contents.value
    # The file imports IQAI's ADK-TS: a missing key is its `Error`, not Python's `KeyError`.
    assert "required: when it is missing, ADK-TS fails with an `Error`" in hover.contents.value
    assert "KeyError" not in hover.contents.value


async def test_server_hover_in_an_adk_js_file_names_adk_js_error(client: LanguageClient, tmp_path: Path):  # noqa: F811
    uri = await _open(client, tmp_path / "agent.ts", JS_AGENT.replace(", {us", ""), language="typescript")
    column = JS_AGENT.split("\n")[2].index("{user_name}") + 3
    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(2, column))
    )
    assert "required: when it is missing, adk-js throws an `Error`" in hover.contents.value
    assert "KeyError" not in hover.contents.value


TOOLS = (
    "import { FunctionTool } from '@google/adk';\n"
    "export const remember = new FunctionTool({ name: 'remember', description: 'd', execute: async (args: any, context: any) => {\n"
    "  context.state.set('user_name', args.name);\n"
    "  return 'ok';\n"
    "} });\n"
)
JS_AGENT = (
    "import { LlmAgent } from '@google/adk';\n"
    "import { remember } from './tools.js';\n"
    "export const root = new LlmAgent({ name: 'a', instruction: 'Hi {user_name}, {us', tools: [remember] });\n"
)


async def test_server_goes_to_the_typescript_writer_of_a_key(client: LanguageClient, tmp_path: Path):  # noqa: F811
    (tmp_path / "tools.ts").write_text(TOOLS)
    uri = await _open(client, tmp_path / "agent.ts", JS_AGENT.replace(", {us", ""), language="typescript")
    column = JS_AGENT.split("\n")[2].index("{user_name}") + 3
    position = {"text_document": types.TextDocumentIdentifier(uri=uri), "position": types.Position(2, column)}
    [location] = await client.text_document_definition_async(types.DefinitionParams(**position))
    assert location.uri == (tmp_path / "tools.ts").resolve().as_uri()
    assert location.range.start.line == 2  # `context.state.set('user_name', ...)`
    hover = await client.text_document_hover_async(types.HoverParams(**position))
    assert "tools.ts:3" in hover.contents.value


async def test_server_completes_keys_in_a_typescript_instruction(client: LanguageClient, tmp_path: Path):  # noqa: F811
    (tmp_path / "tools.ts").write_text(TOOLS)
    uri = await _open(client, tmp_path / "agent.ts", JS_AGENT, language="typescript")
    line = JS_AGENT.split("\n")[2]
    position = {
        "text_document": types.TextDocumentIdentifier(uri=uri),
        "position": types.Position(2, line.index("{us") + 3),
    }
    found = await client.text_document_completion_async(types.CompletionParams(**position))
    items = found if isinstance(found, list) else found.items
    assert "user_name" in [item.label for item in items]
    outside = {"text_document": types.TextDocumentIdentifier(uri=uri), "position": types.Position(1, 10)}
    found = await client.text_document_completion_async(types.CompletionParams(**outside))
    assert (found if isinstance(found, list) else found.items) == []  # an import line is no instruction


async def test_server_completes_and_goes_to_an_output_key_from_a_template_literal(
    client: LanguageClient,  # noqa: F811
    tmp_path: Path,
):
    (tmp_path / "writer.ts").write_text(
        "import { LlmAgent } from '@iqai/adk';\n"
        "export const writer = new LlmAgent({ name: 'w', instruction: 'Write.', outputKey: 'draft' });\n"
    )
    text = (
        "import { LlmAgent, SequentialAgent } from '@iqai/adk';\n"
        "import { writer } from './writer';\n"
        "const reader = new LlmAgent({ name: 'r', instruction: `Check\n  the {draft} and {dr` });\n"
        "export const root = new SequentialAgent({ name: 's', subAgents: [writer, reader] });\n"
    )
    uri = await _open(client, tmp_path / "agent.ts", text, language="typescript")
    line = text.split("\n")[3]
    completion = {
        "text_document": types.TextDocumentIdentifier(uri=uri),
        "position": types.Position(3, line.index("{dr") + 3),
    }
    found = await client.text_document_completion_async(types.CompletionParams(**completion))
    assert "draft" in [item.label for item in (found if isinstance(found, list) else found.items)]
    definition = {
        "text_document": types.TextDocumentIdentifier(uri=uri),
        "position": types.Position(3, line.index("{draft}") + 2),
    }
    [location] = await client.text_document_definition_async(types.DefinitionParams(**definition))
    assert location.uri == (tmp_path / "writer.ts").resolve().as_uri() and location.range.start.line == 1


async def test_server_never_reads_a_module_out_of_the_project(client: LanguageClient, tmp_path: Path):  # noqa: F811
    # One project, whatever the door: the editor reads the import as the command line does.
    project, outside = tmp_path / "project", tmp_path / "outside"
    project.mkdir()
    outside.mkdir()
    (project / "pyproject.toml").write_text("[tool.templating]\n")
    secret = 'export const SECRET = "Use {{ SECRETLINE }}";\n'
    (outside / "a.ts").write_text(secret)
    (project / "inside.ts").write_text(secret)
    (project / "link.ts").symlink_to(outside / "a.ts")
    agent = (
        "import { LlmAgent } from '@google/adk';\nimport { SECRET } from '%s';\n"
        "export const root = new LlmAgent({ name: 'a', instruction: `Hi ${SECRET}` });\n"
    )
    for specifier in ("../outside/a", "./link"):
        uri = await _open(client, project / f"agent{len(specifier)}.ts", agent % specifier, language="typescript")
        assert not any("SECRETLINE" in d.message for d in client.diagnostics[uri]), client.diagnostics[uri]
    uri = await _open(client, project / "control.ts", agent % "./inside", language="typescript")
    assert any("SECRETLINE" in d.message for d in client.diagnostics[uri]), client.diagnostics[uri]

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

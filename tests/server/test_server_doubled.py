"""The editor says what the command line says of doubled and swallowed keys (issue 37): TPL001
in adk-js and adk-java only where the app does not write the key, TPL027 on a key's name an
interpolation put where a placeholder was meant."""

from pathlib import Path

import pytest
from pytest_lsp import LanguageClient

from templating.lint.linter import lint_paths
from templating.lint.settings import Settings

from .test_server import _open, client  # noqa: F401  (the fixture)

TYPESCRIPT = (
    "import { LlmAgent, SequentialAgent } from '@google/adk';\n"
    "const STATE_DOC = 'draft';\n"
    "const w = new LlmAgent({ name: 'w', instruction: 'Write.', outputKey: STATE_DOC });\n"
    "const r = new LlmAgent({ name: 'r', instruction: `Review {{draft}}, then ${STATE_DOC} and {{rubric}}.` });\n"
    "export const root = new SequentialAgent({ name: 'root', subAgents: [w, r] });\n"
)
JAVA = (
    "package demo;\n"
    "import com.google.adk.agents.LlmAgent;\n"
    "import com.google.adk.agents.SequentialAgent;\n"
    "public class Review {\n"
    '    static LlmAgent w = LlmAgent.builder().name("w").instruction("Write.").outputKey("draft").build();\n'
    '    static LlmAgent r = LlmAgent.builder().name("r").instruction("Review {{draft}} and {{rubric}}.").build();\n'
    '    public static SequentialAgent ROOT = SequentialAgent.builder().name("root").subAgents(w, r).build();\n'
    "}\n"
)


@pytest.mark.parametrize(
    ("name", "text", "language", "codes"),
    [
        ("agent.ts", TYPESCRIPT, "typescript", ["TPL001", "TPL014", "TPL027"]),
        ("Review.java", JAVA, "java", ["TPL001", "TPL014"]),
    ],
)
async def test_server_says_what_the_command_line_says_of_doubled_and_swallowed_keys(
    client: LanguageClient,  # noqa: F811
    tmp_path: Path,
    name: str,
    text: str,
    language: str,
    codes: list[str],
):
    (tmp_path / name).write_text(text, encoding="utf-8")
    uri = await _open(client, tmp_path / name, text, language=language)
    served = sorted((d.code, d.range.start.line + 1, d.range.start.character + 1) for d in client.diagnostics[uri])
    linted = sorted((f.code, f.line, f.column) for f in lint_paths([tmp_path], Settings(root=tmp_path)).findings)
    assert served == linted
    # `{{draft}}` is written by `w`: the value was meant. `{{rubric}}` is written by nothing.
    assert [code for code, _, _ in served] == codes
    assert all(line == text.count("\n", 0, text.index("{{rubric}}")) + 1 for _, line, _ in served)

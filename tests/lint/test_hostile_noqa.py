"""``--add-noqa`` on lines that end inside another literal or comment: the comment was written
into a TypeScript template literal (changing the string, which then silenced the finding), a Go
raw string or a Go block comment. A comment goes only where the language ends a line with one,
else the finding is counted as left, saying why. Each run is bounded (``bounded``)."""

from pathlib import Path

import pytest

from tests.bounded import run_templating

NO_LINE_END = "each line that would silence it ends inside a string or comment that goes on"

TS_TEMPLATE = (
    'import { LlmAgent } from "@google/adk";\n'
    'export const a = new LlmAgent({ name: "a", model: "m", instruction: "Hi {{name}}", description: `A\n'
    "multi-line description` });\n"
)
GO_HEADER = 'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\n'
GO_RAW = GO_HEADER + (
    "func main() {\n"
    '\tllmagent.New(llmagent.Config{Name: "a", Instruction: "Hi {{name}}", Description: `A\n'
    "multi-line description`})\n}\n"
)
GO_BLOCK = GO_HEADER + (
    'func main() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: "Hi {{name}}"}) /* a comment\n'
    "\tthat goes on */\n}\n"
)
JAVA_BLOCK = (
    "import com.google.adk.agents.LlmAgent;\nclass Agent {\n"
    '  static LlmAgent root() { return LlmAgent.builder().name("a").instruction("Hi {{name}}").description("""\n'
    '    A text block""").build(); }\n}\n'
)
KOTLIN_RAW = (
    "import com.google.adk.agents.LlmAgent\n"
    'val root = LlmAgent.builder().name("a").instruction("Hi {{name}}").description("""A\n'
    'multi-line""").build()\n'
)

#: Each file, and the literal or comment its noqa must never enter.
CASES = {
    "TypeScript template literal": ("agent.ts", TS_TEMPLATE, "`A\nmulti-line description`"),
    "Go raw string": ("agent.go", GO_RAW, "`A\nmulti-line description`"),
    "Go block comment": ("agent.go", GO_BLOCK, "/* a comment\n\tthat goes on */"),
    "Java text block": ("Agent.java", JAVA_BLOCK, '"""\n    A text block"""'),
    "Kotlin raw string": ("Agent.kt", KOTLIN_RAW, '"""A\nmulti-line"""'),
}


@pytest.mark.parametrize("case", list(CASES))
def test_hostile_add_noqa_never_writes_into_another_literal(tmp_path: Path, case: str) -> None:
    name, text, literal = CASES[case]
    (tmp_path / "pyproject.toml").write_text("[tool.templating]\n", encoding="utf-8")
    (tmp_path / name).write_text(text, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--add-noqa", "."], tmp_path, seconds=20)
    assert "Traceback" not in outcome.stderr, outcome.stderr
    after = (tmp_path / name).read_text(encoding="utf-8")
    assert literal in after, after  # the literal, or the comment, is as it was
    if after == text:  # nowhere to put it: said so, and the findings remain
        assert f"cannot take a noqa comment ({NO_LINE_END}" in outcome.stderr, outcome.stderr
        assert outcome.returncode == 1
    else:  # put where the reader reads it: the findings are silenced
        assert after.count("// noqa: TPL001, TPL014") == 1, after
        again = run_templating(["lint", "--no-cache", "."], tmp_path, seconds=20)
        assert again.returncode == 0, again.stdout


def test_hostile_add_noqa_in_typescript_says_why_it_wrote_nothing(tmp_path: Path) -> None:
    (tmp_path / "agent.ts").write_text(TS_TEMPLATE, encoding="utf-8")
    outcome = run_templating(["lint", "--no-cache", "--add-noqa", "agent.ts"], tmp_path, seconds=20)
    assert (tmp_path / "agent.ts").read_text(encoding="utf-8") == TS_TEMPLATE
    assert outcome.stdout.splitlines()[-1] == "Added 0 noqa directives."
    assert f"warning: 2 findings cannot take a noqa comment ({NO_LINE_END}" in outcome.stderr, outcome.stderr

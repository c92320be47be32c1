"""Any text in a `.go` file that names adk-go is read without raising, and positions stay in it."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from templating.project.reading import read_text

HEADER = 'package main\n\nimport "google.golang.org/adk/agent/llmagent"\n\n'
PIECES = st.sampled_from([
    "llmagent.New(llmagent.Config{", "Instruction: ", "OutputKey: ", '"{x}"', "`{y}\n`", "+", "fmt.Sprintf(",
    '"%s"', ",", ")", "}", "{", "func f() {", "const c = ", "c", "\\", '"', "`", "\t", "\n", "//go:embed p.md\n",
    "var p string\n", "x := ", "x", "ctx.State().Set(", "[]agent.Agent{", "// noqa\n", "é", "😀",
])  # fmt: skip


@settings(max_examples=60)
@given(st.lists(PIECES, max_size=40))
def test_go_reading_never_raises_and_positions_point_into_the_file(pieces: list[str]) -> None:
    text = HEADER + "".join(pieces)
    reading = read_text(text, Path("/nonexistent/main.go"), "main.go")
    for instruction in reading.instructions:
        assert len(instruction.offsets) == len(instruction.text) + 1
        assert all(0 <= offset <= len(instruction.source.text) for offset in instruction.offsets)


def test_go_crlf_file_keeps_columns(tmp_path: Path, run_cli) -> None:
    text = HEADER + 'func b() {\n\tllmagent.New(llmagent.Config{Name: "a", Instruction: "Hi { name }"})\n}\n'
    (tmp_path / "main.go").write_bytes(text.replace("\n", "\r\n").encode())
    _, out, _ = run_cli(
        "lint", "--isolated", "--select", "TPL004", "--output-format", "concise", str(tmp_path / "main.go")
    )
    line = text.splitlines()[5]
    assert f":6:{line.index('{ name }') + 1}: TPL004" in out, out

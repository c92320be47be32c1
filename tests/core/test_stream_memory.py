"""`CompiledTemplate.stream` / `stream_async` in memory: pieces of at most about a megabyte (a
long value or artifact in slices, never joined), and, bounded in a child process as the
hostile suite is, a 30 MB prompt and a 100 MB artifact streamed where main ran out of memory."""

from __future__ import annotations

from templating import ReadonlyContext, compile_template, stream
from tests.bounded import run_python
from tests.core.test_stream import Loads, _async_pieces


def _lengths(pieces: list[str]) -> list[int]:
    """The pieces' lengths, each checked to be at most `BATCH_CHARACTERS`."""
    assert all(len(piece) <= stream.BATCH_CHARACTERS for piece in pieces)
    return [len(piece) for piece in pieces]


def test_stream_cuts_a_large_value_into_slices_never_joined():
    big = "x" * (2 * stream.BATCH_CHARACTERS + 5)
    pieces = list(compile_template("Read: {big}. Again: {big}.").stream({"big": big}))
    assert "".join(pieces) == f"Read: {big}. Again: {big}."
    batch = stream.BATCH_CHARACTERS
    assert _lengths(pieces) == [6, batch, batch, 5, 9, batch, batch, 5, 1]


def test_stream_async_cuts_a_large_artifact_into_slices_and_loads_it_as_render_async_does():
    report = "r" * (2 * stream.BATCH_CHARACTERS)
    for dialect, loads in (("adk", ["report", "report"]), ("strict", ["report"])):
        artifacts = Loads({"report": report})
        compiled = compile_template("A {artifact.report} B {artifact.report}", dialect=dialect)
        pieces = _async_pieces(compiled, ReadonlyContext({}, artifacts=artifacts))
        batch = stream.BATCH_CHARACTERS
        assert _lengths(pieces) == [2, batch, batch, 3, batch, batch], dialect
        assert "".join(pieces) == f"A {report} B {report}"
        assert artifacts.calls == loads


def test_stream_of_a_template_without_groups_is_its_text_in_slices():
    text = "plain " * 1_000_000
    pieces = list(compile_template(text).stream({}))
    assert "".join(pieces) == text and len(pieces) == 6
    assert list(compile_template("").stream({})) == []


_PROMPT = """
from templating import compile_template
line = "You are a helpful agent. Use {name} wisely. {user:city?}\\n"
compiled = compile_template(line * (30_000_000 // len(line)))
with open("out.txt", "w", encoding="utf-8") as out:
    out.writelines(compiled.stream({"name": "Ada"}))
try:
    compiled.render({})
except KeyError as error:
    print(error.args[0], error.line, error.column)
"""

_ARTIFACT = """
import asyncio, os
from templating import ReadonlyContext, compile_template
report = "r" * 100_000_000
context = ReadonlyContext({}, artifacts={"report": report})
async def write(out):
    async for piece in compile_template("{artifact.report}\\n{artifact.report}\\n").stream_async(context):
        out.write(piece)
with open(os.devnull, "w", encoding="utf-8") as out:
    asyncio.run(write(out))
print("written")
"""


def test_hostile_library_stream_of_a_30_mb_prompt(tmp_path):
    # Compiling it held a static string and a node per placeholder: on main, 318 MB to render
    # and 865 MB (18 s) to report a missing key; a MemoryError here at the first step.
    outcome = run_python(_PROMPT, tmp_path, seconds=60, megabytes=250)
    assert outcome.returncode == 0, outcome.stderr[-2000:]
    assert outcome.stdout == "Context variable not found: `name` in agent ''. 1 30\n"
    lines = 30_000_000 // len("You are a helpful agent. Use {name} wisely. {user:city?}\n")
    assert (tmp_path / "out.txt").stat().st_size == lines * len("You are a helpful agent. Use Ada wisely. \n")


def test_hostile_library_stream_of_a_100_mb_artifact(tmp_path):
    # render_async holds the artifact, its text and the output (two copies): 500 MB on main.
    outcome = run_python(_ARTIFACT, tmp_path, seconds=60, megabytes=350)
    assert (outcome.returncode, outcome.stdout) == (0, "written\n"), outcome.stderr[-2000:]

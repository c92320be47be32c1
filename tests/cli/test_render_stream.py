"""`templating render` streams through the library's `CompiledTemplate.stream`: the same output
and the same first error as the library's `render_async` in every dialect, and memory bounded
by the input for a 30 MB prompt, a placeholder-dense one, many artifact placeholders and an
output far larger than the input."""

import asyncio
import io
import json

import pytest

from templating import ReadonlyContext, compile_template, stream
from templating.cli.render_stream import render_to
from templating.dialects import DIALECT_NAMES
from templating.errors import TemplateError
from tests.bounded import run_templating

TEMPLATES = [
    "",
    "plain text, no groups",
    "Hi {name}, from {user:city?} {missing?}.",
    "{name} {name} {name}",
    "Say {{name}} and {{{name}}} and {not a key} and {}",
    "a $\\{name} and \\{name} and ${name}",
    "{ name } {name } {name?} {ghost}",
    "{nested.inner} {nested.inner.deep?} {nested.gone} {items[0]}",
    "{artifact.report} then {name}",
    "{name} then {artifact.report?} then {ghost}",
    "{ghost} then {artifact.report}",
    "{name|data} {name|json} {nested|json}",
    "line 1\n{name}\nline 3 {bad-key} {ctrl}\n",
    "{user:city} {app:x?} {temp:y?} {_invocation_id?}",
    "{1bad} {a.} {artifact.} {artifact.bad/../x}",
]
STATE = {"name": "Ada", "user:city": "Paris", "nested": {"inner": [1, 2]}, "items": ["x"], "ctrl": "\x1b[31m"}


def _library(text: str, dialect: str) -> tuple[str, str | None]:
    try:
        compiled = compile_template(text, dialect=dialect)
        return asyncio.run(compiled.render_async(ReadonlyContext(STATE, agent_name="agent"))), None
    except (TemplateError, NotImplementedError) as error:
        return "", f"{type(error).__name__} {error} {getattr(error, 'line', None)}:{getattr(error, 'column', None)}"


def _streamed(text: str, dialect: str) -> tuple[str, str | None]:
    output = io.StringIO()
    try:
        render_to(text, STATE, output.write, dialect=dialect, agent_name="agent")
    except (TemplateError, NotImplementedError) as error:
        assert output.getvalue() == "", "nothing is written before an error"
        return "", f"{type(error).__name__} {error} {getattr(error, 'line', None)}:{getattr(error, 'column', None)}"
    return output.getvalue(), None


@pytest.mark.parametrize("dialect", DIALECT_NAMES)
@pytest.mark.parametrize("text", TEMPLATES)
def test_streamed_render_is_the_library_render(text: str, dialect: str) -> None:
    assert _streamed(text, dialect) == _library(text, dialect)


def test_streamed_render_past_its_memos_and_batches(monkeypatch) -> None:
    # Every distinct placeholder computed again in the second pass, many small writes.
    monkeypatch.setattr(stream, "MEMO_CHARACTERS", 5)
    monkeypatch.setattr(stream, "MEMO_GROUPS", 1)
    monkeypatch.setattr(stream, "BATCH_PIECES", 3)
    monkeypatch.setattr(stream, "BATCH_CHARACTERS", 7)
    text = "".join(f"{{name}} {{user:city}} {{k{index}?}} {{{{x}}}}\n" for index in range(50))
    for dialect in DIALECT_NAMES:
        assert _streamed(text, dialect) == _library(text, dialect)


def _memory_run(tmp_path, template: str, state: dict, *args: str, megabytes: int = 250):
    (tmp_path / "p.prompt").write_text(template, encoding="utf-8")
    (tmp_path / "state.json").write_text(json.dumps(state), encoding="utf-8")
    return run_templating(
        ["render", "p.prompt", "--state", "state.json", *args], tmp_path, seconds=60, megabytes=megabytes
    )


def test_hostile_render_of_a_30_mb_prompt_holds_no_tree(tmp_path) -> None:
    # Compiling this held a node per piece: 320 MB, and 900 MB to report a missing key.
    line = "You are a helpful agent. Use {name} wisely. {user:city?}\n"
    template = line * (30_000_000 // len(line))
    outcome = _memory_run(tmp_path, template, {"name": "Ada"})
    assert outcome.returncode == 0, outcome.stderr[-2000:]
    assert len(outcome.stdout) == len(template) - template.count("{name}") * 3 - template.count("{user:city?}") * 12
    outcome = _memory_run(tmp_path, template, {})
    assert outcome.returncode == 1
    assert outcome.stderr.startswith("p.prompt:1:31: Context variable not found: `name`"), outcome.stderr[-2000:]


def test_hostile_render_of_artifact_placeholders_and_a_large_output(tmp_path) -> None:
    # 1.1 million artifact placeholders parsed whole to fail at the first: 900 MB.
    outcome = _memory_run(tmp_path, "Read {artifact.report}.\n" * 1_000_000, {})
    assert outcome.returncode == 1
    assert outcome.stderr.startswith("p.prompt:1:6: Artifact service is not initialized."), outcome.stderr[-2000:]
    # A 2 MB value placed 100 times: 200 MB of output, never held.
    outcome = _memory_run(tmp_path, "{big}\n" * 100, {"big": "x" * 2_000_000})
    assert outcome.returncode == 0, outcome.stderr[-2000:]
    assert len(outcome.stdout) == 100 * 2_000_001


def test_hostile_render_explain_of_a_dense_prompt_is_streamed(tmp_path) -> None:
    outcome = _memory_run(tmp_path, "{a} {artifact.b}\n" * 200_000, {"a": "x"}, "--explain")
    assert outcome.returncode == 1
    assert outcome.stderr.count("\nkey `a`") == 200_000
    assert "output " not in outcome.stderr  # the render failed: no span of an output it never printed

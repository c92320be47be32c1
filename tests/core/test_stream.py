"""`CompiledTemplate.stream` / `stream_async`: in every dialect, the pieces joined are what
`render` / `render_async` return and a failing render raises the same error (type, message,
key and position) before any piece, with the same artifact loads in the same order; the
same for a template compiled for streaming (`STREAMED_CHARACTERS`) and past the stream's
memos and batches."""

from __future__ import annotations

import asyncio
from functools import partial
from typing import Any
from unittest import mock

import pytest
from adk_oracle import adk_inject, make_adk_context
from adk_oracle import outcome as adk_outcome_of
from hypothesis import given
from hypothesis import strategies as st

from templating import ReadonlyContext, ValuePolicy, compile_template, stream
from templating.compiled import CompiledTemplate
from templating.dialects import DIALECT_NAMES, get_dialect
from templating.errors import ArtifactServiceError, MissingArtifactError, MissingKeyError, TemplateSyntaxError
from tests.strategies import (
    ARTIFACT_NAMES,
    nested_states,
    render_states,
    render_templates,
    states,
    strict_templates,
    templates,
)
from tests.strategies import artifact_stores as oracle_artifact_stores


class Loads:
    """An artifact service that records each load: a text, ``None`` (no such artifact) or an
    exception to raise."""

    def __init__(self, artifacts: dict[str, Any]) -> None:
        self.artifacts, self.calls = artifacts, []

    async def load_artifact(self, filename: str) -> Any:
        self.calls.append(filename)
        await asyncio.sleep(0)  # a real suspension: the stream must survive one
        found = self.artifacts.get(filename)
        if isinstance(found, Exception):
            raise found
        return found


def _outcome(run) -> tuple[str, tuple | None]:
    """What a render returned, or the error it raised, as comparable data."""
    try:
        return run(), None
    except Exception as error:  # noqa: BLE001 - every error is compared, whatever its type
        fields = tuple(getattr(error, name, None) for name in ("key", "line", "column", "span"))
        return "", (type(error), str(error), error.args, fields)


def _streamed(pieces_of) -> tuple[str, tuple | None]:
    """A stream's outcome; asserts that no piece came before an error and none is empty."""
    pieces: list[str] = []

    def run() -> str:
        for piece in pieces_of():
            assert piece, "pieces are never empty"
            pieces.append(piece)
        return "".join(pieces)

    outcome = _outcome(run)
    if outcome[1] is not None:
        assert pieces == [], "nothing is yielded before an error"
    return outcome


def _async_pieces(compiled: CompiledTemplate, context: object):
    async def collect() -> list[str]:
        return [piece async for piece in compiled.stream_async(context)]

    return asyncio.run(collect())


def _compiled(text: str, dialect: str, streamed: bool, policy: ValuePolicy | None = None) -> CompiledTemplate:
    """The template compiled as usual (split into chunks) or for streaming (nothing split)."""
    limit = -1 if streamed else 10**12
    with mock.patch("templating.compiled.STREAMED_CHARACTERS", limit):
        return CompiledTemplate(text, get_dialect(dialect), policy)


def check_stream(text: str, dialect: str, state: dict, artifacts: dict | None, policy: ValuePolicy | None = None):
    """Compiled as usual, the template's `render` and `render_async` are the reference; its
    `stream`, `stream_async`, and every way to render it compiled for streaming must give the
    same outcome (and the same artifact loads), and compiling it for streaming the same
    syntax error."""
    usual = _outcome(lambda: _compiled(text, dialect, False, policy))
    if usual[1] is not None:
        assert _outcome(lambda: _compiled(text, dialect, True, policy)) == usual
        return
    eager, streamed = _compiled(text, dialect, False, policy), _compiled(text, dialect, True, policy)
    assert (streamed.required_keys, streamed.optional_keys, streamed.artifact_names) == (
        eager.required_keys,
        eager.optional_keys,
        eager.artifact_names,
    )
    reference = _outcomes(eager, eager.render, eager.render_async, state, artifacts)
    for compiled in (eager, streamed):
        assert _outcomes(compiled, compiled.render, compiled.render_async, state, artifacts) == reference
        assert _outcomes(compiled, compiled.stream, compiled.stream_async, state, artifacts) == reference


def _outcomes(compiled: CompiledTemplate, render, render_async, state: dict, artifacts: dict | None) -> tuple:
    """The outcomes of a sync way to render (or stream) and an async one, the second with
    artifacts and without an artifact service, with the loads it made."""
    if render == compiled.stream:
        synchronous = _streamed(lambda: render(state, agent_name="agent"))
    else:
        synchronous = _outcome(lambda: render(state, agent_name="agent"))
    if render_async == compiled.stream_async:
        render_async = partial(_async_stream, compiled)
    return (
        synchronous,
        _async_outcome(render_async, state, artifacts),
        _async_outcome(render_async, state, None),
    )


def _async_outcome(render, state: dict, artifacts: dict | None) -> tuple[tuple, list[str] | None]:
    """The outcome of an async render against a context over ``state`` and ``artifacts``, and
    the artifact loads it made, in order."""
    loads = None if artifacts is None else Loads(artifacts)
    context = ReadonlyContext(state, agent_name="agent", artifacts=loads)
    return _outcome(lambda: asyncio.run(render(context))), None if loads is None else loads.calls


async def _async_stream(compiled: CompiledTemplate, context: object) -> str:
    """A stream's pieces joined; asserts that none came before an error and none is empty."""
    pieces: list[str] = []
    try:
        async for piece in compiled.stream_async(context):
            assert piece, "pieces are never empty"
            pieces.append(piece)
    except AssertionError:
        raise
    except Exception:
        assert pieces == [], "nothing is yielded before an error"
        raise
    return "".join(pieces)


artifact_stores = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(ARTIFACT_NAMES),
        st.one_of(st.text(alphabet="ab{}? ", max_size=5), st.none(), st.just(RuntimeError("service down"))),
        min_size=1,
        max_size=3,
    ),
)


@given(
    dialect=st.sampled_from(DIALECT_NAMES),
    text=render_templates,
    state=render_states,
    artifacts=artifact_stores,
)
def test_stream_is_the_render_in_every_dialect(dialect, text, state, artifacts):
    # About half of these renders fail: missing keys and artifacts, no artifact service,
    # loads that raise, values a dialect cannot format.
    check_stream(text, dialect, state, artifacts)


@given(
    dialect=st.sampled_from(DIALECT_NAMES),
    text=st.one_of(templates, strict_templates),
    state=st.one_of(states, nested_states),
    artifacts=artifact_stores,
)
def test_stream_is_the_render_on_brace_heavy_text(dialect, text, state, artifacts):
    check_stream(text, dialect, state, artifacts)


@given(
    dialect=st.sampled_from(DIALECT_NAMES),
    pieces=st.lists(st.one_of(render_templates, st.sampled_from(["{name}", "{a}", "{b?}", "x" * 9])), max_size=6),
    state=render_states,
    artifacts=artifact_stores,
)
def test_stream_past_its_memos_and_batches_is_the_render(dialect, pieces, state, artifacts):
    # Every distinct value computed again in the second pass, and pieces cut at a few characters.
    with (
        mock.patch.object(stream, "MEMO_CHARACTERS", 3),
        mock.patch.object(stream, "MEMO_GROUPS", 1),
        mock.patch.object(stream, "BATCH_CHARACTERS", 4),
        mock.patch.object(stream, "BATCH_PIECES", 2),
    ):
        check_stream("".join(pieces), dialect, state, artifacts)


@given(text=render_templates, state=render_states, dialect=st.sampled_from(DIALECT_NAMES))
def test_stream_follows_a_value_policy(text, state, dialect):
    policy = ValuePolicy({"a": "data", "user:*": "json", "artifact.*": "data"}, max_chars={"b": 3})
    check_stream(text, dialect, state, {"a": "text {a}", "f.txt": None}, policy)


@pytest.mark.parametrize(
    ("dialect", "text", "artifacts", "error"),
    [
        ("adk-js", "{artifact.gone} {ghost}", {}, MissingKeyError),  # adk-js: state errors first
        ("adk", "{artifact.gone} {ghost}", {}, MissingArtifactError),
        ("adk-java", "{ghost} {artifact.gone}", None, ArtifactServiceError),  # Java: the service first
        ("adk", "{ghost} {artifact.gone}", None, MissingKeyError),
        ("strict", "{artifact.a} {ghost} {artifact.b} {artifact.a}", {"b": RuntimeError("down")}, MissingArtifactError),
    ],
)
def test_stream_async_raises_first_what_the_port_raises_first(dialect, text, artifacts, error):
    check_stream(text, dialect, {}, artifacts)
    context = ReadonlyContext({}, artifacts=None if artifacts is None else Loads(artifacts))
    with pytest.raises(error):
        asyncio.run(_async_stream(compile_template(text, dialect=dialect), context))


def test_stream_of_a_template_compiled_for_streaming_keeps_the_compiled_api(monkeypatch):
    text = "Hi {name}, {user:city?} {artifact.notes.md} {name} {temp:x?} {user:city}"
    eager = CompiledTemplate(text, get_dialect("adk"))
    monkeypatch.setattr("templating.compiled.STREAMED_CHARACTERS", 10)
    compiled = CompiledTemplate(text, get_dialect("adk"))
    assert compiled._statics is None and compiled._fast is None
    assert (compiled.required_keys, compiled.optional_keys, compiled.artifact_names) == (
        ("name", "user:city"),
        ("temp:x",),
        ("notes.md",),
    )
    assert compiled.placeholders == eager.placeholders
    assert compiled._statics is None, "the tree of a streamed template is not kept"
    with pytest.raises(TemplateSyntaxError) as raised:
        CompiledTemplate("0123456789 {artifact.../x}", get_dialect("strict"))
    assert (raised.value.line, raised.value.column) == (1, 22)


def test_stream_is_lazy_and_raises_at_its_first_step():
    compiled = compile_template("{a} {missing}")
    pieces = compiled.stream({"a": 1})  # nothing is read yet
    with pytest.raises(KeyError, match="Context variable not found: `missing`"):
        next(pieces)
    with pytest.raises(TypeError, match="render_async"):
        next(compile_template("{artifact.a}").stream({}))


async def _google_adk_and_streams(template: str, state: dict, artifacts: dict | None) -> list[tuple[str, str]]:
    context = await make_adk_context(dict(state), artifacts)
    outcomes = [await adk_outcome_of(adk_inject(template, context))]
    for streamed in (False, True):
        compiled = _compiled(template, "adk", streamed)
        outcomes.append(await adk_outcome_of(_async_stream(compiled, context)))
    return outcomes


@given(template=templates, state=states, artifacts=oracle_artifact_stores)
def test_stream_async_through_a_google_adk_context_is_google_adk(template, state, artifacts):
    # The real oracle: google-adk 2.13.0's own injection, its context, its artifact service.
    expected, *streamed = asyncio.run(_google_adk_and_streams(template, state, artifacts))
    assert streamed == [expected, expected]


@pytest.mark.parametrize("dialect", DIALECT_NAMES)
def test_stream_formats_values_with_the_compiled_formatter(dialect):
    shouting = compile_template("a {x} b {y?} c {z}", dialect=dialect, formatter=lambda value: str(value).upper())
    state = {"x": "ada", "z": None}
    assert "".join(shouting.stream(state)) == shouting.render(state)
    broken = compile_template("a {x} b", dialect=dialect, formatter=lambda value: 5)
    with pytest.raises(TypeError, match="formatter must return a str, got int"):
        next(broken.stream({"x": 1}))
    with pytest.raises(TypeError, match="formatter must return a str, got int"):
        asyncio.run(_async_stream(broken, ReadonlyContext({"x": 1})))

"""Compiled templates: keys known before a run, sync rendering, caching, bad input."""

import asyncio
import pickle
import re
import types

import pytest
from adk_oracle import make_adk_context
from hypothesis import assume, given
from hypothesis import strategies as st
from strategies import (
    artifact_stores,
    common_states,
    common_templates,
    nested_states,
    states,
    strict_templates,
    templates,
)

import templating
from templating import MissingKeyError


def test_compile_template_lists_required_optional_and_artifact_names():
    template = templating.compile_template("{a} {b?} {a} {c?} {c} {artifact.f} {artifact.g?} {artifact.f}")
    assert template.required_keys == ("a", "c")
    assert template.optional_keys == ("b",)
    assert template.artifact_names == ("f", "g")
    assert [p.key for p in template.placeholders] == ["a", "b", "a", "c", "c", "f", "g", "f"]


def test_compile_template_is_cached_by_text_and_dialect():
    first = templating.compile_template("Hi {cached_name}")
    assert templating.compile_template("Hi {cached_name}") is first


def test_compile_template_rejects_non_string():
    with pytest.raises(TypeError, match="template must be a str, got int"):
        templating.compile_template(123)


def test_compile_template_rejects_unhashable_dialect_clearly():
    with pytest.raises(TypeError, match="dialect must be a str, got list"):
        templating.compile_template("x", dialect=[])


def test_render_substitutes_state_values_like_adk():
    template = templating.compile_template("{s}|{n}|{none}|{d}|{b}")
    output = template.render({"s": "x", "n": 1.5, "none": None, "d": {"a": [1, None]}, "b": True})
    assert output == "x|1.5||{'a': [1, None]}|True"


def test_render_values_are_never_scanned_again():
    assert templating.compile_template("{a}").render({"a": "{b} {missing}"}) == "{b} {missing}"


def test_render_missing_key_error_has_adk_message_key_and_position():
    template = templating.compile_template("line one\n  then {missing} here")
    with pytest.raises(MissingKeyError) as caught:
        template.render({}, agent_name="helper")
    error = caught.value
    assert isinstance(error, KeyError)
    assert error.args[0] == "Context variable not found: `missing` in agent 'helper'."
    assert (error.key, error.agent_name, error.line, error.column) == ("missing", "helper", 2, 8)
    assert error.span == templating.Span(16, 25)


def test_render_missing_key_error_pickles_with_its_fields():
    with pytest.raises(MissingKeyError) as caught:
        templating.compile_template("{k}").render({})
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (copy.args, copy.key, copy.line, copy.column, copy.span) == (
        caught.value.args,
        "k",
        1,
        1,
        templating.Span(0, 3),
    )


def test_render_first_missing_key_in_template_order_wins():
    with pytest.raises(MissingKeyError, match="first"):
        templating.compile_template("{first} {second}").render({})


@pytest.mark.parametrize("state", [None, "abc", 3, ["a"]])
def test_render_rejects_a_state_that_is_not_a_mapping(state):
    with pytest.raises(TypeError, match="state must be a mapping of state keys to values"):
        templating.compile_template("{a}").render(state)


def test_render_of_artifact_template_asks_for_render_async():
    with pytest.raises(TypeError, match="render_async"):
        templating.compile_template("{artifact.f}").render({})


@given(st.text().filter(lambda text: "{" not in text))
def test_render_template_without_brace_renders_to_itself(text):
    assert templating.compile_template(text).render({}) == text


async def test_render_async_rejects_wrong_context_type():
    with pytest.raises(TypeError, match=r"context must be a templating\.ReadonlyContext or a google-adk"):
        await templating.compile_template("{a}").render_async({"a": 1})


async def test_compiled_template_is_an_instruction_provider():
    context = templating.ReadonlyContext({"name": "Ada"})
    assert await templating.compile_template("Hi {name}")(context) == "Hi Ada"


def test_render_megabyte_template():
    text = 'word {a} {"json": 1} ' * 50_000
    output = templating.compile_template(text).render({"a": "X"})
    assert output == text.replace("{a}", "X")


def test_render_strict_value_json_cannot_hold_names_the_key():
    template = templating.compile_template("ok {a}\n {user:tags.set}", dialect="strict")
    with pytest.raises(templating.ValueFormatError) as caught:
        template.render({"a": 1, "user:tags": {"set": {1, 2}}})
    error = caught.value
    assert isinstance(error, TypeError)
    assert (error.key, error.line, error.column) == ("user:tags.set", 2, 2)
    assert error.message.startswith("Value of `user:tags.set` cannot be rendered (a `set` is not JSON serializable)")


def test_render_strict_formatter_replaces_value_formatting():
    def shout(value):
        return "<none>" if value is None else str(value).upper()

    template = templating.compile_template("{a} {b} {c.d}", dialect="strict", formatter=shout)
    assert template.render({"a": "x", "b": None, "c": {"d": [1]}}) == "X <none> [1]"
    assert templating.compile_template("{a} {b} {c.d}", dialect="strict", formatter=shout) is template
    assert templating.compile_template("{a} {b} {c.d}", dialect="strict") is not template


def test_render_strict_formatter_errors_name_the_key():
    def refuse(value):
        raise ValueError("no thanks")

    with pytest.raises(templating.ValueFormatError, match=r"Value of `a` cannot be rendered \(no thanks\)"):
        templating.compile_template("{a}", dialect="strict", formatter=refuse).render({"a": 1})


def test_compile_template_rejects_a_formatter_that_is_not_callable():
    with pytest.raises(TypeError, match="formatter must be callable, got str"):
        templating.compile_template("{a}", dialect="strict", formatter="json")


def test_compile_template_strict_keys_are_state_keys_without_paths():
    template = templating.compile_template("{user:p.name} {user:p.age?} {items[0]?} {{z}}", dialect="strict")
    assert template.required_keys == ("user:p",)
    assert template.optional_keys == ("items",)
    assert [p.path for p in template.placeholders] == [("name",), ("age",), (0,)]


class _RecordingLoader:
    """An artifact loader that records calls and lets every load wait for the others."""

    def __init__(self, artifacts, failing=()):
        self.artifacts = artifacts
        self.failing = set(failing)
        self.calls = []
        self.in_flight = 0
        self.most_in_flight = 0

    async def load_artifact(self, filename):
        import asyncio

        self.calls.append(filename)
        self.in_flight += 1
        self.most_in_flight = max(self.most_in_flight, self.in_flight)
        await asyncio.sleep(0.01)
        self.in_flight -= 1
        if filename in self.failing:
            raise ValueError(f"cannot load {filename}")
        return self.artifacts.get(filename)


async def test_render_async_strict_loads_each_artifact_once_and_concurrently():
    loader = _RecordingLoader({"a.txt": "A", "b.txt": "B", "c.txt": "C"})
    context = templating.ReadonlyContext({"n": 1}, artifacts=loader)
    template = templating.compile_template(
        "{artifact.a.txt} {artifact.b.txt} {n} {artifact.a.txt} {artifact.c.txt} {artifact.gone?}", dialect="strict"
    )
    assert await template.render_async(context) == "A B 1 A C "
    assert sorted(loader.calls) == ["a.txt", "b.txt", "c.txt", "gone"]
    assert loader.most_in_flight == 4


async def test_render_async_adk_stays_sequential_and_loads_every_placeholder():
    loader = _RecordingLoader({"a.txt": "A", "b.txt": "B"})
    context = templating.ReadonlyContext({}, artifacts=loader)
    assert (
        await templating.compile_template("{artifact.a.txt}{artifact.b.txt}{artifact.a.txt}").render_async(context)
        == "ABA"
    )
    assert loader.calls == ["a.txt", "b.txt", "a.txt"]
    assert loader.most_in_flight == 1


@pytest.mark.parametrize(
    ("text", "error", "match"),
    [
        ("{artifact.bad} {artifact.gone}", ValueError, "cannot load bad"),
        ("{artifact.gone} {artifact.bad}", KeyError, "Artifact 'gone' not found in agent 'helper'."),
        ("{missing} {artifact.bad}", KeyError, "Context variable not found: `missing` in agent 'helper'."),
        ("{artifact.gone?} {artifact.bad} {missing}", ValueError, "cannot load bad"),
    ],
)
async def test_render_async_strict_raises_the_first_error_in_template_order(text, error, match):
    loader = _RecordingLoader({}, failing={"bad"})
    context = templating.ReadonlyContext({}, agent_name="helper", artifacts=loader)
    with pytest.raises(error, match=match):
        await templating.compile_template(text, dialect="strict").render_async(context)


async def test_render_async_strict_without_artifact_service_raises_in_template_order():
    context = templating.ReadonlyContext({"a": 1})
    template = templating.compile_template("{a} {artifact.f?}", dialect="strict")
    with pytest.raises(templating.ArtifactServiceError, match=re.escape("Artifact service is not initialized.")):
        await template.render_async(context)
    with pytest.raises(MissingKeyError):
        await templating.compile_template("{b} {artifact.f}", dialect="strict").render_async(context)


def _identifier_character(character):
    return ("a" + character).isidentifier()


def _sync_outcome(text, state, dialect):
    try:
        return ("output", templating.compile_template(text, dialect=dialect).render(state, agent_name="agent"))
    except MissingKeyError as error:
        return ("KeyError", error.args[0])


@given(text=common_templates, state=common_states)
def test_render_strict_equals_adk_where_the_grammars_agree(text, state):
    assert _sync_outcome(text, state, "strict") == _sync_outcome(text, state, "adk")


@given(text=st.one_of(templates, st.text()), state=common_states)
def test_render_strict_equals_adk_when_no_brace_touches_a_name_or_whitespace(text, state):
    # Whitespace counts too: adk strips it, so `{ x }` is a placeholder there and literal here.
    touching = (
        text[index + offset]
        for index, character in enumerate(text)
        if character in "{}"
        for offset in (-1, 1)
        if 0 <= index + offset < len(text)
    )
    assume(not any(_identifier_character(c) or c.isspace() for c in touching))
    assert _sync_outcome(text, state, "strict") == _sync_outcome(text, state, "adk") == ("output", text)


@given(text=strict_templates, state=st.one_of(states, nested_states), artifacts=artifact_stores)
def test_render_strict_raises_only_for_missing_keys_and_failing_artifacts(text, state, artifacts):
    try:
        template = templating.compile_template(text, dialect="strict")
    except templating.TemplateSyntaxError:
        return  # a compile-time error, never a render-time one
    context = templating.ReadonlyContext(state, artifacts=artifacts)
    try:
        output = asyncio.run(template.render_async(context))
    except (MissingKeyError, templating.ArtifactServiceError):
        return
    assert isinstance(output, str)


@given(st.text().filter(lambda text: "{" not in text))
def test_render_strict_template_without_brace_renders_to_itself(text):
    assert templating.compile_template(text, dialect="strict").render({}) == text


@given(st.dictionaries(st.sampled_from(["a", "b", "user:c"]), st.one_of(st.none(), st.integers(), st.text(max_size=3))))
def test_render_fast_path_equals_generic_path(state):
    from types import MappingProxyType

    template = templating.compile_template('{a?} and {b?} then {user:c?} {"json": 1} {a?}')
    assert template.render(state) == template.render(MappingProxyType(state))


def test_compiled_template_keeps_no_ast_until_asked():
    template = templating.compile_template("Hi {lazy_ast_name}, {x?}")
    assert template._placeholders is None
    assert [p.span for p in template.placeholders] == [templating.Span(3, 18), templating.Span(20, 24)]


def test_compile_template_cache_is_bounded_and_drops_the_oldest(monkeypatch):
    from templating import compiler

    monkeypatch.setattr(compiler, "CACHE_SIZE", 3)
    monkeypatch.setattr(compiler, "_CACHE", {})
    first = templating.compile_template("{bounded_0}")
    for index in range(1, 5):
        templating.compile_template(f"{{bounded_{index}}}")
    assert len(compiler._CACHE) == 3
    assert templating.compile_template("{bounded_4}") is templating.compile_template("{bounded_4}")
    assert templating.compile_template("{bounded_0}") is not first


def test_compile_template_keys_the_cache_by_dialect_and_formatter():
    adk = templating.compile_template("{keyed}")
    strict = templating.compile_template("{keyed}", dialect="strict")
    formatted = templating.compile_template("{keyed}", formatter=repr)
    assert len({id(adk), id(strict), id(formatted)}) == 3
    assert formatted.render({"keyed": "x"}) == "'x'"


@pytest.mark.parametrize("dialect", ["adk", "strict"])
@pytest.mark.parametrize("make_state", [dict, types.MappingProxyType])
def test_render_formatter_returning_non_text_is_a_clear_type_error_on_every_path(dialect, make_state):
    template = templating.compile_template("a {x} b", dialect=dialect, formatter=lambda value: 5)
    with pytest.raises(TypeError, match="formatter must return a str, got int"):
        template.render(make_state({"x": 1}))


class _Recorder:
    """A state value that counts how it is used and cannot be tested for truth."""

    def __init__(self, fails=False):
        self.calls = 0
        self.truth_tests = 0
        self.fails = fails

    def __str__(self):
        self.calls += 1
        if self.fails:
            raise ValueError("cannot render")
        return "recorded"

    def __bool__(self):
        self.truth_tests += 1
        raise ValueError("the truth value is ambiguous")


def test_render_adk_never_tests_a_value_for_truth():
    value = _Recorder()
    assert templating.compile_template("[{value}]").render({"value": value}) == "[recorded]"
    assert (value.calls, value.truth_tests) == (1, 0)


async def test_inject_tries_the_fast_path_once_before_the_generic_path():
    first, second = _Recorder(), _Recorder(fails=True)
    context = await make_adk_context({"first": first, "second": second}, None)
    with pytest.raises(ValueError, match="cannot render"):
        await templating.inject_session_state("{first} {second}", context)
    assert first.calls == 2  # once on the fast path, once on the generic path that raises

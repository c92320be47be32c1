"""Compiled templates: keys known before a run, sync rendering, caching, bad input."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

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
        caught.value.args, "k", 1, 1, templating.Span(0, 3),
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
    with pytest.raises(TypeError, match="context must be a templating.ReadonlyContext or a google-adk"):
        await templating.compile_template("{a}").render_async({"a": 1})


async def test_compiled_template_is_an_instruction_provider():
    context = templating.ReadonlyContext({"name": "Ada"})
    assert await templating.compile_template("Hi {name}")(context) == "Hi Ada"


def test_render_megabyte_template():
    text = "word {a} {\"json\": 1} " * 50_000
    output = templating.compile_template(text).render({"a": "X"})
    assert output == text.replace("{a}", "X")

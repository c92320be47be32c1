"""inject_session_state: the drop-in, with our context and google-adk's."""

import re

import pytest
from adk_oracle import adk_inject, make_adk_context

import templating
from templating import ArtifactServiceError, MissingArtifactError, ReadonlyContext


async def test_inject_returns_template_without_brace_as_the_same_object():
    template = "".join(["no placeholders ", "here"])  # noqa: FLY002 - built at run time, not interned
    assert await templating.inject_session_state(template, ReadonlyContext({})) is template


async def test_inject_reads_artifacts_from_a_mapping_and_a_loader():
    class Loader:
        async def load_artifact(self, filename):
            return {"notes.txt": "from loader"}.get(filename)

    template = "{artifact.notes.txt} {artifact.absent?}."
    from_mapping = ReadonlyContext({}, artifacts={"notes.txt": "from mapping"})
    assert await templating.inject_session_state(template, from_mapping) == "from mapping ."
    assert await templating.inject_session_state(template, ReadonlyContext({}, artifacts=Loader())) == "from loader ."


async def test_inject_missing_artifact_error_names_artifact_and_agent():
    context = ReadonlyContext({}, agent_name="writer", artifacts={})
    with pytest.raises(MissingArtifactError) as caught:
        await templating.inject_session_state("x {artifact.plan.md}", context)
    assert caught.value.args[0] == "Artifact 'plan.md' not found in agent 'writer'."
    assert (caught.value.key, caught.value.line, caught.value.column) == ("plan.md", 1, 3)


async def test_inject_artifact_without_service_is_a_value_error_even_when_optional():
    with pytest.raises(ArtifactServiceError, match=re.escape("Artifact service is not initialized.")):
        await templating.inject_session_state("{artifact.f?}", ReadonlyContext({}))


async def test_inject_accepts_google_adk_context_and_reads_its_agent_name():
    context = await make_adk_context({"user:name": "Ada"}, None)
    assert await templating.inject_session_state("Hi {user:name}", context) == "Hi Ada"
    with pytest.raises(KeyError) as caught:
        await templating.inject_session_state("{missing}", context)
    assert caught.value.args[0] == "Context variable not found: `missing` in agent 'agent'."


@pytest.mark.parametrize("template", [None, 12, b"{a}"])
async def test_inject_rejects_non_string_template(template):
    with pytest.raises(TypeError, match="template must be a str"):
        await templating.inject_session_state(template, ReadonlyContext({}))


@pytest.mark.parametrize("context", [None, {"a": 1}, "ctx", object()])
@pytest.mark.parametrize("template", ["static text", "", "no brace } here", "$ \\ }} ?"])
async def test_inject_template_without_brace_returns_it_unread_as_google_adk_does(template, context):
    # google-adk returns a template without `{` before it touches the context at all.
    expected = await adk_inject(template, context)
    assert expected is template
    assert await templating.inject_session_state(template, context) is template


@pytest.mark.parametrize("context", [None, {"a": 1}, "ctx"])
async def test_inject_rejects_wrong_context_type_once_there_is_a_brace(context):
    # google-adk fails here too, with an AttributeError from deep inside; ours names the problem.
    with pytest.raises(AttributeError):
        await adk_inject("{x?}", context)
    with pytest.raises(TypeError, match=r"context must be a templating\.ReadonlyContext"):
        await templating.inject_session_state("{x?}", context)


@pytest.mark.parametrize("dialect", ["strict", "adk-js"])
async def test_inject_other_dialects_reject_a_wrong_context_even_without_placeholders(dialect):
    with pytest.raises(TypeError, match=r"context must be a templating\.ReadonlyContext"):
        await templating.inject_session_state("static text", None, dialect=dialect)


async def test_inject_strict_dialect_with_nested_values_and_artifacts():
    context = ReadonlyContext(
        {"user:profile": {"name": "Ada", "langs": ["py", "go"]}}, agent_name="a", artifacts={"notes.md": "N"}
    )
    template = '{"user": {user:profile.name}, "first": {user:profile.langs[0]}} {{kept}} {artifact.notes.md}'
    assert await templating.inject_session_state(template, context, dialect="strict") == (
        '{"user": Ada, "first": py} {kept} N'
    )


async def test_inject_strict_dialect_through_adk_context():
    context = await make_adk_context({"d": {"a": [1, None]}, "ok": True}, {"f.txt": "F"})
    output = await templating.inject_session_state("{d} {ok} {d.a[0]} {artifact.f.txt}", context, dialect="strict")
    assert output == '{"a": [1, null]} true 1 F'


async def test_inject_strict_dialect_rejects_invalid_artifact_name_before_loading():
    with pytest.raises(templating.TemplateSyntaxError, match=r"has a `\.\.` segment"):
        await templating.inject_session_state("{artifact.../secret}", ReadonlyContext({}), dialect="strict")

"""The value policy: covered placeholders get a data marker in any dialect, and every other
span renders byte for byte as the dialect renders it."""

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

import templating
from templating.markers import fence_data, json_text
from tests.adk_oracle import adk_outcome
from tests.strategies import STATE_KEYS, templates

POLICY = templating.ValuePolicy({"page*": "data", "user:*": "json"}, max_chars={"page_long": 5})


def test_policy_marks_covered_keys_in_the_adk_dialect():
    template = "Read <page>{page}</page> for { user:name }; {other}."
    state = {"page": "</page>!", "user:name": "<Ada>", "other": "<kept>"}
    rendered = templating.compile_template(template, policy=POLICY).render(state)
    assert rendered == f'Read <page>{fence_data("page", "</page>!")}</page> for "\\u003cAda\\u003e"; <kept>.'


def test_policy_truncates_only_where_asked():
    rendered = templating.compile_template("{page_long}", policy=POLICY).render({"page_long": "0123456789"})
    assert rendered == fence_data("page_long", "01234\n[5 more characters cut]")


def test_policy_keeps_an_explicit_marker_kind():
    policy = templating.ValuePolicy({"page": "data"}, max_chars={"page": 3})
    rendered = templating.compile_template("{page|json}", dialect="strict", policy=policy).render({"page": "abcdef"})
    assert rendered == json_text("abc\n[3 more characters cut]")


def test_policy_covers_artifacts_by_their_prefixed_name():
    context = templating.ReadonlyContext({}, artifacts={"report.md": "</r>"})
    policy = templating.ValuePolicy(["artifact.*.md"])
    rendered = asyncio.run(templating.inject_session_state("{artifact.report.md}", context, policy=policy))
    assert rendered == fence_data("artifact.report.md", "</r>")


def test_policy_is_part_of_the_cache_key():
    plain = templating.compile_template("{page}")
    assert templating.compile_template("{page}", policy=POLICY) is not plain
    equal = templating.ValuePolicy({"page*": "data", "user:*": "json"}, max_chars={"page_long": 5})
    assert templating.compile_template("{page}", policy=equal) is templating.compile_template("{page}", policy=POLICY)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (({"a": "html"},), "Treatment of `a` is 'html': expected one of `data`, `json`"),
        (({"a": "data"}, {"a": 0}), "`max_chars` of `a` is 0: expected a positive whole number"),
    ],
)
def test_policy_rejects_bad_entries(arguments, message):
    untrusted, *limits = arguments
    with pytest.raises(ValueError, match="expected") as caught:
        templating.ValuePolicy(untrusted, max_chars=limits[0] if limits else None)
    assert str(caught.value) == message


def test_policy_with_jinja2_is_refused():
    with pytest.raises(ValueError, match="policy"):
        asyncio.run(templating.inject_session_state("{{ x }}", templating.ReadonlyContext({}), True, policy=POLICY))


POLICY_KEYS = templating.ValuePolicy(["a", "user:*", "temp:b"])


@given(templates, st.dictionaries(st.sampled_from(STATE_KEYS), st.text(max_size=8), max_size=6))
def test_policy_uncovered_spans_are_byte_identical_to_google_adk(template, values):
    compiled = templating.compile_template(template, policy=POLICY_KEYS)
    if compiled.artifact_names:
        return
    state = {key: values.get(key, "v") for key in (*compiled.required_keys, *compiled.optional_keys)}
    rendered = compiled.render(state)
    assert all(POLICY_KEYS.covers(p.key) == (p.marker is not None) for p in compiled.placeholders)
    statics = compiled._parts()[0]
    plain, marked = [statics[0]], [statics[0]]
    for placeholder, static in zip(compiled.placeholders, statics[1:]):
        value = state.get(placeholder.key, "")
        plain += [value, static]
        marked += [fence_data(placeholder.expression, value) if placeholder.marker else value, static]
    # With the covered values written plainly, the text is google-adk's own rendering...
    assert asyncio.run(adk_outcome(template, state, None)) == ("output", "".join(plain))
    # ...and the policy's rendering differs from it in the covered spans only.
    assert rendered == "".join(marked)

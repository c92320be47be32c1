"""The fast lane of compilation: the same chunks as the full parse, and the same groups as
google-adk's own pattern."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from templating.chunks import split_chunks
from templating.chunks import split_template as _split
from templating.dialects import ADK, get_dialect
from templating.errors import TemplateSyntaxError
from templating.parser import parse
from tests.strategies import templates

# google-adk 2.13.0's pattern as it writes it; ours is rewritten to scan faster.
GOOGLE_ADK_PATTERN = r"(?<![\$\{\\]){+[^{}]*}+"


@pytest.mark.parametrize("dialect", ["adk", "strict"])
@given(text=templates)
def test_split_chunks_equals_the_full_parse(dialect, text):
    try:
        parsed_statics, parsed_placeholders = _split(parse(text, dialect=dialect))
    except TemplateSyntaxError as error:
        with pytest.raises(TemplateSyntaxError) as caught:
            split_chunks(text, get_dialect(dialect))
        assert (caught.value.args, caught.value.span) == (error.args, error.span)
        return
    statics, placeholders = split_chunks(text, get_dialect(dialect))
    assert statics == parsed_statics
    assert [(p.key, p.optional, p.artifact, p.path) for p in placeholders] == [
        (p.key, p.optional, p.artifact, p.path) for p in parsed_placeholders
    ]


@given(st.one_of(templates, st.text(alphabet="{}$\\a ?", max_size=40)))
def test_adk_group_pattern_finds_the_groups_google_adk_finds(text):
    import re

    expected = [match.span() for match in re.finditer(GOOGLE_ADK_PATTERN, text)]
    assert [match.span() for match in ADK.group_pattern.finditer(text)] == expected


def test_split_chunks_returns_a_text_without_groups_itself():
    text = "".join(["no groups ", "here"])  # noqa: FLY002 - built at run time, so not an interned constant
    assert split_chunks(text, ADK)[0][0] is text

"""Fast render functions: generated source and gather agree with a plain join, and no
template text or key can become code."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from templating import codegen
from templating.dialects.adk import format_adk_value

values = st.one_of(st.text(max_size=5), st.none(), st.integers(), st.booleans())


def _reference(statics, keys, optional, state, format_value):
    parts = [statics[0]]
    for key, is_optional, static in zip(keys, optional, statics[1:]):
        if key in state:
            parts.append(format_value(state[key]))
        elif is_optional:
            parts.append("")
        else:
            raise KeyError(key)
        parts.append(static)
    return "".join(parts)


@st.composite
def chunked_templates(draw, max_keys=8):
    keys = tuple(draw(st.lists(st.text(max_size=6), max_size=max_keys)))
    statics = tuple(draw(st.lists(st.text(max_size=10), min_size=len(keys) + 1, max_size=len(keys) + 1)))
    optional = tuple(draw(st.lists(st.booleans(), min_size=len(keys), max_size=len(keys))))
    state = draw(st.dictionaries(st.sampled_from(keys) if keys else st.just("k"), values))
    return statics, keys, optional, state


def _outcome(render, *args):
    try:
        return render(*args)
    except KeyError as error:
        return KeyError, error.args


@pytest.mark.parametrize("format_value", [format_adk_value, repr], ids=["adk", "custom"])
@pytest.mark.parametrize("limit", [0, codegen.SOURCE_LIMIT], ids=["gather", "source"])
@given(chunks=chunked_templates())
def test_build_renderer_equals_a_plain_join_for_any_text_and_keys(limit, format_value, chunks):
    statics, keys, optional, state = chunks
    render = codegen.build_renderer(statics, keys, optional, format_value, source_limit=limit)
    expected = _outcome(_reference, statics, keys, optional, state, format_value)
    assert _outcome(render, state) == expected


def test_generate_source_embeds_text_and_keys_as_literals_only():
    hostile = "'''\"\"\" + __import__('os').system('x') + {v0} \\\n"
    source = codegen.generate_source((hostile,), (False,), (hostile, hostile), True)
    namespace = {}
    exec(compile(source, "<test>", "exec"), namespace)  # noqa: S102 - runs the generated code on purpose
    assert namespace["render"]({hostile: "V"}) == hostile + "V" + hostile
    assert "__import__" not in source.replace(repr(hostile), "")


class _OwnFormat:
    """A value whose format() differs from its str(): google-adk calls str()."""

    def __format__(self, spec):
        return "format"

    def __str__(self):
        return "str"


@pytest.mark.parametrize("limit", [0, codegen.SOURCE_LIMIT], ids=["gather", "source"])
def test_build_renderer_uses_str_not_format(limit):
    render = codegen.build_renderer(("<", "|", ">"), ("a", "a"), (False, True), format_adk_value, source_limit=limit)
    assert render({"a": _OwnFormat()}) == "<str|str>"


@pytest.mark.parametrize("count", [codegen.GROUP_SIZE, codegen.GROUP_SIZE + 1, 3 * codegen.GROUP_SIZE + 2])
def test_generated_source_in_several_f_strings_renders_every_placeholder(count):
    keys = tuple(f"k{index}" for index in range(count))
    statics = tuple(f"<{index}>" for index in range(count + 1))
    optional = tuple(index % 3 == 0 for index in range(count))
    # Optional keys missing, the others alternately an int and None.
    state = {key: index if index % 2 else None for index, key in enumerate(keys) if index % 3}
    render = codegen.build_renderer(statics, keys, optional, format_adk_value)
    assert render(state) == _reference(statics, keys, optional, state, format_adk_value)

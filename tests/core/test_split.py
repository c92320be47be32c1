"""`split_static`: the static text for `static_instruction=` and the dynamic template for
`instruction=`, refusing a sentence that would be cut in two."""

import pytest

import templating
from templating.split import SplitError, split_static

POLICY = """You are a careful analyst.
Follow the policy below.

Current time: {_time}.
You are talking to {user:name}.

Never give advice on taxes.
"""


def test_split_static_keeps_lines_without_placeholders_as_static_text():
    split = split_static(POLICY)
    assert split.static == "You are a careful analyst.\nFollow the policy below.\n\n\nNever give advice on taxes.\n"
    assert split.dynamic == "Current time: {_time}.\nYou are talking to {user:name}.\n"
    assert templating.compile_template(split.dynamic).required_keys == ("_time", "user:name")


def test_split_static_renders_escapes_and_literal_groups_in_the_static_part():
    split = split_static('Reply as {"a": 1} or {{name}}.\nHi {name}.\n', dialect="strict")
    assert split.static == 'Reply as {"a": 1} or {name}.\n'
    assert split.dynamic == "Hi {name}.\n"


def test_split_static_without_placeholders_has_no_dynamic_part():
    assert split_static("Be brief.") == ("Be brief.", "")


def test_split_static_keeps_a_placeholder_spanning_lines_whole_in_adk():
    split = split_static("Intro.\nName: {\nname\n}.\nEnd.\n")
    assert split.dynamic == "Name: {\nname\n}.\n"
    assert split.static == "Intro.\nEnd.\n"


@pytest.mark.parametrize(
    ("template", "line"),
    [
        ("Answer the question of\n{user:name} politely.\n", 2),
        ("Greet {user:name} and then\nexplain the policy.\n", 2),
    ],
)
def test_split_static_refuses_a_sentence_across_both_parts(template, line):
    with pytest.raises(SplitError) as caught:
        split_static(template)
    assert caught.value.line == line
    assert "sentence" in str(caught.value)


def test_split_static_accepts_list_items_as_boundaries_and_keeps_tags_with_their_content():
    split = split_static("Rules\n- be brief\n- call {user:name} by name\n<page>\n{page}\n</page>\nBye.\n")
    assert split.dynamic == "- call {user:name} by name\n<page>\n{page}\n</page>\n"
    assert split.static == "Rules\n- be brief\nBye.\n"


def test_split_static_error_pickles_with_its_line():
    import pickle

    with pytest.raises(SplitError) as caught:
        split_static("Greet\n{name} now.\n")
    copy = pickle.loads(pickle.dumps(caught.value))
    assert (str(copy), copy.line) == (str(caught.value), 2)

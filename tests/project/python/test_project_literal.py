"""Decoding Python string literals with the source offset of every character."""

from templating.project.model.instruction import RUNTIME_VALUE
from templating.project.python.literal import DecodedText, decode_literal


def _decode(source: str) -> DecodedText:
    decoded = DecodedText()
    decode_literal(source, 0, decoded)
    return decoded


def test_decode_literal_plain_string_maps_each_character_after_the_quote():
    decoded = _decode('"a{b}"')
    assert decoded.text == "a{b}"
    assert decoded.offsets == [1, 2, 3, 4]


def test_decode_literal_escapes_map_to_their_backslash():
    decoded = _decode(r'"\t\x41\N{BULLET}{k}"')
    assert decoded.text == "\tA\u2022{k}"
    assert decoded.offsets == [1, 3, 7, 17, 18, 19]


def test_decode_literal_backslash_newline_produces_nothing():
    decoded = _decode('"""a\\\nb"""')
    assert decoded.text == "ab"
    assert decoded.offsets == [3, 6]


def test_decode_literal_raw_string_keeps_backslashes():
    assert _decode(r'r"\{x}"').text == "\\{x}"


def test_decode_literal_fstring_doubled_braces_become_single():
    decoded = _decode('f"{{k}} {v!r:>{w}}!"')
    assert decoded.text == "{k} " + RUNTIME_VALUE + "!"
    assert decoded.offsets[0] == 2 and decoded.offsets[4] == 8
    assert [i.expression for i in decoded.interpolations] == ["v!r:>{w}"]


def test_decode_literal_fstring_expression_with_nested_string_and_dict():
    decoded = _decode('f\'{ {"a": "}"}["a"] }x\'')
    assert decoded.text == RUNTIME_VALUE + "x"


def test_decode_literal_bytes_are_skipped():
    decoded = DecodedText()
    assert decode_literal('b"{x}"', 0, decoded) is False
    assert decoded.text == ""

"""The server's document store: lines and positions exactly as LSP counts them."""

import pytest
from lsprotocol import types

from templating.server.documents import Codec, Document

# Characters `str.splitlines` breaks a line at but LSP does not.
NOT_LINE_BREAKS = ["\f", "\v", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029"]


def _range(start: tuple[int, int], end: tuple[int, int]) -> types.Range:
    return types.Range(start=types.Position(*start), end=types.Position(*end))


def _edit(document: Document, start: tuple[int, int], end: tuple[int, int], text: str) -> None:
    document.apply(types.TextDocumentContentChangePartial(range=_range(start, end), text=text))


@pytest.mark.parametrize("character", NOT_LINE_BREAKS)
def test_document_lines_break_only_where_lsp_breaks(character: str):
    document = Document("file:///a.txt", f"one{character}two\r\nthree\rfour\nfive")

    assert document.lines() == [f"one{character}two", "three", "four", "five"]
    assert document.line(0) == f"one{character}two" and document.line(3) == "five"


@pytest.mark.parametrize("character", NOT_LINE_BREAKS)
def test_document_edit_after_a_character_that_is_no_line_break_lands_on_its_line(character: str):
    document = Document("file:///a.txt", f"a{character}b\nHi {{{{plan}}}}\n")

    _edit(document, (1, 3), (1, 5), "{")
    _edit(document, (1, 8), (1, 10), "}")

    assert document.text == f"a{character}b\nHi {{plan}}\n"


def test_document_utf16_positions_count_surrogate_pairs():
    document = Document("file:///a.txt", "a😀b\n")

    assert document.client_position(0, 2) == types.Position(0, 3)  # after the emoji: 1 + 2 units
    assert document.column(0, 3) == 2
    assert document.column(0, 2) == 1  # inside the pair: the emoji's start


def test_document_utf8_positions_count_bytes():
    document = Document("file:///a.txt", "é{x}\n", codec=Codec(types.PositionEncodingKind.Utf8))

    assert document.client_position(0, 1) == types.Position(0, 2)
    assert document.column(0, 3) == 2


def test_document_lone_surrogate_counts_as_one_unit():
    document = Document("file:///a.txt", "a\ud800b")

    assert document.client_position(0, 2) == types.Position(0, 2)
    assert Document("file:///a.txt", "a\ud800b", codec=Codec(types.PositionEncodingKind.Utf8)).units(0, 2) == 4


def test_document_positions_past_the_end_are_clamped_to_the_document():
    document = Document("file:///a.txt", "ab\ncd")

    assert document.offset(types.Position(0, 99)) == 2  # the end of line 0, not into line 1
    assert document.offset(types.Position(9, 0)) == 5
    assert document.client_range((7, 3), (9, 9)) == _range((1, 2), (1, 2))
    assert document.client_range((0, 5), (0, 1)) == _range((0, 2), (0, 2))


def test_document_crlf_is_one_line_break_and_edits_keep_it():
    document = Document("file:///a.txt", "ab\r\ncd\r\n")

    _edit(document, (1, 0), (1, 99), "xy")

    assert document.text == "ab\r\nxy\r\n" and document.line_length(0) == 2


def test_document_whole_text_change_replaces_everything():
    document = Document("file:///a.txt", "old")
    document.apply(types.TextDocumentContentChangeWholeDocument(text="new\u2028text"))

    assert document.lines() == ["new\u2028text"]

"""Decode Python string literals into text while remembering where each character came from.

Given the source of one literal (prefix, quotes, body) and its offset in the file, produce
the characters Python builds and the source offset of each. Escapes (``\\n``, ``\\x41``,
``\\N{...}``, a backslash before a line break), raw strings and f-strings are handled; an
f-string's ``{{`` becomes ``{`` and each ``{expression}`` becomes one
`RUNTIME_VALUE` character.
"""

from __future__ import annotations

import ast
import io
import tokenize
import unicodedata
from dataclasses import dataclass, field

from templating.memo import Memo
from templating.project.model.instruction import RUNTIME_VALUE, Interpolation, SourceFile

__all__ = ["DecodedText", "decode_expression", "decode_literal", "source_offset"]

_FSTRING_START = getattr(tokenize, "FSTRING_START", None)
_FSTRING_END = getattr(tokenize, "FSTRING_END", None)

_SIMPLE_ESCAPES = {
    "\n": "", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b",
    "f": "\f", "n": "\n", "r": "\r", "t": "\t", "v": "\v",
}  # fmt: skip
_HEX_LENGTHS = {"x": 2, "u": 4, "U": 8}
_OCTAL = "01234567"
_BRACKETS = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


@dataclass(slots=True)
class DecodedText:
    """Characters with their source offsets, built up literal by literal."""

    characters: list[str] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    interpolations: list[Interpolation] = field(default_factory=list)
    is_fstring: bool = False

    def add(self, text: str, offset: int) -> None:
        """Append ``text`` (zero or more characters) written at source ``offset``."""
        for character in text:
            self.characters.append(character)
            self.offsets.append(offset)

    def add_run(self, text: str, offset: int) -> None:
        """Append ``text`` written character for character from source ``offset`` on."""
        self.characters.extend(text)
        self.offsets.extend(range(offset, offset + len(text)))

    @property
    def text(self) -> str:
        """The decoded text so far."""
        return "".join(self.characters)


def decode_literal(source: str, base: int, into: DecodedText) -> bool:
    """Decode the literal ``source`` (starting at file offset ``base``) onto ``into``.

    Returns false, adding nothing, for a bytes literal.
    """
    prefix_length = len(source) - len(source.lstrip("rRbBuUfF"))
    prefix = source[:prefix_length].lower()
    if "b" in prefix:
        return False
    quote = source[prefix_length : prefix_length + 3]
    if quote not in ('"""', "'''"):
        quote = quote[0]
    start, end = prefix_length + len(quote), len(source) - len(quote)
    if "f" in prefix:
        into.is_fstring = True
        _decode_fstring_body(source, start, end, base, raw="r" in prefix, into=into)
    else:
        _decode_body(source, start, end, base, raw="r" in prefix, into=into)
    return True


def _decode_body(source: str, start: int, end: int, base: int, *, raw: bool, into: DecodedText) -> None:
    # Text between escapes maps one to one onto the source: it is added a run at a time.
    index = start
    while index < end:
        backslash = end if raw else source.find("\\", index, end)
        backslash = end if backslash < 0 else backslash
        into.add_run(source[index:backslash], base + index)
        if backslash < end:
            text, length = _read_escape(source, backslash)
            into.add(text, base + backslash)
            backslash += length
        index = backslash


def _decode_fstring_body(source: str, start: int, end: int, base: int, *, raw: bool, into: DecodedText) -> None:
    index = start
    while index < end:
        character = source[index]
        if character in "{}" and source[index + 1 : index + 2] == character:
            # `{{` sits at its first brace and `}}` at its second, so that a span of text
            # starting at one and ending at the other covers both in the source.
            into.add(character, base + index + (character == "}"))
            index += 2
        elif character == "{":
            close = _expression_end(source, index + 1, end)
            expression = source[index + 1 : close].strip()
            into.interpolations.append(Interpolation(len(into.characters), expression))
            into.add(RUNTIME_VALUE, base + index)
            index = close + 1
        elif character == "\\" and not raw:
            text, length = _read_escape(source, index)
            into.add(text, base + index)
            index += length
        else:
            into.add(character, base + index)
            index += 1


def _expression_end(source: str, index: int, end: int) -> int:
    """The index of the ``}`` that closes an f-string replacement field starting at ``index``."""
    depth = 0
    while index < end:
        character = source[index]
        if character in "'\"":
            closing = source.find(character, index + 1, end)
            index = end if closing < 0 else closing + 1
            continue
        if character == "}" and depth == 0:
            return index
        depth += _BRACKETS.get(character, 0)
        index += 1
    return end


def _read_escape(source: str, index: int) -> tuple[str, int]:
    """Read the escape sequence at ``source[index]`` (a backslash): its text and length."""
    letter = source[index + 1 : index + 2]
    if letter in _SIMPLE_ESCAPES:
        return _SIMPLE_ESCAPES[letter], 2
    if letter in _HEX_LENGTHS:
        digits = source[index + 2 : index + 2 + _HEX_LENGTHS[letter]]
        return chr(int(digits, 16)), 2 + len(digits)
    if letter in _OCTAL:
        length = 1
        while length < 3 and source[index + 1 + length : index + 2 + length] in tuple(_OCTAL):
            length += 1
        return chr(int(source[index + 1 : index + 1 + length], 8)), 1 + length
    if letter == "N" and source[index + 2 : index + 3] == "{":
        close = source.index("}", index)
        return unicodedata.lookup(source[index + 3 : close]), close + 1 - index
    return "\\", 1


def decode_expression(source: SourceFile, node: ast.expr) -> DecodedText:
    """Decode every string literal of ``node`` (a literal or an implicit concatenation)."""
    start = source_offset(source, node.lineno, node.col_offset)
    end = source_offset(source, node.end_lineno or node.lineno, node.end_col_offset or 0)
    text = source.text[start:end]
    segment = _DECODED.get(text, lambda: _decode_segment(text), lambda decoded: 20 * len(decoded.characters))
    return DecodedText(
        list(segment.characters), [offset + start for offset in segment.offsets],
        list(segment.interpolations), segment.is_fstring,
    )  # fmt: skip


# The decoded texts seen last, bounded by their characters (see `templating.memo`).
_DECODED: Memo[DecodedText] = Memo(4_000_000)


def _decode_segment(segment: str) -> DecodedText:
    """The literals of an expression's source text, at offsets from its start. Kept for the
    texts seen last: an editor decodes every unchanged instruction of a module again on each
    keystroke. Callers get a copy (see `decode_expression`); this one is never changed."""
    decoded = DecodedText()
    for literal_start, literal_end in _literals(segment, 0, len(segment)):
        decode_literal(segment[literal_start:literal_end], literal_start, decoded)
    return decoded


def source_offset(source: SourceFile, line: int, byte_column: int) -> int:
    """Turn ast's 1-based line and UTF-8 byte column into a character offset."""
    start = source.line_starts[line - 1]
    line_text = source.text[start : start + byte_column + 1]
    return start + len(line_text.encode("utf-8")[:byte_column].decode("utf-8", errors="ignore"))


def _literals(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The character ranges of the string literals of the expression at ``text[start:end]``.

    Only the expression is tokenized, wrapped in parentheses so that its line breaks are not
    statements; the ranges are offsets in ``text``.
    """
    segment = SourceFile("", "(" + text[start:end] + ")\n")
    shift = start - 1  # the added "(" sits at segment offset 0
    literals: list[tuple[int, int]] = []
    fstring_starts: list[int] = []
    for token in tokenize.generate_tokens(io.StringIO(segment.text).readline):
        token_start = segment.line_starts[token.start[0] - 1] + token.start[1] + shift
        token_end = segment.line_starts[token.end[0] - 1] + token.end[1] + shift
        if token.type == tokenize.STRING and not fstring_starts:
            literals.append((token_start, token_end))
        elif token.type == _FSTRING_START:
            fstring_starts.append(token_start)
        elif token.type == _FSTRING_END:
            opening = fstring_starts.pop()
            if not fstring_starts:
                literals.append((opening, token_end))
    return literals

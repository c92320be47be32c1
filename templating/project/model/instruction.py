"""What discovery hands to the rules: an instruction's text and where each character came from.

An `Instruction` is the text ADK will see (after Python's escapes, f-string braces
or YAML folding are applied) plus, for every character, its offset in the source file. A
finding inside the text is turned into a 1-based line and column of the source file with
`SourceFile.position`.
"""

from __future__ import annotations

import bisect
import re
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, field

from templating.memo import Memo
from templating.nodes import Template
from templating.parser import parse
from templating.project.model.offsets import COMPACT_FROM, Offsets
from templating.project.pickling import rebuild_from_fields

__all__ = [
    "MAX_INSTRUCTION", "RUNTIME_VALUE", "Instruction", "Interpolation", "SourceFile", "Splice", "is_key_shaped",
    "parse_instruction_text", "plain_instruction", "unread_literal",
]  # fmt: skip

#: Stands in, in an instruction's text, for a value an f-string interpolates at run time.
RUNTIME_VALUE = "\ufffc"
#: The longest instruction checked, in characters: each placeholder is a node of the parsed
#: template, so a 30 MB prompt would take minutes and gigabytes. A longer one is one TPL013
#: finding, and its keys are unknown to the project model; no real instruction is near it.
MAX_INSTRUCTION = 1_000_000


@dataclass(frozen=True, slots=True)
class SourceFile:
    """A file's display name and text, with 1-based positions computed on demand: the line
    starts are worked out when a position is first asked for, which most files never are."""

    path: str
    text: str
    _line_starts: array[int] | None = field(default=None, init=False, repr=False, compare=False)
    _line_texts: dict[int, str] | None = field(default=None, init=False, repr=False, compare=False)

    def __reduce__(self) -> tuple[type, tuple[str, str]]:
        # The line starts are cheaper to work out again than to pickle (see `rebuild_from_fields`).
        return SourceFile, (self.path, self.text)

    @property
    def line_starts(self) -> Sequence[int]:
        """The offset of the first character of each line."""
        if self._line_starts is None:
            # An array of machine integers, not a tuple of int objects: 8 bytes a line, not 40
            # (12 MB for a module of 300,000 lines).
            starts = array("q", [0])
            find = self.text.find
            index = find("\n")
            while index >= 0:
                starts.append(index + 1)
                index = find("\n", index + 1)
            object.__setattr__(self, "_line_starts", starts)
        return self._line_starts  # type: ignore[return-value]

    def position(self, offset: int) -> tuple[int, int]:
        """The 1-based line and column (in characters) of ``offset``."""
        index = bisect.bisect_right(self.line_starts, offset) - 1
        return index + 1, offset - self.line_starts[index] + 1

    def line_text(self, line: int) -> str:
        """The text of 1-based ``line``, without its line break.

        Each line is cut once and the same string handed out again: every finding on a line
        holds a reference to it, not a copy (64,000 findings on one 256 KB line would
        otherwise hold 16 GB)."""
        if self._line_texts is None:
            object.__setattr__(self, "_line_texts", {})
        texts: dict[int, str] = self._line_texts  # type: ignore[assignment]
        if line not in texts:
            start = self.line_starts[line - 1]
            end = self.line_starts[line] - 1 if line < len(self.line_starts) else len(self.text)
            texts[line] = self.text[start:end].rstrip("\r")
        return texts[line]


@dataclass(frozen=True, slots=True)
class Interpolation:
    """A value inserted at run time (an f-string value, an unresolved name in a ``+``
    concatenation): where it sits in the text, its code, and why it can carry braces
    (``None`` when it statically cannot)."""

    offset: int
    expression: str
    reason: str | None = "its value is only known at run time"

    __reduce__ = rebuild_from_fields


#: A state key as a constant spells it: a name, with a scope prefix or not (``user:name``).
_KEY_SHAPE = re.compile(r"(?:app:|user:|temp:)?[A-Za-z_]\w*")


def is_key_shaped(text: str) -> bool:
    """Whether ``text`` is spelled as a state key is (``current_document``, ``user:name``)."""
    return len(text) <= 200 and _KEY_SHAPE.fullmatch(text) is not None


@dataclass(frozen=True, slots=True)
class Splice:
    """A constant's text an interpolation put into the instruction before ADK saw it
    (``{KEY}`` in an f-string, ``${KEY}`` in a template literal): where it sits in the text
    and the expression that named it. Recorded only where the text is shaped like a state key
    (rule TPL027 asks whether braces were swallowed around it)."""

    start: int
    end: int
    expression: str

    __reduce__ = rebuild_from_fields


@dataclass(frozen=True, slots=True)
class Instruction:
    """One instruction found in a source file.

    - ``text``: what ADK sees; runtime f-string values are `RUNTIME_VALUE`;
    - ``offsets``: the source offset of each character of ``text``, plus one for its end;
    - ``field``: ``instruction``, ``global_instruction``, ``static_instruction``,
      ``inject_session_state`` or ``prompt-file``;
    - ``suppressed``: codes or names silenced by ``# noqa`` (``"ALL"`` for a bare one);
    - ``dialect``: the dialect the code that uses it names (``compile_template(text,
      dialect="strict")``), or ``None`` for the configured one;
    - ``splices``: the key-shaped constants interpolations put into the text (`Splice`).
    """

    source: SourceFile
    text: str
    #: A tuple; `Offsets` (machine integers) from `COMPACT_FROM` characters on, whatever the
    #: front end gave; a `range` when the text is the file's own characters (a prompt file: a
    #: tuple of 30 million offsets would take a gigabyte).
    offsets: tuple[int, ...] | Offsets | range
    field: str
    interpolations: tuple[Interpolation, ...] = ()
    suppressed: frozenset[str] = frozenset()
    dialect: str | None = None
    splices: tuple[Splice, ...] = ()

    __reduce__ = rebuild_from_fields

    def __post_init__(self) -> None:
        if type(self.offsets) is tuple and len(self.offsets) >= COMPACT_FROM:
            object.__setattr__(self, "offsets", Offsets(self.offsets))

    @property
    def injected(self) -> bool:
        """Whether ADK fills placeholders in this instruction (never in ``static_instruction``)."""
        return self.field != "static_instruction"

    def source_offset(self, offset: int) -> int:
        """The source offset of text offset ``offset`` (its end maps past the last character)."""
        if offset < len(self.text):
            return self.offsets[offset]
        return self.offsets[-1]

    def position(self, offset: int) -> tuple[int, int]:
        """The source file's 1-based line and column of text offset ``offset``."""
        return self.source.position(self.source_offset(offset))

    def end_position(self, end: int) -> tuple[int, int]:
        """The source position just after the character before text offset ``end``."""
        if end == 0:
            return self.position(0)
        line, column = self.source.position(self.source_offset(end - 1))
        return line, column + 1

    def is_verbatim(self, start: int, end: int) -> bool:
        """Whether text ``[start, end)`` is written character for character on one source line."""
        if end <= start:
            return False
        first = self.source_offset(start)
        last = self.source_offset(end - 1)
        return last - first == end - 1 - start and self.source.text[first : last + 1] == self.text[start:end]


def unread_literal(length: int) -> Interpolation:
    """The hole a front end leaves for a literal of ``length`` characters, longer than
    `MAX_INSTRUCTION`: never read a character at a time (each with its source offset, a 30 MB
    literal took 2 to 4 GB), it is a value the linter does not know (rule TPL010 says why)."""
    reason = f"the linter reads literals of at most {MAX_INSTRUCTION:,} characters, and this one is longer"
    return Interpolation(0, f"a literal of {length:,} characters", reason)


def plain_instruction(source: SourceFile, field: str = "prompt-file") -> Instruction:
    """An instruction that is the whole file, character for character (a prompt file)."""
    return Instruction(source, source.text, range(len(source.text) + 1), field)


# Bounded by the characters parsed, not by a count: one entry can be a 256 KB prompt.
_PARSED: Memo[Template] = Memo(4_000_000)


def parse_instruction_text(text: str, dialect: str) -> Template:
    """`templating.parser.parse`, remembering recent texts: the linter and the project model
    read each instruction one after the other. A template is immutable, so both may share it;
    a syntax error is raised again each time (errors are not cached)."""
    # A node is a few objects: a template weighs its text and some characters per node.
    return _PARSED.get((text, dialect), lambda: parse(text, dialect=dialect), lambda t: len(text) + 50 * len(t.nodes))

"""Adversarial text for a regular expression, made from the expression itself.

A pattern backtracks super-linearly when text reaches one of its repeats (a *prefix*), then
pumps something two parts of it can both consume (a *pump*), then fails (a *suffix*), or when
a search fails only at the end of the text from each of many starts (the prefix and a pump
repeated):
``^\\s*type\\s+\\w+\\s*(?:\\[...\\])?\\s*=`` on ``"type a" + " " * n + "!"``. A fixed alphabet
never writes the prefix ``type a``; this module reads the pattern's syntax tree and writes
every prefix the pattern's own elements spell, with a pump from each of its repeats and each
character it names.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

try:  # Python 3.11+
    from re import _constants as constants
    from re import _parser as parser
except ImportError:  # pragma: no cover - older Pythons
    import sre_constants as constants  # type: ignore[no-redef]
    import sre_parse as parser  # type: ignore[no-redef]

SUFFIXES = ("", "!", "\n", "\x00")
#: At most this many prefixes and pumps per pattern (evenly chosen), to keep the probe fast.
MOST = 40
REPEATS = (constants.MAX_REPEAT, constants.MIN_REPEAT, getattr(constants, "POSSESSIVE_REPEAT", None))


def _class_sample(items: list) -> str:
    """One character an ``IN`` class accepts (its first literal, range or category)."""
    negated = any(op is constants.NEGATE for op, _ in items)
    if negated:  # anything the class does not name: try a letter, a space, a brace
        excluded = {chr(value) for op, value in items if op is constants.LITERAL}
        return next((c for c in "a {}0_\n" if c not in excluded), "a")
    for op, value in items:
        if op is constants.LITERAL:
            return chr(value)
        if op is constants.RANGE:
            return chr(value[0])
        if op is constants.CATEGORY:
            name = str(value)
            if "DIGIT" in name and "NOT" not in name:
                return "0"
            if "SPACE" in name and "NOT" not in name:
                return " "
            return "a"
    return "a"


def _sample(sequence) -> str:
    """A short text the sequence of elements matches (as far as a guess can tell)."""
    return "".join(_element_sample(op, value) for op, value in sequence)


def _element_sample(op, value) -> str:
    if op is constants.LITERAL:
        return chr(value)
    if op is constants.NOT_LITERAL:
        return "a" if chr(value) != "a" else "b"
    if op is constants.ANY:
        return "a"
    if op is constants.IN:
        return _class_sample(value)
    if op is constants.SUBPATTERN:
        return _sample(value[-1])
    if op is constants.BRANCH:
        return _sample(value[1][0])
    if op in REPEATS:
        low = value[0]
        return _sample(value[2]) * max(1, min(low, 2))
    return ""  # anchors, lookarounds, back-references


def _walk(sequence, before: str) -> Iterator[tuple[str, str]]:
    """(prefix, pump) pairs: each position in the pattern with the text that reaches it, and
    for a repeat, what it repeats."""
    text = before
    for op, value in sequence:
        yield text, ""
        if op is constants.SUBPATTERN:
            yield from _walk(value[-1], text)
        elif op is constants.BRANCH:
            for alternative in value[1]:
                yield from _walk(alternative, text)
        elif op in REPEATS:
            body = _sample(value[2])
            yield text, body
            yield from _walk(value[2], text)
            yield from _walk(value[2], text + body)
        elif op in (constants.ASSERT, constants.ASSERT_NOT):
            yield from _walk(value[1], text)
        text += _element_sample(op, value)
    yield text, ""


def _characters(sequence) -> set[str]:
    """Every character the pattern names, and a sample of each class."""
    found: set[str] = set()
    for op, value in sequence:
        if op is constants.LITERAL:
            found.add(chr(value))
        elif op is constants.IN:
            found.add(_class_sample(value))
            found.update(chr(v) for o, v in value if o is constants.LITERAL)
        elif op is constants.SUBPATTERN:
            found |= _characters(value[-1])
        elif op is constants.BRANCH:
            for alternative in value[1]:
                found |= _characters(alternative)
        elif op in REPEATS:
            found |= _characters(value[2])
        elif op in (constants.ASSERT, constants.ASSERT_NOT):
            found |= _characters(value[1])
    return found


def attacks(pattern: re.Pattern) -> list[tuple[str, str, str]]:
    """(prefix, pump, suffix) triples for ``pattern``: text of ``prefix + pump * n + suffix``
    drives each of its repeats with each character it names."""
    source = pattern.pattern if isinstance(pattern.pattern, str) else pattern.pattern.decode("latin-1")
    tree = parser.parse(source, pattern.flags & ~re.UNICODE if isinstance(pattern.pattern, bytes) else pattern.flags)
    characters = sorted(_characters(list(tree)) | {"a", " ", "0", "\n", "{", "}", "."})
    places = dict.fromkeys(_walk(list(tree), ""))
    prefixes = _evenly(sorted({prefix for prefix, _ in places}))
    pumps = _evenly(sorted({pump for _, pump in places if pump})) + _evenly(characters)
    once = [(prefix, pump, suffix) for prefix in prefixes for pump in pumps for suffix in SUFFIXES]
    # The prefix and its pump over and over (`/* /* /* ...`): a search that fails only after
    # reading to the end, at each of n starts, is quadratic though no single start backtracks.
    again = [("", prefix + pump, suffix) for prefix in prefixes if prefix for pump in pumps for suffix in SUFFIXES[:2]]
    return once + again


def _evenly(items: list[str]) -> list[str]:
    """At most `MOST` of ``items``, spread over all of them."""
    step = max(1, -(-len(items) // MOST))
    return items[::step]

"""Hypothesis strategies shared by the property tests.

Templates are drawn from a brace-heavy alphabet of fragments, so that generated text hits
the corners of the grammar (brace runs, `$` and `\\` before braces, `?`, scope prefixes,
`artifact.`, every kind of whitespace Python strips and some it does not) far more often
than random text would.
"""

from __future__ import annotations

from hypothesis import strategies as st

BRACES = ["{", "}", "{{", "}}", "{{{", "}}}"]
ESCAPES = ["$", "\\", "$$", "\\\\"]
MARKS = ["?", ":", ".", "-", "[0]", "'", '"', ",", "!r", ":>10", "/", ".."]
# Whitespace Python's str.strip() removes, and characters it keeps (ZWSP, BOM, NUL).
WHITESPACE = [" ", "  ", "\t", "\n", "\r\n", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u2000", "\u2028", "\u3000"]
NOT_WHITESPACE = ["\u200b", "\ufeff", "\x00"]
NAMES = ["a", "b", "name", "x1", "_", "名前", "café", "cafe\u0301", "ﬁ", "Ⅻ", "class", "None", "1a", "0", "ͺ"]
PREFIXES = ["app:", "user:", "temp:", "session:", "APP:", "artifact.", "artifact:", "Artifact."]
WORDS = ["Hello ", " and ", "text", "JSON: ", "if (x) ", "return", "é", "\n"]

FRAGMENTS = BRACES + ESCAPES + MARKS + WHITESPACE + NOT_WHITESPACE + NAMES + PREFIXES + WORDS

#: State keys generated templates are likely to name.
STATE_KEYS = ["a", "b", "name", "x1", "_", "名前", "café", "ﬁ", "class", "None", "app:a", "user:name", "temp:b", "user:x1"]

#: Artifact names saved in generated artifact stores.
ARTIFACT_NAMES = ["a", "b", "name", "f.txt", "user:name", "notes.md"]

state_values = st.one_of(
    st.text(alphabet=st.sampled_from(["x", "{", "}", "a", " ", "é"]), max_size=6),
    st.none(),
    st.integers(-5, 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.lists(st.integers(0, 3), max_size=3),
    st.dictionaries(st.sampled_from(["k", "v"]), st.one_of(st.none(), st.integers(0, 3)), max_size=2),
)

_padding = st.sampled_from(["", "", "", *WHITESPACE, *NOT_WHITESPACE])

#: Things shaped like placeholders, valid or nearly so: braces, padding, a prefix, a name,
#: an optional marker, padding, braces.
brace_groups = st.builds(
    lambda *pieces: "".join(pieces),
    st.sampled_from(["{", "{", "{{", "{{{", "${", "\\{", ""]),
    _padding,
    st.sampled_from(["", "", "", *PREFIXES]),
    st.sampled_from(NAMES + ARTIFACT_NAMES),
    st.sampled_from(["", "", "?", "??", " ?"]),
    _padding,
    st.sampled_from(["}", "}", "}}", "}}}", ""]),
)

#: Templates mixing placeholder-shaped groups with fragments of the brace-heavy alphabet,
#: plus some arbitrary text.
templates = st.one_of(
    st.lists(st.one_of(brace_groups, st.sampled_from(FRAGMENTS)), max_size=10).map("".join),
    st.text(max_size=30),
)

#: Session states over the likely keys.
states = st.dictionaries(st.sampled_from(STATE_KEYS), state_values, min_size=2, max_size=12)

#: Artifact stores: ``None`` (no artifact service) or a map of file name to text.
artifact_stores = st.one_of(
    st.none(),
    st.dictionaries(st.sampled_from(ARTIFACT_NAMES), st.text(alphabet="ab{}? ", max_size=5), max_size=3),
)

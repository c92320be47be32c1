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
WHITESPACE = [
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x1f",
    "\x85",
    "\xa0",
    "\u2000",
    "\u2028",
    "\u3000",
]
NOT_WHITESPACE = ["\u200b", "\ufeff", "\x00"]
NAMES = ["a", "b", "name", "x1", "_", "名前", "café", "cafe\u0301", "ﬁ", "Ⅻ", "class", "None", "1a", "0", "ͺ"]  # noqa: RUF001 - a name str.isidentifier() folds
PREFIXES = ["app:", "user:", "temp:", "session:", "APP:", "artifact.", "artifact:", "Artifact."]
WORDS = ["Hello ", " and ", "text", "JSON: ", "if (x) ", "return", "é", "\n"]

FRAGMENTS = BRACES + ESCAPES + MARKS + WHITESPACE + NOT_WHITESPACE + NAMES + PREFIXES + WORDS

#: State keys generated templates are likely to name.
STATE_KEYS = [
    "a",
    "b",
    "name",
    "x1",
    "_",
    "名前",
    "café",
    "ﬁ",
    "class",
    "None",
    "app:a",
    "user:name",
    "temp:b",
    "user:x1",
]

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

# Strategies for the strict dialect.

_SEPARATORS = [" ", ". ", "\n", ", ", " - ", "$ ", "\\ "]
_LITERAL_BRACES = ['{"a": "b"}', "{-}", "{}", "{?}", "{.}", '[{"k": [1, "v"]}]', "{*}", "{'x': '1'}", "{{}}", "{:}"]

#: Templates in the part of the grammar where `adk` and `strict` agree: brace-free text,
#: `{key}` / `{key?}` placeholders with plain keys, and literal brace groups whose braces
#: touch no identifier character and no whitespace, each piece separated from the next.
common_templates = st.lists(
    st.one_of(
        st.text(alphabet=st.characters(blacklist_characters="{}"), max_size=8),
        st.builds("{{{}{}}}".format, st.sampled_from(STATE_KEYS), st.sampled_from(["", "?"])),
        st.sampled_from(_LITERAL_BRACES),
    ),
    max_size=8,
).flatmap(lambda pieces: st.sampled_from(_SEPARATORS).map(lambda separator: separator.join(pieces)))

#: States whose values render the same in both dialects: text, ``None`` and integers.
common_states = st.dictionaries(
    st.sampled_from(STATE_KEYS),
    st.one_of(st.text(alphabet="ab{} é", max_size=4), st.none(), st.integers(-5, 10**20)),
    max_size=12,
)

#: Nested JSON-like values, for paths into dicts and lists.
json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=4)),
    lambda children: st.one_of(
        st.lists(children, max_size=3), st.dictionaries(st.sampled_from(NAMES[:6]), children, max_size=3)
    ),
    max_leaves=8,
)

#: States with nested values over the likely keys.
nested_states = st.dictionaries(st.sampled_from(STATE_KEYS), json_values, max_size=12)

#: Strict-looking placeholders with paths, optional markers and escapes.
strict_groups = st.builds(
    lambda *pieces: "".join(pieces),
    st.sampled_from(["{", "{", "{{", " {", "${"]),
    st.sampled_from([*STATE_KEYS, "artifact.a", "artifact.f.txt"]),
    st.lists(st.sampled_from([".a", ".b", ".name", "[0]", "[1]", "[", ".", ".0"]), max_size=3).map("".join),
    st.sampled_from(["", "?"]),
    st.sampled_from(["}", "}", "}}", "} "]),
)

#: Templates for the strict dialect: strict-looking groups among brace-heavy fragments.
strict_templates = st.one_of(
    templates, st.lists(st.one_of(strict_groups, st.sampled_from(FRAGMENTS)), max_size=10).map("".join)
)

# Strategies for renders that fail: placeholders of keys a state may lack, artifacts a service
# may lack or fail to load, and values some dialects cannot format.


class Unprintable:
    """A state value whose text cannot be made: ``str`` raises, as a broken model's may."""

    def __str__(self) -> str:
        raise ValueError("no text for this value")

    __repr__ = __str__


#: Placeholder-shaped groups over the likely state keys, a key no state holds, artifact
#: names, data markers, paths and escapes: what a render resolves, in every dialect.
render_groups = st.builds(
    lambda opening, name, path, marker, optional, closing: f"{opening}{name}{path}{marker}{optional}{closing}",
    st.sampled_from(["{", "{", "{", "{{", "{ "]),
    st.sampled_from([*STATE_KEYS, "ghost", *(f"artifact.{name}" for name in ARTIFACT_NAMES)]),
    st.sampled_from(["", "", "", ".a", "[0]", ".name"]),
    st.sampled_from(["", "", "", "|data", "|json"]),
    st.sampled_from(["", "", "?"]),
    st.sampled_from(["}", "}", "}", "}}", " }"]),
)

#: Templates that mostly render, and fail in every way a render can.
render_templates = st.lists(st.one_of(render_groups, st.sampled_from(WORDS + BRACES)), max_size=12).map("".join)

#: States whose values some dialects cannot format, beside nested ones.
render_states = st.dictionaries(
    st.sampled_from(STATE_KEYS),
    st.one_of(json_values, st.builds(Unprintable), st.just({1, 2}), st.just(float("nan"))),
    max_size=12,
)

"""The `adk-js` dialect renders as adk-js 2.x's `injectSessionState`.

Three sources of truth: adk-js's own unit tests, as data vectors (`tests/data/adk-js/`); the
real adk-js package run by node, on the same vectors and on generated templates (installed by
`.ci/run`; without node or adk-js these tests skip, unless ``TEMPLATING_REQUIRE_ADK_JS=1``, as
in CI, makes them fail); and google-adk itself, where the ports are documented to agree.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from adk_js_oracle import AdkJs, find_module
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import FRAGMENTS, brace_groups

import templating

VECTORS = json.loads(
    (Path(__file__).parents[1] / "data" / "adk-js" / "adk-js-vectors.json").read_text(encoding="utf-8")
)


@pytest.fixture(scope="module")
def adk_js():
    module = find_module()
    if module is None:
        if os.environ.get("TEMPLATING_REQUIRE_ADK_JS") == "1":
            pytest.fail("adk-js is required here: run `npm install --prefix .adk-js @google/adk@2.0.0`")
        pytest.skip("node or adk-js is not installed (see .ci/run)")
    oracle = AdkJs(module)
    yield oracle
    oracle.close()


class _Loader:
    """An artifact service that counts loads and records when each starts and ends."""

    def __init__(self, artifacts):
        self.artifacts, self.loads, self.events = artifacts, {}, []

    async def load_artifact(self, filename):
        self.loads[filename] = self.loads.get(filename, 0) + 1
        self.events.append(("start", filename))
        await asyncio.sleep(0.01)
        self.events.append(("end", filename))
        return self.artifacts.get(filename)


def _state(vector):
    state = {}
    for key, value in vector["state"].items():
        if value == {"$circular": "self"}:
            value = {}
            value["self"] = value
        state[key] = value
    return state


async def _ours(template, state, artifacts, dialect="adk-js"):
    context = templating.ReadonlyContext(state, artifacts=artifacts)
    try:
        return {"output": await templating.inject_session_state(template, context, dialect=dialect)}
    except (templating.TemplateError, KeyError, ValueError, TypeError) as error:
        return {"error": error.args[0]}


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_adk_js_vectors_from_adk_js_tests(vector):
    loader = None if vector["artifacts"] is None else _Loader(vector["artifacts"])
    result = asyncio.run(_ours(vector["template"], _state(vector), loader))
    expect = vector["expect"]
    if "output" in expect:
        assert result == {"output": expect["output"]}
    else:
        assert "error" in result and expect["error"] in result["error"]
    for name, count in vector.get("artifact_loads", {}).items():
        assert loader.loads[name] == count
    if "concurrent_loads" in vector:
        starts = list(loader.events[: len(vector["concurrent_loads"])])
        assert starts == [("start", name) for name in vector["concurrent_loads"]]


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_adk_js_vectors_agree_with_real_adk_js(vector, adk_js):
    circular = [key for key, value in vector["state"].items() if value == {"$circular": "self"}]
    state = {key: value for key, value in vector["state"].items() if key not in circular}
    real = adk_js.render(vector["template"], state, vector["artifacts"], circular)
    ours = asyncio.run(_ours(vector["template"], _state(vector), vector["artifacts"]))
    assert ours == real


# Probes of the corners where adk-js differs from google-adk, each checked against real adk-js.
PROBES = [
    ("{d} {l} {n} {t} {f} {z}", {"d": {"a": [1, None]}, "l": [1.5, True], "n": 1.0, "t": True, "f": 2.5e-7, "z": None}),
    ("${n} \\{n} {{n}} {  n  }", {"n": 10**21}),
    ("{toString} {constructor} {__proto__} {valueOf?}", {}),
    ("{__proto__}", {"__proto__": 1}),
    ("{名前} {café} {a\ufeff} {\ufeffa} {\x1ca}", {"名前": "x", "café": "y", "a": "z"}),
    ("{o}", {"o": {"b": 1, "2": 2, "1": 3, "01": 4, "-1": 5}}),
    ("{artifact.x} {missing}", {}),
    ("{artifact.e} {artifact.e?}", {}),
    ("{artifact.zero?}{artifact.no?}{artifact.one}", {}),
    ("{artifact.zero}", {}),
]


@pytest.mark.parametrize(("template", "state"), PROBES)
def test_adk_js_probes_agree_with_real_adk_js(template, state, adk_js):
    artifacts = {"x": {"inlineData": {"mimeType": "a/b", "data": "AAE="}}, "e": "", "zero": 0, "no": False, "one": 1}
    assert asyncio.run(_ours(template, state, artifacts)) == adk_js.render(template, state, artifacts)


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**20), 10**20),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet=st.sampled_from(["x", "{", "}", "é", " ", '"', "\\", "\n", "\x01"]), max_size=5),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", "1", "0", "10", "01", "x y"]), children, max_size=3),
    ),
    max_leaves=6,
)
js_keys = [
    "a",
    "b",
    "name",
    "x1",
    "_",
    "名前",
    "café",
    "app:a",
    "user:name",
    "temp:b",
    "toString",
    "constructor",
    "__proto__",
]
js_states = st.dictionaries(st.sampled_from(js_keys), json_values, max_size=8)
js_templates = st.lists(
    st.one_of(
        brace_groups, st.sampled_from(FRAGMENTS), st.sampled_from(["{toString}", "{constructor?}", "{__proto__}"])
    ),
    max_size=10,
).map("".join)
js_artifacts = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(["a", "b", "name", "f.txt", "notes.md"]),
        st.one_of(st.text(alphabet="ab{}? ", max_size=5), st.builds(lambda text: {"text": text}, st.text(max_size=3))),
        max_size=3,
    ),
)


@settings(max_examples=1000, deadline=None)
@given(template=js_templates, state=js_states, artifacts=js_artifacts)
def test_adk_js_dialect_equals_real_adk_js_on_generated_templates(template, state, artifacts, adk_js):
    assert asyncio.run(_ours(template, state, artifacts)) == adk_js.render(template, state, artifacts)


# Where the ports are documented to agree: text and integer values, ASCII names, whitespace
# both ports strip, no `$` or `\` before a brace, no artifacts.
_AGREED_NAMES = [
    "a",
    "b",
    "name",
    "x1",
    "_",
    "app:a",
    "user:name",
    "temp:b",
    "class",
    "None",
    "1a",
    "a b",
    "app:",
    "x:y",
]
agreed_groups = st.builds(
    lambda *pieces: "".join(pieces),
    st.sampled_from(["{", "{{", "{{{"]),
    st.sampled_from(["", " ", "\t", "\n", "\u3000"]),
    st.sampled_from(_AGREED_NAMES),
    st.sampled_from(["", "?"]),
    st.sampled_from(["", " ", "\n"]),
    st.sampled_from(["}", "}}", "}}}"]),
)
agreed_templates = st.lists(
    st.one_of(agreed_groups, st.sampled_from(["Hello ", " and ", "{", "}", ": ", "\n", "—", '{"k": 1}'])), max_size=8
).map("".join)
agreed_states = st.dictionaries(
    st.sampled_from(["a", "b", "name", "x1", "_", "app:a", "user:name", "temp:b", "class", "None"]),
    st.one_of(st.text(alphabet="ab{} é", max_size=4), st.integers(-(10**15), 10**15)),
    max_size=8,
)


@settings(max_examples=500, deadline=None)
@given(template=agreed_templates, state=agreed_states)
def test_adk_js_and_adk_agree_where_the_ports_agree(template, state):
    def outcome(dialect):
        context = templating.ReadonlyContext(state)
        try:
            return asyncio.run(templating.inject_session_state(template, context, dialect=dialect))
        except templating.MissingKeyError as error:
            return ("missing", error.key)

    assert outcome("adk-js") == outcome("adk")

"""The `adk-ts` dialect against the real ADK-TS (IQAI's `@iqai/adk` 0.5.9), run by node.

`.ci/run` installs the package; without node or it these tests skip, unless
``TEMPLATING_REQUIRE_ADK_TS=1`` (as in CI) makes them fail. ADK-TS's own unit tests are
vectors in `tests/data/ports/adk-ts-vectors.json` (run by `test_port_dialects.py` too); here the
same vectors, probes of each corner of the port table and generated templates, states and
artifacts must give the real package's output or error message exactly.
"""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest
from adk_ts_oracle import AdkTs, find_package
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import FRAGMENTS

import templating

VECTORS = json.loads((Path(__file__).parents[1] / "data" / "ports" / "adk-ts-vectors.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def adk_ts():
    package = find_package()
    if package is None:
        if os.environ.get("TEMPLATING_REQUIRE_ADK_TS") == "1":
            pytest.fail("ADK-TS is required here: run `npm install --prefix .adk-ts @iqai/adk@0.5.9 langfuse`")
        pytest.skip("node or ADK-TS (@iqai/adk with langfuse) is not installed in .adk-ts (see .ci/run)")
    oracle = AdkTs(package)
    yield oracle
    oracle.close()


async def _ours(template, state, artifacts):
    context = templating.ReadonlyContext(state, artifacts=artifacts)
    try:
        return {"output": await templating.inject_session_state(template, context, dialect="adk-ts")}
    except templating.TemplateError as error:
        return {"error": error.args[0]}


@pytest.mark.parametrize("vector", VECTORS, ids=[vector["id"] for vector in VECTORS])
def test_adk_ts_vectors_agree_with_real_adk_ts(vector, adk_ts):
    real = adk_ts.render(vector["template"], vector["state"], vector["artifacts"])
    assert asyncio.run(_ours(vector["template"], vector["state"], vector["artifacts"])) == real


# One probe per row of the port table, and the corners of ADK-TS's paths.
PROBES = [
    ("{{x}} {{x}|{x}}} ${x} \\{x} {x}", {"x": "X"}),
    ("{ x } {\u00a0x\u00a0} {\ufeffx} {\x1cx}", {"x": "X"}),
    ("{$x} {café} {名前} {_a1}", {"$x": 1, "café": 2, "名前": 3, "_a1": 4}),
    (
        "{d} {l} {n} {t} {f} {e} {z}",
        {"d": {"b": 1, "2": [], "1": {}}, "l": [1.5, True, None], "n": 2.0, "t": True, "f": 1e6, "e": 1e21, "z": None},
    ),
    (
        "{a.b} {a.b.c?} {a[0]?} {l[1]} {l.length} {s.length} {s[1]} {s.0?}",
        {"a": {"b": "B"}, "l": ["p", "q"], "s": "h😀"},
    ),
    (
        "{a['k.x']} {a[\"k'y\"]} {a..b} {a.} {a[b]} {user:p.name}",
        {"a": {"k.x": 1, "k'y": 2, "b": 3}, "user:p": {"name": "N"}},
    ),
    ("{constructor} {toString} {__proto__} {a.toString} {a.constructor}", {"a": {}}),
    ("{missing.path}", {}),
    ("{artifact.p} {artifact.s} {artifact.none?}", {}),
    ("{artifact.empty}", {}),
    ("{artifact.zero?}|{artifact.p?}", {}),
    ("{missing} {artifact.p}", {}),
]


@pytest.mark.parametrize(("template", "state"), PROBES)
def test_adk_ts_probes_agree_with_real_adk_ts(template, state, adk_ts):
    artifacts = {"p": {"text": "T"}, "s": "plain", "empty": "", "zero": 0}
    for loaded in (artifacts, None):
        assert asyncio.run(_ours(template, state, loaded)) == adk_ts.render(template, state, loaded)


json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**15), 10**15),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(alphabet=st.sampled_from(["x", "{", "}", "é", " ", '"', "\\", "\n", "😀"]), max_size=5),
)
json_values = st.recursive(
    json_scalars,
    lambda children: st.one_of(
        st.lists(children, max_size=3),
        st.dictionaries(st.sampled_from(["a", "b", "1", "0", "10", "01", "x y", "k.x"]), children, max_size=3),
    ),
    max_leaves=6,
)
ts_keys = ["a", "b", "name", "x1", "_", "$d", "名前", "app:a", "user:name", "temp:b", "toString", "constructor"]
ts_states = st.dictionaries(st.sampled_from(ts_keys), json_values, max_size=8)
# A path after a member every JavaScript object inherits (`{toString.length}`) reads the
# properties of a function, which the dialect does not model (it says the key is missing), and
# so do methods of arrays and strings (`{list.map}`): those are left out here.
_INHERITED = ["toString", "constructor"]
_SUFFIXES = ["", ".a", ".b", "[0]", "[1]", ".length", "['k.x']", '["a"]', "..a", ".", "[", ".1"]
ts_names = st.builds(
    lambda prefix, opening, name_and_suffix, optional, closing: prefix + opening + name_and_suffix + optional + closing,
    st.sampled_from(["", "{", "{{", "$", "\\"]),
    st.sampled_from(["{", "{ ", "{\u00a0", "{\n"]),
    st.one_of(
        st.tuples(
            st.sampled_from(
                [key for key in ts_keys if key not in _INHERITED]
                + ["artifact.a", "artifact.f.txt", "1a", "a-b", "app:", "x:y"]
            ),
            st.sampled_from(_SUFFIXES),
        ).map("".join),
        st.sampled_from(_INHERITED),
    ),
    st.sampled_from(["", "?"]),
    st.sampled_from(["}", " }", "}}", "}}}"]),
)
ts_templates = st.lists(st.one_of(ts_names, st.sampled_from(FRAGMENTS)), max_size=8).map("".join)
ts_artifacts = st.one_of(
    st.none(),
    st.dictionaries(
        st.sampled_from(["a", "b", "f.txt"]),
        st.one_of(st.text(alphabet="ab{}? ", max_size=5), st.builds(lambda text: {"text": text}, st.text(max_size=3))),
        max_size=3,
    ),
)


@settings(max_examples=1000, deadline=None)
@given(template=ts_templates, state=ts_states, artifacts=ts_artifacts)
def test_adk_ts_dialect_equals_real_adk_ts_on_generated_templates(template, state, artifacts, adk_ts):
    assert asyncio.run(_ours(template, state, artifacts)) == adk_ts.render(template, state, artifacts)

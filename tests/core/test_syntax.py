"""The dialect rules: strict names and paths, artifact names, JSON values, and the strict
rendering vectors under ``tests/data/strict-vectors.json``."""

import json
from pathlib import Path

import pydantic
import pytest

import templating
from templating.dialects import get_dialect
from templating.dialects.strict import (
    check_artifact_name,
    format_json_value,
    read_strict_name,
)

VECTORS = json.loads((Path(__file__).parents[1] / "data" / "strict-vectors.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("vector", VECTORS, ids=lambda vector: vector["id"])
def test_syntax_strict_vectors_render_exactly(vector):
    compiled = templating.compile_template(vector["template"], dialect="strict")
    if "output" in vector:
        assert compiled.render(vector["state"], agent_name="agent") == vector["output"]
    else:
        with pytest.raises(KeyError) as caught:
            compiled.render(vector["state"], agent_name="agent")
        assert caught.value.args[0] == vector["message"]


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("name", ("name", ())),
        ("user:profile.name", ("user:profile", ("name",))),
        ("items[0].title", ("items", (0, "title"))),
        ("a[10][2]", ("a", (10, 2))),
        ("temp:x.y.z", ("temp:x", ("y", "z"))),
        ("名前.café", ("名前", ("café",))),
    ],
)
def test_syntax_read_strict_name_splits_key_and_path(name, expected):
    assert read_strict_name(name) == expected


@pytest.mark.parametrize(
    "name",
    [
        "",
        "1a",
        "a-b",
        "a.",
        ".a",
        "a..b",
        "a[",
        "a[0",
        "a[]",
        "a[01]",
        "a[-1]",
        "a[x]",
        "a.0",
        "a[٣]",
        "foo:x",
        "app:",
        "app:a:b",
        "a b",
        "a?",
    ],
)
def test_syntax_read_strict_name_rejects_what_is_not_a_name(name):
    assert read_strict_name(name) is None


@pytest.mark.parametrize("name", ["f.txt", "notes/today.md", "user:profile.txt", "a..b", ".hidden", "dir/.x"])
def test_syntax_check_artifact_name_accepts_relative_file_names(name):
    assert check_artifact_name(name) is None


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Artifact name is empty: expected a file name after `artifact.`"),
        ("a b", "Artifact name `a b` contains whitespace: expected a file name without whitespace"),
        ("a{b", "Artifact name `a{b` contains a brace: expected a file name without braces"),
        ("/etc/passwd", "Artifact name `/etc/passwd` is absolute: expected a relative file name"),
        ("\\share", "Artifact name `\\share` is absolute: expected a relative file name"),
        ("C:/x", "Artifact name `C:/x` is absolute: expected a relative file name"),
        ("../x", "Artifact name `../x` has a `..` segment: expected a file name inside the artifact store"),
        ("a\\..\\b", "Artifact name `a\\..\\b` has a `..` segment: expected a file name inside the artifact store"),
        ("..", "Artifact name `..` has a `..` segment: expected a file name inside the artifact store"),
    ],
)
def test_syntax_check_artifact_name_says_what_is_wrong(name, message):
    assert check_artifact_name(name) == message


class _Profile(pydantic.BaseModel):
    name: str
    tags: list[str]


@pytest.mark.parametrize(
    ("value", "text"),
    [
        ("as is", "as is"),
        (None, ""),
        (True, "true"),
        (False, "false"),
        (42, "42"),
        (2**70, "1180591620717411303424"),
        (1.5, "1.5"),
        (1e16, "1e+16"),
        (float("nan"), "NaN"),
        ({"a": [1, None]}, '{"a": [1, null]}'),
        ((1, "é"), '[1, "é"]'),
        ([], "[]"),
        ({1: "int key"}, '{"1": "int key"}'),
        (_Profile(name="Ada", tags=["x"]), '{"name": "Ada", "tags": ["x"]}'),
        ({"nested": _Profile(name="B", tags=[])}, '{"nested": {"name": "B", "tags": []}}'),
    ],
)
def test_syntax_format_json_value(value, text):
    assert format_json_value(value) == text


@pytest.mark.parametrize("value", [{1, 2}, b"bytes", object(), {(1, 2): "tuple key"}])
def test_syntax_format_json_value_rejects_what_json_cannot_hold(value):
    with pytest.raises((TypeError, ValueError)):
        format_json_value(value)


def test_syntax_get_dialect_knows_both_dialects():
    assert get_dialect("adk").name == "adk"
    assert get_dialect("strict").name == "strict"
    assert get_dialect("strict").escapes and not get_dialect("adk").escapes

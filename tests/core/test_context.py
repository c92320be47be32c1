"""ReadonlyContext: nothing reachable from it can change the caller's state."""

import pytest

from templating import ReadonlyContext, State, compile_template


def nested_state() -> dict:
    return {"name": "Ada", "items": [1, {"n": 1}], "profile": {"tags": ["a"]}, "pair": (1, [2])}


def test_context_state_writes_raise_type_error():
    context = ReadonlyContext({"a": 1})
    with pytest.raises(TypeError):
        context.state["a"] = 2  # type: ignore[index]
    with pytest.raises(TypeError):
        del context.state["a"]  # type: ignore[attr-defined]
    for method in ("update", "pop", "setdefault", "clear", "set", "delete"):
        assert not hasattr(context.state, method)
    assert context.state == {"a": 1}


def test_context_top_level_is_a_snapshot():
    state = {"a": 1}
    context = ReadonlyContext(state)
    state["a"] = 2
    state["b"] = 3
    assert dict(context.state) == {"a": 1}


def test_context_nested_values_read_through_it_cannot_change_the_callers_state():
    state = nested_state()
    context = ReadonlyContext(state)
    context.state["items"].append(2)
    context.state["items"][1]["n"] = 5
    context.state["profile"]["tags"].append("b")
    context.state.get("profile")["new"] = True
    context.state["pair"][1].append(3)
    for value in context.state.values():
        if isinstance(value, list):
            value.clear()
    for value in context.state.values():
        if isinstance(value, dict):
            value.clear()
    assert state == nested_state()
    assert dict(context.state) == nested_state()


def test_context_over_our_state_cannot_change_it():
    state = State({"items": [1]}, {"profile": {"tags": ["a"]}})
    context = ReadonlyContext(state)
    context.state["items"].append(2)
    context.state["profile"]["tags"].append("b")
    assert state.to_dict() == {"items": [1], "profile": {"tags": ["a"]}}
    assert dict(state.delta) == {"profile": {"tags": ["a"]}}


def test_context_immutable_values_are_handed_out_as_they_are():
    text = "a" * 100
    context = ReadonlyContext({"text": text})
    assert context.state["text"] is text


def test_context_uncopyable_value_raises_type_error_naming_the_key():
    class Uncopyable:
        def __deepcopy__(self, memo):
            raise RuntimeError("no copies")

    context = ReadonlyContext({"handle": Uncopyable()})
    with pytest.raises(TypeError, match="`handle`"):
        context.state["handle"]


async def test_context_renders_nested_values_as_adk_does():
    context = ReadonlyContext(nested_state())
    rendered = await compile_template("{items} {profile}").render_async(context)
    assert rendered == "[1, {'n': 1}] {'tags': ['a']}"


async def test_context_rendering_still_copies_when_one_value_is_a_container():
    class Uncopyable:
        def __deepcopy__(self, memo):
            raise RuntimeError("no copies")

    context = ReadonlyContext({"name": "Ada", "handle": Uncopyable()})
    with pytest.raises(TypeError, match="`handle`"):
        await compile_template("{name} {handle}").render_async(context)


async def test_context_of_immutable_values_renders_as_the_read_only_mapping_does():
    state = {"name": "Ada", "count": 3, "ratio": 0.5, "flag": False, "nothing": None, "raw": b"x"}
    context = ReadonlyContext(state)
    template = compile_template("{name} {count} {ratio} {flag} {nothing} {raw} {missing?}")
    assert await template.render_async(context) == "Ada 3 0.5 False  b'x' "
    state["name"] = "changed"  # the context keeps its snapshot
    assert await template.render_async(context) == "Ada 3 0.5 False  b'x' "

"""State: current values plus a pending delta, scopes, and value checking."""

from collections.abc import Mapping

import pytest

from templating import Scope, State, scope_of


def test_state_prefixes_are_adks():
    assert (State.APP_PREFIX, State.USER_PREFIX, State.TEMP_PREFIX) == ("app:", "user:", "temp:")


@pytest.mark.parametrize(
    ("key", "scope"),
    [
        ("app:theme", Scope.APP),
        ("user:name", Scope.USER),
        ("temp:scratch", Scope.TEMP),
        ("step", Scope.SESSION),
        ("xyz:anything", Scope.SESSION),
        ("APP:upper", Scope.SESSION),
        ("", Scope.SESSION),
    ],
)
def test_scope_of_reads_the_prefix(key, scope):
    assert scope_of(key) is scope


def test_scope_of_rejects_a_non_string_key():
    with pytest.raises(TypeError, match="int"):
        scope_of(3)


def test_state_is_a_mapping_reading_delta_over_value():
    state = State({"a": 1, "b": 2}, {"b": 3, "c": 4})
    assert isinstance(state, Mapping)
    assert state["b"] == 3
    assert state.get("c") == 4
    assert state.get("missing", "default") == "default"
    assert "a" in state and "z" not in state
    assert sorted(state) == ["a", "b", "c"]
    assert len(state) == 3
    assert state.to_dict() == {"a": 1, "b": 3, "c": 4}


def test_state_missing_key_raises_key_error():
    with pytest.raises(KeyError):
        State({}, {})["missing"]


def test_state_set_records_the_value_and_the_delta():
    value, delta = {"a": 1}, {}
    state = State(value, delta)
    assert not state.has_delta()
    state["a"] = 2
    state.set("user:name", "Ada")
    assert state.has_delta()
    assert delta == {"a": 2, "user:name": "Ada"}
    assert value == {"a": 2, "user:name": "Ada"}
    assert state.delta == {"a": 2, "user:name": "Ada"}


def test_state_update_sets_every_key():
    state = State()
    state.update({"a": 1, "temp:b": [1, 2]})
    assert state.to_dict() == {"a": 1, "temp:b": [1, 2]}
    assert dict(state.delta) == {"a": 1, "temp:b": [1, 2]}


def test_state_update_checks_every_value_before_writing_any():
    state = State()
    with pytest.raises(TypeError):
        state.update({"a": 1, "b": object()})
    assert state.to_dict() == {} and not state.has_delta()


def test_state_delete_removes_the_key_from_value_and_delta():
    state = State({"a": 1}, {"a": 2, "b": 3})
    state.delete("a")
    assert "a" not in state
    assert state.to_dict() == {"b": 3}
    assert dict(state.delta) == {"b": 3}
    with pytest.raises(KeyError, match="'a'"):
        state.delete("a")


def test_state_delta_view_is_read_only():
    state = State({}, {"a": 1})
    with pytest.raises(TypeError):
        state.delta["a"] = 2


def test_state_to_dict_is_a_copy():
    state = State({"a": 1}, {})
    state.to_dict()["a"] = 5
    assert state["a"] == 1


@pytest.mark.parametrize("value", [None, True, 1, 1.5, "text", [1, "a"], {"k": [None, {"n": 1}]}])
def test_state_accepts_json_values(value):
    state = State()
    state["k"] = value
    assert state["k"] == value


@pytest.mark.parametrize(
    ("value", "type_name"),
    [(object(), "object"), (lambda: 1, "function"), ({"nested": [object()]}, "dict")],
)
def test_state_rejects_a_value_that_is_not_json_naming_key_and_type(value, type_name):
    state = State()
    with pytest.raises((TypeError, ValueError)) as raised:
        state["my_key"] = value
    message = str(raised.value)
    assert "my_key" in message and type_name in message
    assert "my_key" not in state


def test_state_rejects_a_circular_value():
    loop: list = []
    loop.append(loop)
    with pytest.raises((TypeError, ValueError), match="loop"):
        State().set("loop", loop)


@pytest.mark.parametrize("key", [1, None, ("a",)])
def test_state_rejects_a_non_string_key(key):
    with pytest.raises(TypeError, match="key"):
        State()[key] = 1


def test_state_renders_as_template_state():
    from templating import compile_template

    state = State({"name": "Ada"}, {"user:lang": "fr"})
    assert compile_template("{name} speaks {user:lang}").render(state) == "Ada speaks fr"

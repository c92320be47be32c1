"""InMemoryStateStore: scoping, copies, errors, threads, and equality with google-adk."""

import threading

import pytest

from templating import InMemoryStateStore

IDS = {"app_name": "app", "user_id": "user", "session_id": "s1"}


def make_store(*sessions: tuple[str, str, str]) -> InMemoryStateStore:
    store = InMemoryStateStore()
    for app_name, user_id, session_id in sessions:
        store.create(app_name=app_name, user_id=user_id, session_id=session_id)
    return store


def view(store: InMemoryStateStore, app_name: str, user_id: str, session_id: str) -> dict:
    return dict(store.get(app_name=app_name, user_id=user_id, session_id=session_id))


def test_store_create_returns_the_scoped_initial_state_without_temp_keys():
    store = InMemoryStateStore()
    created = store.create(**IDS, state={"a": 1, "app:b": 2, "user:c": 3, "temp:d": 4, "xyz:e": 5})
    assert dict(created) == {"a": 1, "app:b": 2, "user:c": 3, "xyz:e": 5}
    assert dict(store.get(**IDS)) == dict(created)


def test_store_shares_app_values_across_users_and_user_values_across_sessions():
    store = make_store(("app", "ann", "s1"), ("app", "ann", "s2"), ("app", "bob", "s3"), ("other", "ann", "s1"))
    store.apply_delta(app_name="app", user_id="ann", session_id="s1", delta={"app:x": 1, "user:y": 2, "z": 3})
    assert view(store, "app", "ann", "s1") == {"app:x": 1, "user:y": 2, "z": 3}
    assert view(store, "app", "ann", "s2") == {"app:x": 1, "user:y": 2}
    assert view(store, "app", "bob", "s3") == {"app:x": 1}
    assert view(store, "other", "ann", "s1") == {}


def test_store_keeps_none_values_and_drops_temp_keys():
    store = make_store(("app", "user", "s1"))
    store.apply_delta(**IDS, delta={"a": None, "temp:b": 1, "user:c": None})
    assert dict(store.get(**IDS)) == {"a": None, "user:c": None}


def test_store_values_are_copied_in_and_out():
    store = make_store(("app", "user", "s1"))
    items = [1]
    store.apply_delta(**IDS, delta={"items": items})
    items.append(2)
    read = store.get(**IDS)
    read["items"].append(3)
    assert store.get(**IDS)["items"] == [1]
    with pytest.raises(TypeError):
        read["items"] = []  # type: ignore[index]


@pytest.mark.parametrize("call", ["get", "apply_delta"])
def test_store_unknown_session_raises_key_error_naming_it(call):
    store = make_store(("app", "user", "s1"))
    arguments = {"app_name": "app", "user_id": "someone", "session_id": "s9"}
    if call == "apply_delta":
        arguments["delta"] = {"a": 1}
    with pytest.raises(KeyError, match="'s9' for user 'someone' in app 'app'"):
        getattr(store, call)(**arguments)


def test_store_create_twice_raises_value_error():
    store = make_store(("app", "user", "s1"))
    with pytest.raises(ValueError, match="'s1' for user 'user' in app 'app' already exists"):
        store.create(**IDS)


def test_store_strips_the_session_id_as_adk_does():
    store = make_store(("app", "user", " s1 "))
    store.apply_delta(**IDS, delta={"a": 1})
    assert dict(store.get(app_name="app", user_id="user", session_id="s1 ")) == {"a": 1}


def test_store_rejects_bad_keys_values_and_ids_without_writing():
    store = make_store(("app", "user", "s1"))
    with pytest.raises(TypeError, match="key"):
        store.apply_delta(**IDS, delta={1: "a"})
    with pytest.raises(TypeError, match="`b`"):
        store.apply_delta(**IDS, delta={"a": 1, "b": object()})
    with pytest.raises(TypeError, match="user_id"):
        store.get(app_name="app", user_id=None, session_id="s1")
    with pytest.raises(ValueError, match="session_id"):
        store.create(app_name="app", user_id="user", session_id="  ")
    assert dict(store.get(**IDS)) == {}


def test_store_concurrent_deltas_lose_no_key():
    store = make_store(("app", "user", "s1"), ("app", "other", "s2"))
    threads_count, writes = 16, 200

    def write(thread: int) -> None:
        for index in range(writes):
            session = IDS if index % 2 else {"app_name": "app", "user_id": "other", "session_id": "s2"}
            store.apply_delta(**session, delta={f"app:{thread}-{index}": index, f"user:{thread}-{index}": index})

    threads = [threading.Thread(target=write, args=(number,)) for number in range(threads_count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state = store.get(**IDS)
    app_keys = [key for key in state if key.startswith("app:")]
    user_keys = [key for key in state if key.startswith("user:")]
    assert len(app_keys) == threads_count * writes
    assert len(user_keys) == threads_count * writes // 2

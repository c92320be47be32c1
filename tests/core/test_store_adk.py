"""Differential test: InMemoryStateStore against google-adk's InMemorySessionService.

A hypothesis state machine runs the same random sequence of session creations, events
with state deltas, and reads against both, over a few apps, users, sessions and every
prefix, and checks after each step that every session sees the same state in both.
"""

import asyncio
import os

from google.adk.errors.already_exists_error import AlreadyExistsError
from google.adk.events import Event, EventActions
from google.adk.sessions import InMemorySessionService
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from templating import InMemoryStateStore

APPS = st.sampled_from(["app", "other-app"])
USERS = st.sampled_from(["ann", "bob"])
# " s1" is the same session as "s1" to both services: google-adk strips session ids.
SESSIONS = st.sampled_from(["s1", "s2", " s1"])
KEYS = st.builds(
    lambda prefix, name: prefix + name,
    st.sampled_from(["", "app:", "user:", "temp:", "xyz:"]),
    st.sampled_from(["k", "m", ""]),
)
SCALARS = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=2), inner, max_size=2),
    max_leaves=4,
)
DELTAS = st.dictionaries(KEYS, VALUES, max_size=4)

STEPS_PER_EXAMPLE = 50
EXAMPLES = 100 if os.environ.get("CI") else 20

#: Steps run across every example of this session, reported by the test.
steps_run = 0


class StoreMatchesAdk(RuleBasedStateMachine):
    """Drive our store and google-adk's service with the same calls."""

    def __init__(self) -> None:
        super().__init__()
        self.loop = asyncio.new_event_loop()
        self.service = InMemorySessionService()
        self.store = InMemoryStateStore()
        self.created: set[tuple[str, str, str]] = set()

    def teardown(self) -> None:
        self.loop.close()

    def run(self, coroutine):
        return self.loop.run_until_complete(coroutine)

    def count_step(self) -> None:
        global steps_run  # noqa: PLW0603 - counts the steps of every generated run, across machines
        steps_run += 1

    @rule(app_name=APPS, user_id=USERS, session_id=SESSIONS, state=st.none() | DELTAS)
    def create(self, app_name, user_id, session_id, state):
        self.count_step()
        ids = {"app_name": app_name, "user_id": user_id, "session_id": session_id}
        try:
            session = self.run(self.service.create_session(**ids, state=state))
        except AlreadyExistsError:
            try:
                self.store.create(**ids, state=state)
            except ValueError:
                return
            raise AssertionError("our store created a session google-adk says exists") from None
        assert dict(self.store.create(**ids, state=state)) == session.state
        self.created.add((app_name, user_id, session_id))

    @rule(app_name=APPS, user_id=USERS, session_id=SESSIONS, delta=DELTAS)
    def append_event(self, app_name, user_id, session_id, delta):
        self.count_step()
        ids = {"app_name": app_name, "user_id": user_id, "session_id": session_id}
        session = self.run(self.service.get_session(**ids))
        if session is None:
            self.expect_unknown(self.store.apply_delta, ids, delta=delta)
            return
        event = Event(author="user", invocation_id="invocation", actions=EventActions(state_delta=dict(delta)))
        self.run(self.service.append_event(session, event))
        self.store.apply_delta(**ids, delta=delta)

    @rule(app_name=APPS, user_id=USERS, session_id=SESSIONS)
    def get(self, app_name, user_id, session_id):
        self.count_step()
        ids = {"app_name": app_name, "user_id": user_id, "session_id": session_id}
        session = self.run(self.service.get_session(**ids))
        if session is None:
            self.expect_unknown(self.store.get, ids)
        else:
            assert dict(self.store.get(**ids)) == session.state

    def expect_unknown(self, call, ids, **arguments) -> None:
        try:
            call(**ids, **arguments)
        except KeyError:
            return
        raise AssertionError(f"our store knows a session google-adk does not: {ids}")

    @invariant()
    def every_session_sees_the_same_state(self):
        for app_name, user_id, session_id in self.created:
            ids = {"app_name": app_name, "user_id": user_id, "session_id": session_id}
            expected = self.run(self.service.get_session(**ids)).state
            assert dict(self.store.get(**ids)) == expected


StoreMatchesAdk.TestCase.settings = settings(max_examples=EXAMPLES, stateful_step_count=STEPS_PER_EXAMPLE)


class TestStoreMatchesAdk(StoreMatchesAdk.TestCase):
    """The state machine, collected by pytest."""

    def tearDown(self) -> None:
        print(f"\nstore state machine: {steps_run} steps")  # shown with `pytest -s`
        super().tearDown()
